import type * as yup from 'yup';
import { defineRoute } from './common/endpoint';
import type { holdAppealSchema, holdDecisionSchema, holdForfeitSchema, holdIdQuerySchema, holdListSchema, holdReplySchema, monthlyStatementFileSchema, monthlyStatementQuerySchema } from './money-trust.schemas';
import type { TicketAttachment } from './support/support.types';

export * from './money-trust.texts';

/**
 * Money artists can trust (docs/decisions/039-explained-holds.md, issue 35): explained holds on
 * suspicious statement rows, clawbacks of negative rows, and monthly statements. Browser-safe: routes,
 * types and texts; the yup schemas are in money-trust.schemas.ts, the server half in money-trust.server.ts.
 */

/** The rules a hold may come from; `clawback` records a negative row's debit (not held: debited at once). */
export const HOLD_RULES = ['spike', 'concentration', 'rate', 'store_flag', 'clawback'] as const;
export type HoldRule = (typeof HOLD_RULES)[number];
/** held → released | forfeited; held → forfeit_pending (above the four-eyes amount) → forfeited | released; debited: a clawback; void: its import was rolled back. */
export const HOLD_STATUSES = ['held', 'forfeit_pending', 'released', 'forfeited', 'debited', 'void'] as const;
export type HoldStatus = (typeof HOLD_STATUSES)[number];

/** A hold (or clawback) as the artist sees it: their own part of it and its plain-words reason. */
export type HoldView = {
  hold_id: number;
  import_id: number;
  rule: HoldRule;
  status: HoldStatus;
  track_id: number;
  track: string;
  store: string;
  country: string;
  sale_month: string;
  /** The rule's figure (units, share in %, or micro-USD per unit) and its baseline, as the rule measured them. */
  observed: number;
  baseline: number;
  /** The plain-words explanation ("Streams of 'Monsoon Walk' on Spotify in BR in 2026-10 were 48 times its usual …"). */
  reason: string;
  /** The caller's own part, micro-USD (negative for a clawback), and the cents it is or was worth in the ledger. */
  my_micros: number;
  /** Whether the caller is the track's owner (only the owner appeals) or a collaborator (their split share). */
  share: 'owner' | 'split';
  /** Finance's reason for a forfeit, shown to the artist; '' otherwise. */
  decision_reason: string;
  appeal_ticket_id: number | null;
  created_at: number;
  decided_at: number | null;
};

/** One row of the finance holds queue. */
export type HoldDeskRow = {
  hold_id: number;
  import_id: number;
  source: string;
  rule: HoldRule;
  status: HoldStatus;
  user_id: number;
  artist: string;
  track: string;
  store: string;
  country: string;
  sale_month: string;
  observed: number;
  baseline: number;
  reason: string;
  /** Everyone's held money of the hold, micro-USD. */
  held_micros: number;
  rows: number;
  appeal_ticket_id: number | null;
  forfeit_requested_by: string;
  created_at: number;
};

/** A hold's detail on the desk: the evidence rows, each user's part and the appeal thread. */
export type HoldDeskDetail = HoldDeskRow & {
  decision_reason: string;
  decided_by: string;
  parts: Array<{ user_id: number; name: string; share: 'owner' | 'split'; micros: number }>;
  evidence: Array<{ line_no: number; store: string; country: string; sale_month: string; quantity: number; amount_micros: number }>;
  thread: Array<{ sent_by: 'user' | 'support'; text: string; created_at: number; attachments: TicketAttachment[] }>;
};

/** A monthly statement (issue 35 §4): every figure in integer cents; it reconciles with the ledger to the cent. */
export type MonthlyStatement = {
  month: string;
  artist: string;
  opening_cents: number;
  credits_by_store: Array<{ label: string; cents: number }>;
  credits_by_release: Array<{ label: string; cents: number }>;
  /** Royalty credits of the month (own and split shares), net of rollbacks. */
  royalty_cents: number;
  split_cents: number;
  clawback_cents: number;
  holds_placed_cents: number;
  holds_released_cents: number;
  holds_forfeited_cents: number;
  other_credits_cents: number;
  payouts_cents: number;
  closing_cents: number;
  lines: Array<{ date: string; kind: string; note: string; cents: number }>;
};

/** A statement file as the API answers it: text (CSV) or base64 (PDF), saved by the browser through a Blob. */
export type MonthlyStatementFile = { file_name: string; content_type: string; encoding: 'utf8' | 'base64'; content: string };

const USER = { access: 'user', tag: 'royalties' } as const;
const FIN = { access: 'staff', tag: 'ops' } as const;

