/**
 * Route data prefetch (docs/decisions/013): the shell's entry starts a route's first GET requests
 * while the route's code is still downloading, and the kit's API client answers the page's identical
 * request with that response instead of sending it again. Shell and remotes are separate builds
 * that share no module for this, so they meet on a `window` property named here, and both derive
 * the request's identity with `prefetchKey`.
 */

/** A query as the portal's client takes it (`undefined` and `null` values are not sent). */
export type RequestQuery = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** A GET request a route makes first: the endpoint's path under `/api/` and its query. */
export type PrefetchRequest = { path: string; query: RequestQuery };

/** What the shell stores per started request; `answer` never rejects with an HTTP status (only on a network error). */
export type PrefetchEntry = {
  /** The session token the request was sent with: the kit uses the answer only for the same token. */
  token: string;
  /** `Date.now()` when it was started. */
  startedAt: number;
  /** The HTTP status and the parsed JSON body (`null` when the body was not JSON). */
  answer: Promise<{ status: number; raw: unknown }>;
};

/** Name of the `window` property holding the started requests: a `Map` from `prefetchKey` to `PrefetchEntry`. */
export const PREFETCH_STORE_KEY = '__portalPrefetch';

/** An answer older than this (ms, from the request's start) is not used: the page asks again. */
export const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * The query string of a GET as the portal sends it: `undefined` and `null` values are left out, the
 * others written with `String()`, in the object's key order. Shared by the kit's client and the
 * prefetch, so both build the same URL for the same query.
 */
export function querySearchParams(query?: RequestQuery): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params[key] = String(value);
  }
  return params;
}

/** Identity of a GET request: `"<path>?<query string>"`, e.g. `"getNews?limit=20"`. */
export function prefetchKey(path: string, query?: RequestQuery): string {
  return `${path}?${new URLSearchParams(querySearchParams(query)).toString()}`;
}
