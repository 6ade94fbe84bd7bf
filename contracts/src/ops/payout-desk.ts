import * as yup from 'yup';
import { idField, pagingFields } from '../common/query.schemas';
import type { PayoutMethod, PayoutStatus } from '../support/support.limits';

/**
 * The payout desk of the console (docs/decisions/019, docs/decisions/023-staff-desks.md): finance
 * sees each payout with the artist's masked bank details, balance history and previous payouts, exports
 * the approved payouts of a run as a bank file (CSV and ISO 20022 pain.001.001.09) — they are then
 * `in_payment` — and marks them paid with a reference or rejects them with a reason (re-credited).
 */

/** Limits of the payout desk: page sizes, how much history the detail shows, payouts per bank run. */
export const PAYOUT_DESK_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  /** Ledger entries in the detail's balance history (newest first). */
  historyEntries: 25,
  /** Earlier payouts of the same artist in the detail. */
  previousPayouts: 10,
  /** Payouts in one bank run (one file). */
  runMax: 500,
} as const;

/** Which payouts the desk lists: one status, or all of them. */
export const PAYOUT_DESK_FILTERS = ['requested', 'in_payment', 'paid', 'rejected', 'all'] as const;
export type PayoutDeskFilter = (typeof PAYOUT_DESK_FILTERS)[number];

/**
 * The shapes of a bank file (docs/decisions/031): `csv` lists every payout of the run (the bank's CSV);
 * `sepa` is the EPC SEPA Credit Transfer pain.001.001.09 of the IBAN payees in SEPA countries, in EUR at
 * the run's rate; `pain001` is the generic ISO 20022 pain.001.001.09 of the other bank transfers (Indian
 * IFSC accounts, IBANs outside SEPA), in USD. PayPal payouts are in the CSV only. Each bank payout is in
 * exactly one of `sepa` and `pain001`.
 */
export const BANK_FILE_FORMATS = ['csv', 'pain001', 'sepa'] as const;
export type BankFileFormat = (typeof BANK_FILE_FORMATS)[number];

/** The CSV for the bank: header row, in order. Amount in USD with 2 decimals. */
export const BANK_CSV_COLUMNS = ['payout_id', 'end_to_end_id', 'amount', 'currency', 'beneficiary_name', 'account_number', 'ifsc_code', 'bank_name', 'branch_name', 'remittance_info'] as const;
/**
 * Columns after BANK_CSV_COLUMNS for payouts outside India (docs/decisions/027-international-payouts.md):
 * how it is paid (bank_in, iban, paypal), the payout country, IBAN and BIC, PayPal e-mail. The
 * Indian columns stay first and in place, so a file with Indian payouts only reads as before.
 */
export const BANK_CSV_INTL_COLUMNS = ['payout_method', 'country', 'iban', 'bic', 'paypal_email'] as const;

/**
 * Countries of the SEPA scheme (EPC list of countries in the SEPA schemes' geographical scope, 2023):
 * an IBAN whose first two letters are one of these is paid in the SEPA file; any other goes in the
 * generic pain.001. The EU and EEA, Switzerland, the United Kingdom, Andorra, Monaco, San Marino, the
 * Vatican, Gibraltar, Guernsey, Jersey and the Isle of Man (French overseas departments and Åland use FR
 * and FI IBANs).
 */
export const SEPA_IBAN_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE',
  'IS', 'LI', 'NO', 'CH', 'GB', 'AD', 'MC', 'SM', 'VA', 'GI', 'GG', 'JE', 'IM',
];
/** Whether an IBAN (normalised, upper case) is a SEPA account: its country is in SEPA_IBAN_COUNTRIES. */
export const isSepaIban = (iban: string): boolean => SEPA_IBAN_COUNTRIES.includes(iban.slice(0, 2).toUpperCase());

