import type { RouteRequest } from '../routes/route-request';
import { ARTISTS_PATH, CATALOG_LIST_PATH } from '../releases/catalog.request';
import { BANK_DETAILS_PATH } from '../support/support.request';
import { USER_DETAILS_PATH } from '../auth/auth.request';

/** Path of the dashboard news list (areas §2 Dashboard). */
export const NEWS_PATH = 'getNews';
/** Path of the dashboard update videos list (areas §2 Dashboard). */
export const VIDEO_LINKS_PATH = 'getVideoLinks';

/** Rows shown per dashboard list (newest first). */
export const DASHBOARD_LIST_LIMIT = 20;

/** The dashboard's "Get started" checks (docs/decisions/017): one catalogue row tells whether a release exists. */
export const ONBOARDING_CATALOG_QUERY = { limit: 1 } as const;
/** The primary artists, whose Apple Music / Spotify ids tell whether the artist-ID step is done. */
export const ONBOARDING_ARTISTS_QUERY = { artist_type: 'primary' } as const;

/**
 * The dashboard's first requests when it opens: started by the shell's entry (docs/decisions/025), the
 * two lists and the four "Get started" checks (user details, bank details, catalogue, artists), whose
 * answers place the cards (docs/decisions/010: the page shows its grid once they are there). The checks
 * change on other pages (profile, bank details, a new release, artist IDs), so each visit asks them
 * once (`everyVisit`).
 */
export const DASHBOARD_FIRST_REQUESTS: readonly RouteRequest[] = [
  { path: NEWS_PATH, query: { limit: DASHBOARD_LIST_LIMIT } },
  { path: VIDEO_LINKS_PATH, query: { limit: DASHBOARD_LIST_LIMIT } },
  { path: USER_DETAILS_PATH, query: {}, everyVisit: true },
  { path: BANK_DETAILS_PATH, query: {}, everyVisit: true },
  { path: CATALOG_LIST_PATH, query: ONBOARDING_CATALOG_QUERY, everyVisit: true },
  { path: ARTISTS_PATH, query: ONBOARDING_ARTISTS_QUERY, everyVisit: true },
];
