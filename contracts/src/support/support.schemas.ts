import * as yup from 'yup';
import { signedFileFields } from '../releases/releases.schemas';
import { idField, pagingFields } from '../common/query.schemas';
import { STORES } from '../lists/stores';
import { PAYOUT_METHODS, SUPPORT_LIMITS as L, TICKET_SUBJECTS } from './support.limits';
import { countryName, DEFAULT_COUNTRY, isCountryCode } from '../lists/countries';
import { countryUsesIban, isValidBic, isValidIban, MASKED_IBAN, normalizeIban } from './payout-identifiers';
import { SUPPORT_MESSAGES as M } from './support.messages';
import { AUTH_LIMITS } from '../auth/auth.limits';
import { fillMessage } from '../common/text';

/**
 * The current password a money or credential change may carry (decision 022): required by the server
 * when the session's login is older than AUTH_LIMITS.stepUpFreshMinutes; a fresh session may leave it out
 * (the spec's payloads stay valid).
 */
export const stepUpFields = { current_password: yup.string().optional().max(AUTH_LIMITS.passwordMax) };

/** A server-chosen attachment filename (`<32 hex>.<ext>`). */
export const ATTACHMENT_FILENAME = /^[a-f0-9]{32}\.(png|jpg|pdf|txt|doc|docx|xls|xlsx)$/;

/**
 * The `attachement` field (areas §3: comma-joined filenames) as a list: a string "a,b" or an array,
 * trimmed, empty entries dropped, at most 5 (areas §5 "Max 5 attachments are allowed."). Each must
 * look like a server-chosen name; whether the caller owns it is checked by the service.
 */
export const attachementField = yup
  .array()
  .transform((value: unknown, original: unknown) => {
    const raw = typeof original === 'string' ? original.split(',') : Array.isArray(original) ? original : original == null ? [] : [original];
    return raw.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  })
  .of(yup.string().required(M.attachmentUnknown).matches(ATTACHMENT_FILENAME, M.attachmentUnknown))
  .max(L.attachmentsMax, M.tooManyAttachments)
  .default([]);

/** POST /api/createTicket (areas §5 "Ticket creation", in the spec's order). */
export const createTicketSchema = yup.object({
  reason: yup
    .string()
    .trim()
    .required(M.reasonRequired)
    .oneOf([...TICKET_SUBJECTS], M.reasonRequired),
  reply: yup.string().trim().required(M.concernRequired).max(L.textMax, M.concernTooLong),
  attachement: attachementField,
});
export type CreateTicketDto = yup.InferType<typeof createTicketSchema>;

/** POST /api/replyTicket (areas §5 "Ticket reply"). `sent_by` is not read: the server decides it. */
export const replyTicketSchema = yup.object({
  ticket_id: idField(M.ticketNotFound),
  reply: yup.string().trim().required(M.replyRequired).max(L.textMax, M.replyTooLong),
  attachement: attachementField,
});
export type ReplyTicketDto = yup.InferType<typeof replyTicketSchema>;

/** GET /api/getTicketListForUser: status '' (All), 0/pending or 1/done, and paging. */
export const ticketListQuerySchema = yup.object({
  status: yup
    .string()
    .transform((v: unknown) => {
      const raw = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().toLowerCase() : v;
      if (raw === '' || raw === 'all') return '';
      if (raw === 'pending') return '0';
      if (raw === 'done') return '1';
      return raw;
    })
    .oneOf(['', '0', '1'], M.ticketStatusInvalid)
    .optional()
    .default(''),
  ...pagingFields(L.ticketPageSize, L.listMaxLimit),
});
export type TicketListQueryDto = yup.InferType<typeof ticketListQuerySchema>;

/** GET /api/getTicketById. */
export const ticketIdQuerySchema = yup.object({ ticket_id: idField(M.ticketNotFound) });

