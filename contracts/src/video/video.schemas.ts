import * as yup from 'yup';
import { idField, NOT_FOUND_TEST, pagingFields, searchField, statusFilterField } from '../common/query.schemas';
import { minReleaseDate, minReleaseDateAnyZone } from '../releases/release-rules';
import { compactIsrc, hasValidGs1CheckDigit, normaliseNames, VIDEO_ISRC_PATTERN, VIDEO_UPC_PATTERN } from './video.codes';
import { VIDEO_LIMITS as L, VIDEO_STATUS_FILTERS, VIDEO_STATUSES } from './video.limits';
import { VIDEO_MESSAGES as M } from './video.messages';

/** Fields of areas §5 "all required" on submit, whose absence answers fillAllFields before any format rule. */
export const VIDEO_REQUIRED_FIELDS = ['release_id', 'audio_id', 'download_link', 'thumbnail', 'release_date'] as const;

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** True when a required field of the submission is still empty: format rules wait until they are all there. */
const requiredMissing = (parent: Record<string, unknown> | undefined) => VIDEO_REQUIRED_FIELDS.some((k) => blank(parent?.[k]));

/**
 * A chosen id of the form (Select Release / Select Audio): empty answers fillAllFields (400), a value
 * that is not a positive integer answers `notFound` (404, like another user's id; contracts idField).
 */
const chosenId = (notFound: string) =>
  yup
    .mixed<number>()
    .transform((v: unknown) => (blank(v) ? undefined : typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v))
    .required(M.fillAllFields)
    .test(NOT_FOUND_TEST, notFound, (v) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0))
    .meta({ jsonType: 'integer' });

/** A title the client sends for the published wire shape; the API ignores it, so any value becomes a short string. */
const ignoredTitle = () =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().slice(0, L.textMax) : ''))
    .optional()
    .default('');

/** Actor / actress credits: optional, names normalised (normaliseNames), at most L.namesMax characters. */
const namesField = () =>
  yup
    .string()
    .typeError(M.namesInvalid)
    .optional()
    .default('')
    .transform((v: unknown) => (typeof v === 'string' ? normaliseNames(v) : v))
    .max(L.namesMax, M.namesTooLong);

/** Whether `value` parses as an absolute http(s) URL with a host. */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * POST /api/submitVideoRelease payload (areas §2 /create_video_releases, §3, §5), in the order its
 * messages are answered: terms ("Please accept T & C."), then the required release, audio, download
 * link, thumbnail and release date ("Please fill in all the fields before submit"), then the formats:
 * release date ≥ today + 6 days (context `{ now, anyZone }` as releaseInfoSchema), download link an
 * http(s) URL, video UPC 12-13 digits with a GS1 check digit, video ISRC CC-XXX-YY-NNNNN, names ≤ 500
 * characters. `release_title` / `audio_title` are accepted for the published wire shape but the API
 * stores the titles of the release and track it owns. Output: ISRC compacted, names normalised.
 */
