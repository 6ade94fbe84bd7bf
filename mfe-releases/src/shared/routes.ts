/**
 * Paths of the releases remote (core §2, areas §2). The shell's route table matches the pathname
 * exactly, so ids are read from the pathname here rather than from a route param whose name the
 * shell chooses.
 */
export const RELEASE_ROUTES = {
  selectRelease: '/select_release',
  wizard: '/create_releases',
  wizardFor: (releaseId: number | string) => `/create_releases/${releaseId}`,
  catalog: '/catalog',
  catalogDetail: (releaseId: number | string) => `/catalog/${releaseId}`,
  videoCatalog: '/video-catalog',
  videoRelease: '/create_video_releases',
} as const;

/**
 * The numeric id after `prefix` in `pathname` (`/create_releases/12` with prefix `/create_releases`
 * gives 12), or null when there is none or it is not a positive integer.
 */
export function idFromPath(pathname: string, prefix: string): number | null {
  const rest = pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '';
  const match = /^\/(\d+)\/?$/.exec(rest);
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
