import type { ServerDocs } from '../common/endpoint-server';
import { bankFileSchema, paymentRunRateSchema, payoutRunListSchema, payoutRunSchema, payoutIdSchema } from './payout-desk';

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
  paymentRunRate: {
    summary: 'Set the USD→EUR rate (EUR per 1 USD) of a bank run for its SEPA file; shown on the run and audited.' + ROLE,
    description: 'docs/decisions/031: payouts are USD; the SEPA file pays EUR = USD cents × rate, rounded half up to the cent per transfer. 400 rateInvalid; 404 runNotFound; 409 rateFixed once the SEPA file was built (the file is the same bytes every time).',
    body: paymentRunRateSchema,
    codes: { 409: ['rate_fixed'] },
    errors: [400, 403, 404, 409],
  },
  bankFile: {
    summary: 'The bank file of a run: CSV (every payout), SEPA (EPC SCT pain.001.001.09, IBAN payees in EUR) or generic pain.001.001.09 (other bank transfers, USD), with full account numbers; each download audited.' + ROLE,
    description:
      'docs/decisions/031: `sepa` holds the IBAN payees of SEPA countries only, in EUR at the run’s rate, and validates against the EPC SCT 2023 schema; `pain001` holds the other bank transfers (IFSC, IBANs outside SEPA) in USD; PayPal payouts are in the CSV only; the run’s `note` says which file pays which. ' +
      '409 sepaRateMissing (no rate set), sepaDebtorIban (PAYOUT_DEBTOR_ACCOUNT is not an IBAN), sepaEmpty / pain001Empty (nothing for that file); 409 debtorMissing in production without PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_ACCOUNT and PAYOUT_DEBTOR_BIC.',
    query: bankFileSchema,
    codes: { 409: ['pain001_empty', 'sepa_empty', 'sepa_rate_missing', 'sepa_debtor_iban', 'debtor_missing'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