/** Messages of the payout desk (every answer's `message`). `{placeholders}` are filled by `fillMessage`. */
export const PAYOUT_DESK_MESSAGES = {
  list: 'Payouts.',
  detail: 'Payout detail.',
  runs: 'Bank runs.',
  file: 'Bank file.',
  /** The confirmation of "mark paid": amount, account and reference. */
  paid: 'Payout #{id} marked paid: {amount} USD to account {account}, reference {reference}.',
  rejected: 'Payout #{id} rejected: {amount} USD credited back to the artist.',
  exported: 'Bank run #{run}: {count} payouts, {amount} USD. They are in payment until marked paid.',
  payoutNotFound: 'Payout not found.',
  runNotFound: 'Bank run not found.',
  selectPayouts: 'Select at least one requested payout (at most 500).',
  notRequested: 'Payout #{id} is {status}: only requested payouts go into a bank run.',
  notOpen: 'Payout #{id} is {status}, not requested or in payment.',
  bankMissing: 'Payout #{id} has no complete bank details to pay to.',
  bankChanged: 'Payout #{id} was requested to the account ending {last4}; the artist changed bank details since. Reject it so they can request again.',
  ownPayoutInRun: 'Payout #{id} is of your own account. Another finance member must put it in a bank run.',
  statusInvalid: 'Choose a status: requested, in_payment, paid, rejected or all.',
  formatInvalid: 'Choose a bank file format: csv, pain001 or sepa.',
  /** PayPal payouts are in the CSV, not in pain.001 (docs/decisions/027). */
  paypalNote: '{count} PayPal payout(s) of this run are in the CSV only (not in pain.001): pay them in PayPal.',
  /** Which file pays which payouts of a run (docs/decisions/031); the parts with a count of 0 are left out. */
  filesSepa: 'SEPA file: {count} IBAN payout(s) in EUR{rate}.',
  filesSepaRate: ' at 1 USD = {rate} EUR',
  filesSepaNoRate: ' (set the USD→EUR rate first)',
  filesPain001: 'Generic pain.001: {count} bank transfer(s) in USD (IFSC accounts, IBANs outside SEPA).',
  pain001Empty: 'Bank run #{run} holds no bank transfer outside SEPA: there is no generic pain.001 file. Use the SEPA file for IBAN payouts and the CSV for PayPal.',
  sepaEmpty: 'Bank run #{run} holds no IBAN payout in a SEPA country: there is no SEPA file. Use the generic pain.001 or the CSV.',
  sepaRateMissing: 'Set the USD→EUR rate of bank run #{run} before building its SEPA file: its payouts are in USD, a SEPA file pays EUR.',
  sepaDebtorIban: 'A SEPA file pays from an IBAN: PAYOUT_DEBTOR_ACCOUNT is not one. Set the paying account’s IBAN (and PAYOUT_DEBTOR_BIC) in the API configuration; the generic pain.001 and the CSV are available meanwhile.',
  rateInvalid: 'The rate is the EUR paid for 1 USD: a positive decimal number with at most 6 decimals (e.g. 0.9234).',
  rateFixed: 'The SEPA file of bank run #{run} was already built at 1 USD = {rate} EUR: its rate cannot change any more.',
  rateSet: 'Bank run #{run}: 1 USD = {rate} EUR for its SEPA file.',
  debtorMissing: 'The pain.001 file needs the account paying out: set {names} in the API configuration (NODE_ENV=production refuses the NOTPROVIDED placeholder). The CSV is available meanwhile.',
} as const;

/** Texts of the payout desk screen (mfe-ops `/ops/desk?view=payouts`). */
export const PAYOUT_DESK_UI = {
  tab: 'Payouts',
  heading: 'Payout desk',
  statusFilter: 'Payout status',
  statusLabel: { requested: 'Requested', in_payment: 'In payment', paid: 'Paid', rejected: 'Rejected', all: 'All' } as Record<PayoutDeskFilter, string>,
  columns: { select: 'Select', id: '#', account: 'Artist', amount: 'USD', bank: 'Bank account', status: 'Status', when: 'Requested', run: 'Run', outcome: 'Reference or reason' },
  selectRow: 'Select payout #{id} for the bank run',
  empty: 'No payout with this status.',
  pagesPayouts: 'Pages of payouts',
  pagesRuns: 'Pages of bank runs',
  open: 'Open',
  exportRun: 'Export selected to a bank file',
  exportConfirm: 'Put {count} payouts ({amount} USD) in a new bank run? They are "in payment" until marked paid.',
  runs: 'Bank runs',
  runsEmpty: 'No bank run yet.',
  runColumns: { id: 'Run', when: 'Created', by: 'By', count: 'Payouts', amount: 'USD', rate: 'SEPA rate (EUR per USD)', files: 'Files' },
  downloadCsv: 'CSV',
  downloadXml: 'pain.001 XML (USD)',
  downloadSepa: 'SEPA XML (EUR)',
  /** The run's SEPA rate and total (docs/decisions/031). */
  rateShown: '1 USD = {rate} EUR · SEPA total {eur} EUR',
  rateNone: 'No rate yet',
  rateInput: 'EUR per 1 USD for run #{id}',
  setRate: 'Set rate',
  detail: 'Payout #{id}',
  closeDetail: 'Close',
  bank: 'Bank details (masked)',
  noBank: 'No bank details saved.',
  bankFields: { holder_name: 'Holder', bank_name: 'Bank', account: 'Account', ifsc_code: 'IFSC', branch_name: 'Branch', pan: 'PAN', country: 'Country', method: 'Method', iban: 'IBAN', bic: 'BIC', paypal: 'PayPal e-mail' },
  methodLabel: { bank_in: 'Bank transfer (India)', iban: 'Bank transfer (IBAN)', paypal: 'PayPal' } as Record<PayoutMethod, string>,
  balance: 'Balance now: {amount} USD',
  history: 'Balance history',
  historyColumns: { when: 'Date', kind: 'Entry', note: 'Note', amount: 'USD' },
  historyEmpty: 'No ledger entry.',
  previous: 'Previous payouts',
  previousEmpty: 'No earlier payout.',
  reference: 'Payment reference',
  reason: 'Rejection reason',
  markPaid: 'Mark paid',
  reject: 'Reject',
  confirmPaid: 'Mark payout #{id} of {amount} USD to account {account} paid with reference {reference}?',
  confirmReject: 'Reject payout #{id} of {amount} USD? The amount is credited back to the artist.',
  loading: 'Loading payouts',
  loadError: 'The payouts could not be loaded.',
} as const;

