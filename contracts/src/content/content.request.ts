import type { RouteRequest } from '../routes/route-request';

/** Path of the dashboard news list (areas §2 Dashboard). */
export const NEWS_PATH = 'getNews';
/** Path of the dashboard update videos list (areas §2 Dashboard). */
export const VIDEO_LINKS_PATH = 'getVideoLinks';

/** Rows shown per dashboard list (newest first). */
export const DASHBOARD_LIST_LIMIT = 20;

/** The dashboard's first requests when it opens: started by the shell's entry (docs/decisions/025). */
export const DASHBOARD_FIRST_REQUESTS: readonly RouteRequest[] = [
  { path: NEWS_PATH, query: { limit: DASHBOARD_LIST_LIMIT } },
  { path: VIDEO_LINKS_PATH, query: { limit: DASHBOARD_LIST_LIMIT } },
];
