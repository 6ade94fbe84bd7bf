import type { ServerDocs } from '../common/endpoint-server';
import { bankFileSchema, payoutRunListSchema, payoutRunSchema, payoutIdSchema } from './payout-desk';

const ROLE = ' Role: finance (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of PAYOUT_DESK_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const PAYOUT_DESK_SERVER = {
  payoutDetail: {
    summary: 'One payout with the artist’s masked bank details, balance, last ledger entries and earlier payouts.' + ROLE,
    query: payoutIdSchema,
    errors: [400, 403, 404],
  },
  createPaymentRun: {
    summary: 'Put the selected requested payouts in a new bank run (one transaction); they become in_payment; audited.' + ROLE,
    description: '409 when one is not requested or has no complete bank details; 403 when one is of the caller’s own account (four-eyes); 404 for an unknown id.',
    body: payoutRunSchema,
    codes: { 403: ['four_eyes'], 409: ['not_requested', 'bank_missing', 'bank_changed'] },
    errors: [400, 403, 404, 409],
  },
  paymentRuns: {
    summary: 'Bank runs, newest first.' + ROLE,
    query: payoutRunListSchema,
    errors: [403],
  },
  bankFile: {
    summary: 'The bank file of a run: CSV (BANK_CSV_COLUMNS) or ISO 20022 pain.001.001.09 XML, with full account numbers; each download audited.' + ROLE,
    description: 'pain.001 carries bank transfers only (IFSC or IBAN + BIC); PayPal payouts are in the CSV with their method. 409 pain001Empty when a run holds PayPal payouts only; 409 debtorMissing in production without PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_ACCOUNT and PAYOUT_DEBTOR_BIC.',
    query: bankFileSchema,
    codes: { 409: ['pain001_empty', 'debtor_missing'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
