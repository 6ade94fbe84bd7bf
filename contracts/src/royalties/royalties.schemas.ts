import * as yup from 'yup';
import { idField, pagingFields } from '../common/query.schemas';
import { isMonth, ROYALTY_LIMITS as L, ROYALTY_MESSAGES as M, STATEMENT_FIELDS, STATEMENT_IMPORT_STATUSES } from './royalties.texts';

const paging = () => pagingFields(L.pageSize, L.maxPageSize);
const month = (required: boolean) => {
  const s = yup.string().trim().test('month', M.monthInvalid, (v) => !v || isMonth(v));
  return required ? s.required(M.monthInvalid) : s.optional().default('');
};

/** A positive decimal rate to USD ("83.2", "0.0119"), text so no float enters the arithmetic. */
export const rateField = yup
  .string()
  .trim()
  .optional()
  .default('')
  .test('rate', M.rateInvalid, (v) => !v || (/^\d{1,9}(\.\d{1,10})?$/.test(v) && /[1-9]/.test(v)));

/** The generic mapping: canonical field → header name (one column each). */
export const statementMappingSchema = yup
  .object(Object.fromEntries(STATEMENT_FIELDS.map((f) => [f, yup.string().trim().max(200).optional()])))
  .noUnknown(true, M.formatUnknown)
  .optional()
  .default(undefined);

export const statementStartSchema = yup.object({
  import_id: idField(M.importNotFound),
  /** A built-in preset, a saved preset, or 'generic' with `mapping`. */
  format: yup.string().trim().required(M.formatUnknown).max(L.presetNameMax),
  mapping: statementMappingSchema,
  /** Save the generic mapping under this name. */
  save_as: yup
    .string()
    .trim()
    .optional()
    .default('')
    .test('preset', M.presetNameInvalid, (v) => !v || /^[A-Za-z0-9_-]{1,40}$/.test(v)),
  month: month(true),
  source: yup.string().trim().required(M.sourceRequired).max(L.sourceMax),
  rate: rateField,
  confirmed: yup.boolean().optional().default(false),
});

export const statementImportIdSchema = yup.object({ import_id: idField(M.importNotFound) });
export const statementListSchema = yup.object({
  ...paging(),
  status: yup.string().trim().optional().default('').oneOf(['', ...STATEMENT_IMPORT_STATUSES], M.importNotFound),
});
export const unmatchedListSchema = yup.object({
  ...paging(),
  import_id: yup
    .number()
    .transform((_: unknown, raw: unknown) => (raw === '' || raw === undefined ? undefined : Number(raw)))
    .integer()
    .min(1)
    .optional(),
});
export const linkUnmatchedSchema = yup.object({
  code_kind: yup.string().oneOf(['isrc', 'upc'], M.nothingToLink).required(M.nothingToLink),
  code: yup.string().trim().required(M.nothingToLink).max(20),
  track_id: idField(M.trackNotFound),
});

export const earningsQuerySchema = yup.object({ from: month(false), to: month(false) });
export const earningLinesQuerySchema = yup.object({ ...paging(), from: month(false), to: month(false) });

/** A share: e-mail and a percentage above 0, at most 100, at most two decimals. */
export const splitShareSchema = yup.object({
  email: yup.string().trim().lowercase().required(M.splitEmailInvalid).email(M.splitEmailInvalid).max(254, M.splitEmailInvalid),
  percent: yup
    .number()
    .typeError(M.splitPercentInvalid)
    .required(M.splitPercentInvalid)
    .moreThan(0, M.splitPercentInvalid)
    .max(100, M.splitPercentInvalid)
    .test('cents', M.splitPercentInvalid, (v) => v === undefined || Math.abs(Math.round(v * 100) - v * 100) < 1e-6),
});
export const setTrackSplitsSchema = yup.object({
  track_id: idField(M.trackNotFound),
  shares: yup
    .array()
    .of(splitShareSchema.required())
    .required(M.splitPercentInvalid)
    .max(L.maxCollaborators, M.splitTooMany)
    .test('sum', M.splitsTooMuch, (shares) => !shares || shares.reduce((s, x) => s + Math.round((x?.percent ?? 0) * 100), 0) <= 10000)
    .test('unique', M.splitDuplicate, (shares) => !shares || new Set(shares.map((x) => x?.email)).size === shares.length),
});
export const trackIdQuerySchema = yup.object({ track_id: idField(M.trackNotFound) });
export const respondSplitSchema = yup.object({ split_id: idField(M.splitNotFound), accept: yup.boolean().required(M.splitNotFound) });
export const reportFulfilSchema = yup.object({ report_id: idField('Report not found.') });
