/** Limits of the support area (areas §5, §9), in the units named. */
export const SUPPORT_LIMITS = {
  /** Largest ticket attachment, bytes (areas §9: 2 MB). */
  attachmentMaxBytes: 2 * 1024 * 1024,
  /** Attachments per ticket or reply (areas §9). */
  attachmentsMax: 5,
  /** Uploaded attachments a user may hold that no ticket or reply uses yet (ours: bounds disk use). */
  unsentAttachmentsMax: 20,
  /** Longest concern or reply text, characters. */
  textMax: 5000,
  /** Ticket list page size. */
  ticketPageSize: 10,
  /** Report list page size. */
  reportPageSize: 10,
  /** Payout history page size. */
  payoutPageSize: 10,
  /** Largest page a list caller may ask for. */
  listMaxLimit: 100,
  /** Minimum withdrawal, US cents (areas §5, §9: 100 USD). */
  minWithdrawalCents: 10_000,
  /** Profile phone digits (areas §5: at least 10; the input stops at 10). */
  phoneDigits: 10,
  /** Profile password minimum (areas §5, §9). */
  passwordMin: 8,
  passwordMax: 128,
  /** Invites a user may send per UTC day (ours). */
  inviteDailyLimit: 10,
  /** Bank field lengths. */
  bankNameMax: 100,
  /** A PayPal e-mail (RFC 5321 path limit). */
  paypalEmailMax: 254,
  branchNameMax: 100,
  holderNameMax: 100,
  otherDetailsMax: 500,
  /** Idempotency-Key header of withdrawMoney. */
  idempotencyKeyMax: 64,
} as const;

/** Ticket subjects offered in the New Ticket dialog (areas §2 "Tickets list"). */
export const TICKET_SUBJECTS = ['Artist Digital Presence', 'Change in Release', 'Callertune Codes', 'Delivery Status', 'Takedown Request', 'Others'] as const;
export type TicketSubject = (typeof TICKET_SUBJECTS)[number];

/** Ticket status (areas §3): 0 pending, 1 done. */
export const TICKET_STATUS = { pending: 0, done: 1 } as const;
/** Status filter of the ticket list (areas §2: All by default). */
export const TICKET_STATUS_FILTERS = [
  { value: '', label: 'All' },
  { value: '0', label: 'Pending' },
  { value: '1', label: 'Done' },
] as const;

/** Report status (areas §3): 0 pending, otherwise received. */
export const REPORT_STATUS = { pending: 0, received: 1 } as const;

/**
 * Accepted attachment extensions (areas §5: jpg, jpeg, png, txt, pdf, doc and Excel). The browser
 * pre-checks the name; the server decides on the bytes.
 */
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'txt', 'pdf', 'doc', 'docx', 'xls', 'xlsx'] as const;
/** `accept` attribute of the attachment picker. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

/** Columns of a received sales report CSV, in order (the header row the operator's file must carry). */
export const REPORT_CSV_COLUMNS = ['sale_month', 'reporting_date', 'store', 'country', 'artist', 'release', 'track', 'upc', 'isrc', 'sale_type', 'quantity', 'amount', 'currency'] as const;

/** Payout states (ours): requested by the artist, in_payment once finance exported it in a bank file, then paid or rejected. */
export const PAYOUT_STATUSES = ['requested', 'in_payment', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/**
 * How an artist is paid (docs/decisions/027-international-payouts.md): `bank_in` an Indian account
 * (IFSC + PAN, areas §3, the only method in India), `iban` IBAN + BIC, `paypal` a PayPal e-mail (both
 * outside India).
 */
export const PAYOUT_METHODS = ['bank_in', 'iban', 'paypal'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Client code prefix (areas §2, §9). */
export const CLIENT_CODE_PREFIX = 'FR-US-';
/** Date formats of the support screens (dayjs tokens): tickets DD/MM/yyyy, thread DD/MM/yyyy hh:mm A, reports MMM/yyyy. */
export const SUPPORT_FORMATS = { date: 'DD/MM/YYYY', dateTime: 'DD/MM/YYYY hh:mm A', month: 'MMM/YYYY' } as const;

/** USD text of an amount in cents: 25000 → "250.00". */
export function centsToUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Cents of a USD amount written as text ("250", "250.5", "250.50"), without floating-point
 * arithmetic; null when it is not such a number (at most two decimals).
 */
export function usdToCents(text: string): number | null {
  const m = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0') || '0');
  return m[1] ? -cents : cents;
}

/** The account number as shown once saved: every digit but the last 4 replaced by X. */
export function maskAccountNumber(account: string): string {
  return account.length <= 4 ? account : 'X'.repeat(account.length - 4) + account.slice(-4);
}