export const videoReleaseSchema = yup.object({
  terms: yup
    .boolean()
    .transform((v: unknown) => (v === 'true' || v === 1 || v === '1' ? true : v === 'false' || v === 0 || v === '0' || v === '' ? false : v))
    .typeError(M.acceptTerms)
    .required(M.acceptTerms)
    .oneOf([true], M.acceptTerms),
  release_id: chosenId(M.releaseNotFound),
  audio_id: chosenId(M.audioNotFound),
  download_link: yup
    .string()
    .typeError(M.downloadLinkInvalid)
    .trim()
    .required(M.fillAllFields)
    .max(L.downloadLinkMax, M.downloadLinkTooLong)
    .test('http-url', M.downloadLinkInvalid, function (v) {
      return requiredMissing(this.parent) || (typeof v === 'string' && isHttpUrl(v));
    }),
  thumbnail: yup.string().typeError(M.thumbnailUnknown).trim().required(M.fillAllFields).max(L.textMax, M.thumbnailUnknown),
  release_date: yup
    .number()
    .transform((v: unknown, raw: unknown) => (blank(raw) ? undefined : v))
    .typeError(M.fillAllFields)
    .required(M.fillAllFields)
    .test('min-date', M.releaseDateMin, function (value) {
      if (requiredMissing(this.parent)) return true;
      const ctx = (this.options.context ?? {}) as { now?: number; anyZone?: boolean };
      const min = ctx.anyZone ? minReleaseDateAnyZone(ctx.now) : minReleaseDate(ctx.now);
      return typeof value === 'number' && value >= min;
    }),
  video_upc: yup
    .string()
    .typeError(M.upcFormat)
    .trim()
    .optional()
    .default('')
    .test('upc-format', M.upcFormat, function (v) {
      return requiredMissing(this.parent) || !v || VIDEO_UPC_PATTERN.test(v);
    })
    .test('upc-check', M.upcCheckDigit, function (v) {
      return requiredMissing(this.parent) || !v || !VIDEO_UPC_PATTERN.test(v) || hasValidGs1CheckDigit(v);
    }),
  video_isrc: yup
    .string()
    .typeError(M.isrcFormat)
    .trim()
    .uppercase()
    .optional()
    .default('')
    .test('isrc', M.isrcFormat, function (v) {
      return requiredMissing(this.parent) || !v || VIDEO_ISRC_PATTERN.test(v);
    })
    .transform((v: unknown) => (typeof v === 'string' && VIDEO_ISRC_PATTERN.test(v.trim().toUpperCase()) ? compactIsrc(v) : v)),
  actor: namesField(),
  actress: namesField(),
  // Informational only (the API stores the titles it owns): cut, never refused.
  release_title: ignoredTitle(),
  audio_title: ignoredTitle(),
});
export type VideoReleaseDto = yup.InferType<typeof videoReleaseSchema>;

/** GET /api/getAudioTitles query: a malformed or another user's release id answers 404. */
export const audioTitlesQuerySchema = yup.object({ release_id: idField(M.releaseNotFound) });

/** A status filter value or label ('' / All = every status; Draft is not a video status, areas §2). */
const videoStatusFilter = statusFilterField(VIDEO_STATUSES, VIDEO_STATUS_FILTERS, M.catalogStatusInvalid);

/**
 * GET /api/getVideoCatelogListWeb query (areas §2 /video-catalog): search over title, audio title,
 * actor and actress (cut at 100 characters), status (value or label, no Draft), paging (25 a page,
 * at most 100), newest first.
 */
export const videoCatalogQuerySchema = yup.object({
  search: searchField(L.searchMax),
  status: videoStatusFilter,
  ...pagingFields(L.catalogPageSize, L.catalogMaxLimit),
});
export type VideoCatalogQueryDto = yup.InferType<typeof videoCatalogQuerySchema>;

// Response shapes, for the OpenAPI document only.
export const releaseOptionDocSchema = yup.object({ release_id: yup.number().integer().required(), release_title: yup.string().required() });
export const audioOptionDocSchema = yup.object({ audio_id: yup.number().integer().required(), title: yup.string().required() });
export const thumbnailDocSchema = yup.object({
  filename: yup.string().required(),
  url: yup.string().required().meta({ description: 'public URL path of the thumbnail' }),
  mime: yup.string().required(),
  size: yup.number().integer().required().meta({ description: 'bytes' }),
});
export const videoRowDocSchema = yup.object({
  video_id: yup.number().integer().required(),
  release_id: yup.number().integer().required(),
  audio_id: yup.number().integer().required(),
  status: yup.string().oneOf([...VIDEO_STATUSES]).required(),
  reason: yup.string().required(),
  thumbnail: yup.string().required().meta({ description: 'URL path of the thumbnail' }),
  release_title: yup.string().required(),
  audio_title: yup.string().required(),
  actor: yup.string().required(),
  actress: yup.string().required(),
  release_date: yup.number().integer().required().meta({ description: 'epoch ms' }),
  video_upc: yup.string().required(),
  video_isrc: yup.string().required(),
  download_link: yup.string().required(),
});
