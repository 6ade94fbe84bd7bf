import * as yup from 'yup';

/** Name of the yup test of a malformed id (fields marked `meta({ notFoundId: true })`): the API answers 404 like a missing object. */
export const NOT_FOUND_TEST = 'not-found-id';

/**
 * A required positive integer id (body number or query string). A malformed id answers 404 with
 * `notFoundMessage`, the same as another user's or a missing object (DESIGN "Data").
 */
export const idField = (notFoundMessage: string) =>
  yup
    .mixed<number>()
    .transform((value: unknown) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value))
    .test(NOT_FOUND_TEST, notFoundMessage, (value) => typeof value === 'number' && Number.isSafeInteger(value) && value > 0)
    .required(notFoundMessage)
    .meta({ notFoundId: true });

/** An optional string of a query or body: trimmed, at most `max` characters, '' when absent. */
export const optionalString = (max: number) => yup.string().trim().max(max).optional().default('');

/** A whole number in [min, max] from a query string or number, else undefined (lenient paging input). */
const clampedInt = (min: number, max: number) =>
  yup
    .number()
    .transform((_: unknown, raw: unknown) => {
      const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,12}$/.test(raw.trim()) ? Number(raw) : NaN;
      return Number.isSafeInteger(n) && n >= 0 ? Math.min(Math.max(n, min), max) : undefined;
    })
    .integer();

/**
 * Paging of every list endpoint: `limit` clamped to 1..maxLimit (default pageSize), `offset` rows to
 * skip, or else `page` (1-based: offset = (page − 1) × limit). Input that is not a whole number falls
 * back to the default rather than failing. Resolve with `pageOffset()`.
 */
export const pagingFields = (pageSize: number, maxLimit: number) => ({
  limit: clampedInt(1, maxLimit).optional().default(pageSize),
  offset: clampedInt(0, 1_000_000_000).optional(),
  page: clampedInt(1, 10_000_000).optional(),
});

/** The row offset of a validated paging query. */
export const pageOffset = (q: { limit: number; offset?: number; page?: number }): number => q.offset ?? ((q.page ?? 1) - 1) * q.limit;

/**
 * A list's status filter: a stored status or its label as the filter select shows it, '' or "All" for
 * every status; anything else answers `invalidMessage`. Answers the stored status or ''.
 */
export const statusFilterField = (statuses: readonly string[], filters: ReadonlyArray<{ label: string; value: string }>, invalidMessage: string) =>
  yup
    .string()
    .trim()
    .optional()
    .default('')
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      const raw = value.trim().toLowerCase();
      if (!raw || raw === 'all') return '';
      if (statuses.includes(raw)) return raw;
      const byLabel = filters.find((f) => f.label.toLowerCase() === raw);
      return byLabel ? byLabel.value : value;
    })
    .oneOf(['', ...statuses], invalidMessage);

/** A list's search text: trimmed and cut at `max` characters (longer input is cut, not refused), '' when absent. */
export const searchField = (max: number) =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().slice(0, max) : v))
    .optional()
    .default('');
