/**
 * A GET request a route's page sends first when it opens: the endpoint's path under `/api/` (as the
 * wire map writes it) and its query. The shell's entry starts it with the stored session while the
 * page's code downloads, and hands it to the data layer under the key the page's own query has
 * (docs/decisions/025). Data only (no yup): the shell's entry chunk reads it.
 */
export type RouteRequest = {
  path: string;
  query: Readonly<Record<string, string | number | boolean | null | undefined>>;
  /**
   * Asked again on every entry to the route, even when a fresh answer is cached (the cached one shows
   * meanwhile), because other pages change it (the dashboard's "Get started" checks). Asked once a
   * visit: the page's own query keeps the default fresh time, so it uses the entry's answer instead of
   * asking a second time when it mounts.
   */
  everyVisit?: true;
};