const M = PAYOUT_DESK_MESSAGES;
const L = PAYOUT_DESK_LIMITS;

/** GET ops/payouts: a status filter (default requested) and paging. */
export const payoutDeskListSchema = yup.object({
  status: yup.string().oneOf([...PAYOUT_DESK_FILTERS], M.statusInvalid).optional().default('requested'),
  ...pagingFields(L.pageSize, L.maxPageSize),
});
export const payoutIdSchema = yup.object({ payout_id: idField(M.payoutNotFound) });
export const payoutRunSchema = yup.object({
  payout_ids: yup
    .array()
    .of(yup.number().typeError(M.selectPayouts).integer(M.selectPayouts).positive(M.selectPayouts).max(Number.MAX_SAFE_INTEGER, M.selectPayouts).required(M.selectPayouts))
    .typeError(M.selectPayouts)
    .required(M.selectPayouts)
    .min(1, M.selectPayouts)
    .max(L.runMax, M.selectPayouts),
});
export const payoutRunListSchema = yup.object({ ...pagingFields(L.pageSize, L.maxPageSize) });
/** POST ops/payouts/runs/rate: the run and its USD→EUR rate (EUR per 1 USD, decimal text, at most 6 decimals). */
export const paymentRunRateSchema = yup.object({
  run_id: idField(M.runNotFound),
  eur_rate: yup
    .string()
    .trim()
    .required(M.rateInvalid)
    .matches(/^\d{1,6}(\.\d{1,6})?$/, M.rateInvalid)
    .test('positive', M.rateInvalid, (v) => v === undefined || /[1-9]/.test(v)),
});
export const bankFileSchema = yup.object({
  run_id: idField(M.runNotFound),
  format: yup.string().oneOf([...BANK_FILE_FORMATS], M.formatInvalid).required(M.formatInvalid),
});

/** One payout in the desk's list. Money: `amount_cents` integer US cents, `amount_usd` the same in USD. */
export type PayoutDeskRow = {
  payout_id: number;
  user_id: number;
  user_email: string;
  amount_cents: number;
  amount_usd: number;
  status: PayoutStatus;
  /** The account it goes to, masked but for its last 4 digits. */
  account_masked: string;
  reference: string;
  reason: string;
  /** The bank run it was exported in, else null. */
  run_id: number | null;
  created_at: string;
  updated_at: string;
};

/** Masked bank details of the artist as finance sees them (never the full account number). */
export type PayoutDeskBank = {
  holder_name: string;
  bank_name: string;
  account_masked: string;
  ifsc_code: string;
  branch_name: string;
  pan_masked: string;
  /** Payout country (ISO 3166-1 alpha-2) and method (docs/decisions/027); Indian fields are '' for iban and paypal. */
  country: string;
  payout_method: PayoutMethod;
  /** IBAN masked but for its last 4 characters, BIC in full; '' unless iban. */
  iban_masked: string;
  bic: string;
  /** PayPal e-mail masked (first character and domain); '' unless paypal. */
  paypal_masked: string;
};

/** One ledger entry of the balance history (signed cents). */
export type PayoutDeskLedgerLine = { id: number; kind: string; note: string; amount_cents: number; created_at: string };

/** GET ops/payouts/detail: the payout, the artist's masked bank details, balance and its history, and earlier payouts. */
export type PayoutDeskDetail = {
  payout: PayoutDeskRow;
  bank: PayoutDeskBank | null;
  balance_cents: number;
  history: PayoutDeskLedgerLine[];
  previous: PayoutDeskRow[];
};

/** A bank run: the payouts exported together in one file. */
export type PaymentRunRow = {
  run_id: number;
  message_id: string;
  created_at: string;
  created_by_email: string;
  payout_count: number;
  total_cents: number;
  /** PayPal payouts of the run (in the CSV, left out of pain.001) and the note saying so, '' when none. */
  paypal_count: number;
  /** Which file pays which payouts (docs/decisions/031): SEPA (IBAN, EUR), generic pain.001 (other banks, USD), PayPal (CSV). */
  note: string;
  /** IBAN payouts in SEPA countries (the SEPA file) and other bank transfers (the generic pain.001). */
  sepa_count: number;
  other_bank_count: number;
  /** EUR per 1 USD set by finance for the SEPA file, '' until set; fixed once the SEPA file was built. */
  eur_rate: string;
  /** Total of the SEPA file in EUR cents at `eur_rate` (each transfer rounded half up to the cent, then summed); null until the rate is set. */
  sepa_total_eur_cents: number | null;
};

/** A bank file of a run, its text in `content`. */
export type BankFile = {
  run_id: number;
  format: BankFileFormat;
  file_name: string;
  content_type: string;
  content: string;
  /** The SEPA file's rate (EUR per 1 USD); only on `sepa`. */
  eur_rate?: string;
};