/** The wire map of explained holds and monthly statements (docs/decisions/039). */
export const MONEY_TRUST_ENDPOINTS = {
  getHolds: defineRoute<yup.InferType<typeof holdListSchema>, HoldView[], 'GET'>({ ...USER, method: 'GET', path: 'getHolds', list: true }),
  appealHold: defineRoute<yup.InferType<typeof holdAppealSchema>, HoldView, 'POST'>({ ...USER, method: 'POST', path: 'appealHold' }),
  getMonthlyStatements: defineRoute<void, Array<{ month: string; closing_cents: number }>, 'GET'>({ ...USER, method: 'GET', path: 'getMonthlyStatements', list: true }),
  getMonthlyStatement: defineRoute<yup.InferType<typeof monthlyStatementQuerySchema>, MonthlyStatement, 'GET'>({ ...USER, method: 'GET', path: 'getMonthlyStatement' }),
  monthlyStatementFile: defineRoute<yup.InferType<typeof monthlyStatementFileSchema>, MonthlyStatementFile, 'GET'>({ ...USER, method: 'GET', path: 'monthlyStatementFile' }),
  holdsDesk: defineRoute<yup.InferType<typeof holdListSchema>, HoldDeskRow[], 'GET'>({ ...FIN, method: 'GET', path: 'ops/holds', list: true }),
  holdDetail: defineRoute<yup.InferType<typeof holdIdQuerySchema>, HoldDeskDetail, 'GET'>({ ...FIN, method: 'GET', path: 'ops/holds/detail' }),
  releaseHold: defineRoute<yup.InferType<typeof holdDecisionSchema>, HoldDeskDetail, 'POST'>({ ...FIN, method: 'POST', path: 'ops/holds/release' }),
  forfeitHold: defineRoute<yup.InferType<typeof holdForfeitSchema>, HoldDeskDetail, 'POST'>({ ...FIN, method: 'POST', path: 'ops/holds/forfeit' }),
  confirmForfeit: defineRoute<yup.InferType<typeof holdDecisionSchema>, HoldDeskDetail, 'POST'>({ ...FIN, method: 'POST', path: 'ops/holds/forfeit/confirm' }),
  replyHoldAppeal: defineRoute<yup.InferType<typeof holdReplySchema>, HoldDeskDetail, 'POST'>({ ...FIN, method: 'POST', path: 'ops/holds/reply' }),
} as const;

/** The plain-words reason of each rule (filled with {track}, {store}, {country}, {month}, {times}, {share}, {units}, {rate}, {typical}, {flag}). */
export const HOLD_REASONS: Record<HoldRule, string> = {
  spike: 'Streams of ‘{track}’ on {store} in {country} in {month} were {times} times its usual ({units} against a usual {baseline} a month).',
  concentration: '{share} % of the units of ‘{track}’ in this statement came from {place}, where it had never sold before.',
  rate: '‘{track}’ on {store} in {month} earned ${rate} per unit, {times} times away from {store}’s usual ${typical} in this statement.',
  store_flag: '{store} marked these rows of ‘{track}’ in {month} as “{flag}”.',
  clawback: '{store} took back ${amount} for ‘{track}’ in {country} in {month} (a refund or a correction of the store).',
};

/** Texts of the artist's holds and statements sections and of the console's holds desk. */
export const MONEY_TRUST_UI = {
  holds: {
    title: 'Held and debited money',
    intro: 'Only these rows are held while we check them; the rest of your earnings is in your balance as usual.',
    empty: 'Nothing is held.',
    columns: ['What', 'Why', 'Your part', 'Status', 'Appeal'],
    pages: 'Holds pages',
    appeal: 'Appeal',
    appealTitle: 'Appeal hold #{id}',
    appealLabel: 'Your explanation',
    attachLabel: 'Receipts, playlist placements (optional)',
    send: 'Send appeal',
    cancel: 'Cancel',
    appealed: 'Appealed: ticket #{id}',
    status: { held: 'Held', forfeit_pending: 'Held', released: 'Released', forfeited: 'Forfeited', debited: 'Debited', void: 'Cancelled' } as Record<HoldStatus, string>,
    splitNote: 'your split share',
    forfeitReason: 'Reason: {reason}',
  },
  statements: {
    title: 'Monthly statements',
    empty: 'No statement yet.',
    month: 'Month',
    pdf: 'PDF',
    csv: 'CSV',
    closing: 'Closing balance',
  },
  desk: {
    title: 'Holds',
    filter: 'Status',
    filters: [
      { label: 'Open', value: 'open' },
      { label: 'Released', value: 'released' },
      { label: 'Forfeited', value: 'forfeited' },
      { label: 'Clawbacks', value: 'debited' },
    ],
    columns: ['Hold', 'Artist', 'Track', 'Rule', 'Held', 'Appeal', ''],
    open: 'Open',
    evidence: 'Evidence rows',
    parts: 'Who is held how much',
    thread: 'Appeal thread',
    noAppeal: 'No appeal yet.',
    release: 'Release',
    forfeit: 'Forfeit',
    confirmForfeit: 'Confirm forfeit',
    reasonLabel: 'Reason the artist reads',
    empty: 'No holds.',
    rules: { spike: 'Spike', concentration: 'Concentration', rate: 'Rate outlier', store_flag: 'Store flag', clawback: 'Clawback' } as Record<HoldRule, string>,
    requestedBy: 'Forfeit requested by {email}',
    owner: 'owner',
    statement: 'Statement',
    rows: '{n} rows',
    replyLabel: 'Answer the artist',
    replyHint: 'Sent as Support Team on the appeal ticket; the artist gets a bell and an e-mail.',
    send: 'Send answer',
    sending: 'Sending…',
    replyFailed: 'The answer could not be sent.',
    decision: 'Decision',
  },
} as const;

/** The monthly statement CSV's columns (one writer: api/src/common/csv). */
export const MONTHLY_STATEMENT_CSV_COLUMNS = ['section', 'label', 'date', 'amount_usd'] as const;
