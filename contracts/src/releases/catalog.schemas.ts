import * as yup from 'yup';
import { pagingFields, searchField, statusFilterField } from '../common/query.schemas';
import { CATALOG_STATUS_FILTERS, RELEASE_STATUSES } from './releases.enums';
import { RELEASE_LIMITS as L } from './releases.limits';
import { RELEASE_MESSAGES as M } from './releases.messages';

/** Largest catalogue page a caller may ask for. */
export const CATALOG_MAX_LIMIT = 100;
/** Longest catalogue search text (longer input is cut, not refused). */
export const CATALOG_SEARCH_MAX = 100;
/** Sort keys of the catalogue list (core §2 /catalog: newest first by default). */
export const CATALOG_SORTS = ['newest', 'desc', 'oldest', 'asc', 'updated', 'title', 'title_asc', 'title_desc', 'release_date', 'release_date_asc', 'release_date_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

/** A status filter value or label (core §3: '' / All = every status). */
const statusFilter = statusFilterField(RELEASE_STATUSES, CATALOG_STATUS_FILTERS, M.catalogStatusInvalid);

/**
 * GET /api/getCatelogListWeb query (core §2 /catalog, §9 page size 25): search (title, artist name or
 * label; cut at 100 characters), status (value or label), sort (unknown → newest), paging.
 */
export const catalogQuerySchema = yup.object({
  search: searchField(CATALOG_SEARCH_MAX),
  status: statusFilter,
  sort: yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' && (CATALOG_SORTS as readonly string[]).includes(v.trim().toLowerCase()) ? v.trim().toLowerCase() : 'newest'))
    .optional()
    .default('newest'),
  ...pagingFields(L.catalogPageSize, CATALOG_MAX_LIMIT),
});
export type CatalogQueryDto = yup.InferType<typeof catalogQuerySchema>;

/** A catalogue row, for the API documentation (core §2 /catalog). */
export const catalogRowDocSchema = yup.object({
  release_id: yup.number().integer().required(),
  album_artwork: yup.string().required(),
  release_title: yup.string().required(),
  release_type: yup.string().required(),
  genre: yup.string().required(),
  lable_name: yup.string().required(),
  release_date: yup.number().integer().required().meta({ description: 'epoch ms' }),
  number_of_tracks: yup.number().integer().required(),
  status: yup.string().oneOf([...RELEASE_STATUSES]).required(),
  reason: yup.string().nullable(),
  artist_name: yup.string().required(),
});
