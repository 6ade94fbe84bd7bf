import type { RouteRequest } from '../routes/route-request';
import { RELEASE_LIMITS } from './releases.limits';

/** Path of the audio catalogue list (core §2 /catalog; the published misspelling). */
export const CATALOG_LIST_PATH = 'getCatelogListWeb';

/** Path of the caller's artists of the pickers (core §3 Artist). */
export const ARTISTS_PATH = 'getArtist';

/** Newest first: the API's default order, sent explicitly. */
export const CATALOG_DEFAULT_SORT = 'newest';

/** What the catalogue page asks for: a 1-based page, the search text and a status filter ('' = all). */
export type CatalogPageQuery = { page: number; search: string; status: string };

/**
 * Query of GET getCatelogListWeb for one catalogue page (core §7, §9: page size 25, offset
 * (page - 1) * 25): `{ search, sort, limit, offset, page, status? }`.
 */
export function catalogListQuery({ page, search, status }: CatalogPageQuery) {
  const limit = RELEASE_LIMITS.catalogPageSize;
  return {
    search: search.trim(),
    sort: CATALOG_DEFAULT_SORT,
    limit,
    offset: (page - 1) * limit,
    page,
    status: status || undefined,
  };
}

/** The catalogue's first request when it opens (page 1, no search, every status): started by the shell's entry (docs/decisions/025). */
export const CATALOG_FIRST_REQUESTS: readonly RouteRequest[] = [
  { path: CATALOG_LIST_PATH, query: catalogListQuery({ page: 1, search: '', status: '' }) },
];
