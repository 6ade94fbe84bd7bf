import * as yup from 'yup';
import { signedFileQuerySchema } from '../releases/releases.schemas';
import { PAYOUT_METHODS, PAYOUT_STATUSES } from './support.limits';
import { bankDetailsSchema, createTicketSchema, inviteSchema, payoutIdQuerySchema, payoutListQuerySchema, replyTicketSchema, reportDownloadQuerySchema, reportListQuerySchema, requestReportSchema, ticketIdQuerySchema, ticketListQuerySchema, updateProfileSchema, withdrawSchema } from './support.schemas';
import type { ServerDocs } from '../common/endpoint-server';

const attachmentDoc = yup.object({ filename: yup.string().required(), name: yup.string().required(), size: yup.number().integer().required(), mime: yup.string().required() });
const ticketRowDoc = yup.object({
  ticket_id: yup.number().integer().required(),
  reason: yup.string().required(),
  reply: yup.string().required(),
  status: yup.number().integer().oneOf([0, 1]).required().meta({ description: '0 pending, 1 done' }),
  date: yup.number().integer().required().meta({ description: 'epoch ms' }),
  created_at: yup.number().integer().required().meta({ description: 'epoch ms' }),
});
const reportRowDoc = yup.object({
  report_id: yup.number().integer().required(),
  store: yup.string().required(),
  start_date: yup.number().integer().required().meta({ description: 'epoch ms, first instant of the month (UTC)' }),
  end_date: yup.number().integer().required().meta({ description: 'epoch ms, first instant of the month (UTC)' }),
  status: yup.number().integer().required().meta({ description: '0 pending, 1 received' }),
  created_at: yup.number().integer().required(),
  has_file: yup.boolean().required(),
});
const payoutDoc = yup.object({
  payout_id: yup.number().integer().required(),
  amount: yup.number().required().meta({ description: 'USD' }),
  amount_cents: yup.number().integer().required().meta({ description: 'US cents' }),
  status: yup.string().oneOf([...PAYOUT_STATUSES]).required(),
  reference: yup.string().required(),
  reason: yup.string().required(),
  account_last4: yup.string().required(),
  created_at: yup.number().integer().required(),
  updated_at: yup.number().integer().required(),
});
const bankDoc = yup.object({
  bank_name: yup.string().required(),
  holder_name: yup.string().required(),
  account_number: yup.string().required().meta({ description: 'masked: X for every digit but the last 4' }),
  ifsc_code: yup.string().required(),
  branch_name: yup.string().required(),
  pan: yup.string().required(),
  other_details: yup.string().required(),
  country: yup.string().required().meta({ description: 'ISO 3166-1 alpha-2; IN unless chosen (docs/decisions/027)' }),
  payout_method: yup.string().oneOf([...PAYOUT_METHODS]).required(),
  iban: yup.string().required().meta({ description: 'masked: X for every character but the last 4; empty unless payout_method is iban' }),
  bic: yup.string().required(),
  paypal_email: yup.string().required(),
  updated_at: yup.number().integer().required(),
});
/** The Idempotency-Key header of withdrawMoney (documented once). */
const IDEMPOTENCY_HEADER = {
  name: 'Idempotency-Key',
  required: false,
  description: '1-64 characters [A-Za-z0-9_:.-]. A repeat with the same key answers the first answer and creates nothing. Absent: every call is a new request.',
};

