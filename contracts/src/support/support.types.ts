import type { PayoutMethod, PayoutStatus } from './support.limits';

/** One stored attachment of a ticket or reply (areas §3 `attachement` holds their comma-joined filenames). */
export type TicketAttachment = {
  /** Server-chosen name (`<32 hex>.<ext>`), what `attachement` carries and the file URL uses. */
  filename: string;
  /** The name the file had on the user's machine (display only). */
  name: string;
  /** Bytes. */
  size: number;
  mime: string;
  /** A signed link to the bytes, valid 10 minutes (docs/decisions/026: the login token never goes into a URL). */
  url: string;
};

/** Answer of the attachment upload. */
export type UploadedAttachment = TicketAttachment;

/** A row of the ticket list (areas §2 "Tickets list", §3 Ticket). Dates are epoch ms. */
export type TicketRow = {
  ticket_id: number;
  reason: string;
  /** The concern text. */
  reply: string;
  /** 0 pending, 1 done. */
  status: number;
  date: number;
  created_at: number;
};

/** A message of a ticket's thread (areas §3 replies[]). `sent_by` is decided by the server. */
export type TicketReply = {
  reply: string;
  sent_by: 'user' | 'support';
  created_at: number;
  attachement: string;
  attachments: TicketAttachment[];
};

/** A ticket with its thread (areas §2 "Ticket detail", §3). */
export type TicketDetail = TicketRow & {
  attachement: string;
  attachments: TicketAttachment[];
  sent_by: 'user';
  replies: TicketReply[];
};

/** A report request (areas §3): start and end are the first instant of a month (UTC), epoch ms. */
export type ReportRow = {
  report_id: number;
  store: string;
  start_date: number;
  end_date: number;
  /** 0 pending, 1 received. */
  status: number;
  created_at: number;
  /** True when a CSV can be downloaded. */
  has_file: boolean;
  /** A signed link to the CSV (valid 10 minutes) when `has_file`, else ''. */
  download_url: string;
};

/** Bank details as answered (areas §3): account_number masked but for its last 4 digits. */
export type BankDetails = {
  bank_name: string;
  holder_name: string;
  account_number: string;
  ifsc_code: string;
  branch_name: string;
  pan: string;
  other_details: string;
  /** ISO 3166-1 alpha-2 payout country; 'IN' for every account that never chose one (docs/decisions/027). */
  country: string;
  payout_method: PayoutMethod;
  /** IBAN masked but for its last 4 characters; '' unless payout_method is iban. */
  iban: string;
  /** '' unless payout_method is iban. */
  bic: string;
  /** The PayPal account's e-mail (the artist's own, shown in full to them); '' unless payout_method is paypal. */
  paypal_email: string;
  updated_at: number;
};

/** A payout request and its outcome. Amounts: `amount` USD (2 decimals), `amount_cents` integer cents. */
export type Payout = {
  payout_id: number;
  amount: number;
  amount_cents: number;
  status: PayoutStatus;
  /** Payment reference once paid, else ''. */
  reference: string;
  /** Rejection reason, else ''. */
  reason: string;
  /** Last 4 digits of the account it goes to. */
  account_last4: string;
  created_at: number;
  updated_at: number;
};