/** First instant (UTC) of the month holding `epochMs`. */
export function monthStartUtc(epochMs: number): number {
  const d = new Date(epochMs);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** A month as epoch ms, normalised to the first instant of that month in UTC. */
const monthField = (requiredMessage: string) =>
  yup
    .number()
    .transform((value: number, original: unknown) => {
      const n = typeof original === 'string' && /^\d{1,15}$/.test(original.trim()) ? Number(original) : value;
      return typeof n === 'number' && Number.isFinite(n) && n > 0 ? monthStartUtc(n) : undefined;
    })
    .typeError(requiredMessage)
    .required(requiredMessage);

/** The latest month one may ask for: the current month anywhere on Earth (UTC+14), from context `now`. */
const latestMonth = (context: { now?: number } | undefined) => monthStartUtc((context?.now ?? Date.now()) + 14 * 3600_000);

/**
 * POST /api/requestReport (areas §5 "Reports"): store from the store list, start and end month
 * (epoch ms, first of the month UTC). Start after end, or a month after the current one, is refused.
 */
export const requestReportSchema = yup.object({
  store: yup
    .string()
    .trim()
    .required(M.storeRequired)
    .oneOf(
      STORES.map((s) => s.name),
      M.storeUnknown,
    ),
  start_date: monthField(M.startRequired).test('not-future', M.futureMonth, (v, ctx) => v === undefined || v <= latestMonth(ctx.options.context)),
  end_date: monthField(M.endRequired)
    .test('not-future', M.futureMonth, (v, ctx) => v === undefined || v <= latestMonth(ctx.options.context))
    .test('after-start', M.startAfterEnd, function (v) {
      const start = this.parent.start_date as number | undefined;
      return v === undefined || start === undefined || start <= v;
    }),
});
export type RequestReportDto = yup.InferType<typeof requestReportSchema>;

/** Paging of the report and payout lists. */
export const reportListQuerySchema = yup.object({ ...pagingFields(L.reportPageSize, L.listMaxLimit) });
export type ReportListQueryDto = yup.InferType<typeof reportListQuerySchema>;
export const reportIdQuerySchema = yup.object({ report_id: idField(M.reportNotFound) });
/** downloadReport query: the report and, for a signed link, its expiry and signature. */
export const reportDownloadQuerySchema = yup.object({ report_id: idField(M.reportNotFound), ...signedFileFields });
export const payoutListQuerySchema = yup.object({ ...pagingFields(L.payoutPageSize, L.listMaxLimit) });
export type PayoutListQueryDto = yup.InferType<typeof payoutListQuerySchema>;
export const payoutIdQuerySchema = yup.object({ payout_id: idField(M.payoutNotFound) });

/** A masked account number as answered by getUserBankDetails: sent back unchanged, it keeps the saved number. */
export const MASKED_ACCOUNT = /^X{5,14}\d{4}$/;
/**
 * A masked PAN as answered by getUserBankDetails (`XXXXXX234F`: the PAN's last 4 kept, decision 032): sent
 * back unchanged, it keeps the saved PAN. A real PAN has a digit where this has its sixth X.
 */
export const MASKED_PAN = /^X{6}\d{3}[A-Z]$/;

const upper = (v: unknown) => (typeof v === 'string' ? v.trim().toUpperCase() : v);

type Method = (typeof PAYOUT_METHODS)[number];
/**
 * A field used by some payout methods only: `schema` for those, else ignored (saved empty), so a form
 * that still holds another method's values is not refused for them.
 */
const forMethods = (methods: Method[], schema: yup.StringSchema<string | undefined>) =>
  yup.string().when('payout_method', ([method]: unknown[], other: yup.StringSchema<string | undefined>) =>
    methods.includes((method ?? 'bank_in') as Method) ? schema : other.optional().transform(() => '').default(''),
  );

/**
 * POST /api/addBankDetails (areas §3 bank fields, §5 "Payout button enabled only when every bank field
 * except other_details is non-empty"). `country` (ISO 3166-1 alpha-2) defaults to India, whose artists
 * send the spec's payload unchanged: IFSC `AAAA0XXXXXX`, PAN `AAAAA9999A` (upper-cased) or the masked PAN of
 * the saved details, account number 9-18 digits (spaces removed) or the masked number of the saved details. Elsewhere
 * (docs/decisions/027-international-payouts.md) `payout_method` is `iban` (bank name, holder, IBAN
 * checked by `isValidIban` or the masked saved one, BIC by `isValidBic`; only in IBAN-registry countries)
 * or `paypal` (holder and PayPal e-mail). Fields of the other methods are ignored.
 */
export const bankDetailsSchema = yup.object({
  country: yup
    .string()
    .transform(upper)
    .optional()
    .default(DEFAULT_COUNTRY)
    .test('country', M.countryInvalid, (v) => v === undefined || isCountryCode(v)),
  payout_method: yup
    .string()
    .trim()
    .when('country', ([country]: unknown[], s: yup.StringSchema<string | undefined>) =>
      (country ?? DEFAULT_COUNTRY) === 'IN'
        ? s.default('bank_in').oneOf(['bank_in'], M.payoutMethodIndia)
        : s
            .required(M.payoutMethodRequired)
            .oneOf(['iban', 'paypal'], M.payoutMethodRequired)
            .test('iban-country', (v, ctx) =>
              v !== 'iban' || typeof country !== 'string' || countryUsesIban(country) ? true : ctx.createError({ message: fillMessage(M.ibanCountry, { country: countryName(country) }) }),
            ),
    ),
  bank_name: forMethods(['bank_in', 'iban'], yup.string().trim().required(M.bankNameRequired).max(L.bankNameMax, M.bankNameRequired)),
  holder_name: yup.string().trim().required(M.holderNameRequired).max(L.holderNameMax, M.holderNameRequired),
  account_number: forMethods(
    ['bank_in'],
    yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? v.replace(/[\s-]/g, '').toUpperCase() : v))
      .required(M.accountInvalid)
      .test('account', M.accountInvalid, (v) => v === undefined || /^\d{9,18}$/.test(v) || MASKED_ACCOUNT.test(v)),
  ),
  ifsc_code: forMethods(['bank_in'], yup.string().transform(upper).required(M.ifscInvalid).matches(/^[A-Z]{4}0[A-Z0-9]{6}$/, M.ifscInvalid)),
  branch_name: forMethods(['bank_in'], yup.string().trim().required(M.branchNameRequired).max(L.branchNameMax, M.branchNameRequired)),
  pan: forMethods(['bank_in'], yup.string().transform(upper).required(M.panInvalid).test('pan', M.panInvalid, (v) => v === undefined || /^[A-Z]{5}[0-9]{4}[A-Z]$/.test(v) || MASKED_PAN.test(v))),
  iban: forMethods(
    ['iban'],
    yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? normalizeIban(v) : v))
      .required(M.ibanInvalid)
      .test('iban', M.ibanInvalid, (v) => v === undefined || isValidIban(v) || MASKED_IBAN.test(v)),
  ),
  bic: forMethods(['iban'], yup.string().transform(upper).required(M.bicInvalid).test('bic', M.bicInvalid, (v) => v === undefined || isValidBic(v))),
  paypal_email: forMethods(
    ['paypal'],
    yup
      .string()
      .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
      .required(M.paypalEmailInvalid)
      .max(L.paypalEmailMax, M.paypalEmailInvalid)
      .matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, M.paypalEmailInvalid),
  ),
  other_details: yup.string().trim().max(L.otherDetailsMax).optional().default(''),
  ...stepUpFields,
});
export type BankDetailsDto = yup.InferType<typeof bankDetailsSchema>;