/** Validation and documentation of SUPPORT_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const SUPPORT_SERVER = {
  uploadTicketAttachment: {
    summary: 'Upload one ticket attachment (multipart field "attachement"), streamed and checked on the bytes',
    description:
      'areas §5, §9: jpg/jpeg, png, pdf, doc/xls (OLE), docx/xlsx, or plain UTF-8 text, decided on the bytes; at most 2 MB (2097152 bytes). ' +
      'Answers the server-chosen filename to list in `attachement` of createTicket or replyTicket. 400 attachmentMissing; 413 attachmentTooLarge; ' +
      '415 attachmentType; 429 tooManyUnsent (20 uploads not yet sent). A refused upload leaves no file and no row.',
    response: attachmentDoc,
    codes: { 429: ['too_many_unsent_attachments'] },
    errors: [400, 413, 415, 429],
  },
  createTicket: {
    summary: 'Open a ticket: reason (one of six subjects), the concern text, up to 5 uploaded attachments',
    description: 'areas §5 "Ticket creation": 400 reasonRequired, concernRequired, tooManyAttachments, attachmentUnknown (a filename not uploaded by the caller or already used).',
    body: createTicketSchema,
    response: ticketRowDoc,
    errors: [400],
  },
  getTicketListForUser: {
    summary: 'The caller’s tickets, newest first, by status (All, 0 pending, 1 done), paged',
    description: 'areas §2 "Tickets list": page size 10 (limit at most 100); `total` counts the filtered tickets.',
    query: ticketListQuerySchema,
    response: ticketRowDoc,
    errors: [400],
  },
  getTicketById: {
    summary: 'One ticket of the caller with its attachments and replies (oldest first)',
    description: 'areas §2 "Ticket detail". 404 ticketNotFound for another user’s ticket.',
    query: ticketIdQuerySchema,
    errors: [404],
  },
  replyTicket: {
    summary: 'Add the caller’s reply to their ticket (sent_by is always "user")',
    description: 'areas §4, §5: 400 replyRequired; 404 ticketNotFound; 409 ticketClosed (status 1). Answers the ticket with its thread.',
    body: replyTicketSchema,
    codes: { 409: ['ticket_closed'] },
    errors: [400, 404, 409],
  },
  ticketAttachmentFile: {
    summary: 'The bytes of an attachment, for the ticket’s owner only (token in the header, or the signed `url` of the attachment)',
    description:
      '404 attachmentNotFound for a missing or another user’s file, or a bad or expired link. Served with its type, nosniff, a sandbox CSP and the original name.',
    query: signedFileQuerySchema,
    errors: [401, 404],
  },
  requestReport: {
    summary: 'Request a store report for a range of months',
    description: 'areas §5 "Reports": 400 storeRequired, startRequired, endRequired, startAfterEnd, futureMonth. Months are epoch ms of the 1st (UTC).',
    body: requestReportSchema,
    response: reportRowDoc,
    codes: { 409: ['report_pending'] },
    errors: [400, 409],
  },
  getRequestedReports: {
    summary: 'The caller’s report requests, newest first ("Previously Requested")',
    query: reportListQuerySchema,
    response: reportRowDoc,
    errors: [400],
  },
  downloadReport: {
    summary: 'The CSV of a received report of the caller (token in the header, or the row’s signed `download_url`)',
    description: '404 reportNotFound (another user’s, or a bad or expired link); 409 reportNotReceived.',
    query: reportDownloadQuerySchema,
    codes: { 409: ['report_pending'] },
    errors: [401, 404, 409],
  },
  addBankDetails: {
    summary: 'Save the caller’s bank details (e-mails the user on every change)',
    description:
      'areas §3: 400 bankNameRequired, holderNameRequired, accountInvalid (9-18 digits), ifscInvalid (AAAA0XXXXXX), branchNameRequired, panInvalid (AAAAA9999A). ' +
      'Outside India (docs/decisions/027, `country` ≠ IN): `payout_method` iban (400 ibanInvalid: ISO 13616 length and mod-97; bicInvalid: ISO 9362; ibanCountry) or paypal (400 paypalEmailInvalid); 400 countryInvalid, payoutMethodRequired, payoutMethodIndia. ' +
      'Step-up (decision 022): a login older than 15 minutes must send `current_password`, else 403 stepUpRequired (code step_up_required); a wrong one 403 stepUpWrongPassword.',
    body: bankDetailsSchema,
    // Every body that works, one shape per payout method (docs/decisions/031); India's stays the spec's payload without country.
    bodyShapes: [
      { title: 'India: bank transfer (bank_in), the spec’s payload', value: { country: 'IN', payout_method: 'bank_in' } },
      { title: 'Outside India: IBAN + BIC (iban)', value: { country: 'DE', payout_method: 'iban' }, required: ['country'] },
      { title: 'Outside India: PayPal (paypal)', value: { country: 'US', payout_method: 'paypal' }, required: ['country'] },
    ],
    response: bankDoc,
    codes: { 403: ['step_up_required', 'step_up_wrong_password'] },
    errors: [400, 403],
  },
  getUserBankDetails: {
    summary: 'The caller’s bank details, account number masked; body null when none',
    response: bankDoc.nullable(),
    errors: [],
  },
  withdrawMoney: {
    summary: 'Request a payout of the whole balance (one transaction: payout + ledger debit)',
    description:
      'areas §5, §9: 400 minimumWithdrawal under 100 USD; 409 bankDetailsRequired; 400 idempotencyKeyInvalid. ' +
      'Same Idempotency-Key again: the first answer, nothing created. Concurrent calls create at most one payout.',
    body: withdrawSchema,
    headers: [IDEMPOTENCY_HEADER],
    response: payoutDoc,
    codes: { 400: ['idempotency_key_invalid', 'minimum_withdrawal'], 409: ['bank_details_required'] },
    errors: [400, 409],
  },
  getPayoutHistory: {
    summary: 'The caller’s payouts, newest first',
    query: payoutListQuerySchema,
    response: payoutDoc,
    errors: [400],
  },
  getPayoutById: {
    summary: 'One payout of the caller',
    description: '404 payoutNotFound for another user’s payout.',
    query: payoutIdQuerySchema,
    response: payoutDoc,
    errors: [404],
  },
  updateUserProfile: {
    summary: 'Update phone, address or password (never name or e-mail)',
    description:
      'areas §5 "Profile": 400 phoneInvalid, addressRequired, passwordShort, passwordMismatch, nothingToUpdate. A password change ends every session, ' +
      'answers a fresh login `token` for the caller and e-mails the user. Step-up (decision 022): a password change with a login older than 15 minutes must send ' +
      '`current_password`, else 403 stepUpRequired (code step_up_required); a wrong one 403 stepUpWrongPassword.',
    body: updateProfileSchema,
    codes: { 400: ['nothing_to_update'], 403: ['step_up_required', 'step_up_wrong_password'] },
    errors: [400, 403],
  },
  sendInvite: {
    summary: 'E-mail an invite with an absolute /signup?name= link',
    description: 'areas §5 "Invite": 400 inviteEmailInvalid, inviteNameRequired; 429 inviteDailyLimit. The same answer whether or not the address has an account.',
    body: inviteSchema,
    codes: { 429: ['invite_daily_limit'] },
    errors: [400, 429],
  },
} satisfies ServerDocs;