/**
 * POST /api/updateUserProfile (areas §2 Update dialogs, §5 "Profile"): `{phone}` or `{address}` or
 * `{password, confirmPassword}`; the fields present are checked. Name and e-mail are not fields here
 * (areas §6), so a client sending them is ignored.
 */
export const updateProfileSchema = yup.object({
  phone: yup
    .string()
    .trim()
    .optional()
    .matches(new RegExp(`^\\d{${L.phoneDigits}}$`), M.phoneInvalid),
  address: yup
    .string()
    .optional()
    .test('address', M.addressRequired, (v) => v === undefined || (v.trim().length > 0 && v.length <= 500))
    .transform((v: unknown) => (typeof v === 'string' ? v.trim() : v)),
  password: yup.string().optional().min(L.passwordMin, M.passwordShort).max(L.passwordMax, M.passwordShort),
  confirmPassword: yup
    .string()
    .optional()
    .test('match', M.passwordMismatch, function (v) {
      const password = this.parent.password as string | undefined;
      return password === undefined || v === password;
    }),
  ...stepUpFields,
});
export type UpdateProfileDto = yup.InferType<typeof updateProfileSchema>;

/** POST /api/sendInvite (areas §5 "Invite"): a valid e-mail and a name. */
export const inviteSchema = yup.object({
  email: yup.string().trim().lowercase().required(M.inviteEmailInvalid).email(M.inviteEmailInvalid).max(254, M.inviteEmailInvalid),
  name: yup.string().trim().required(M.inviteNameRequired).max(100, M.inviteNameRequired),
});
export type InviteDto = yup.InferType<typeof inviteSchema>;

/** POST /api/withdrawMoney takes no payload (areas §7); the Idempotency-Key header is read apart. */
export const withdrawSchema = yup.object({});

/** The Idempotency-Key header of withdrawMoney. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{1,64}$/;
