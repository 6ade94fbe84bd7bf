import * as yup from 'yup';
import { idField, optionalString, pagingFields } from '../common/query.schemas';

/**
 * What a distributor's staff still tripped over (issue 38, "Staff"): the review queue's filters and
 * bulk approval, the report fulfilment desk, and the console's texts for an access that ended.
 * Messages and labels live here so API, console and tests quote one copy.
 */

/** Limits of the review filters, the bulk approval and the report desk. */
export const STAFF_DESK_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  /** Characters of the artist or label search. */
  searchMax: 100,
  /** Releases one bulk approval may name (each is approved in its own transaction). */
  bulkApproveMax: 50,
  /** Rows of a report's preview. */
  reportPreviewRows: 20,
} as const;

/** Statuses the review queue can show (in review by default). */
export const REVIEW_QUEUE_STATUSES = ['in_review', 'approved', 'rejected', 'takendown'] as const;
export type ReviewQueueStatus = (typeof REVIEW_QUEUE_STATUSES)[number];
/** Store-ready filter: every release, only store-ready ones, or only those that are not. */
export const REVIEW_READY_FILTERS = ['all', 'ready', 'not_ready'] as const;
export type ReviewReadyFilter = (typeof REVIEW_READY_FILTERS)[number];
/** Order of the queue by submission: oldest first (default) or newest first. */
export const REVIEW_QUEUE_ORDERS = ['oldest', 'newest'] as const;
export type ReviewQueueOrder = (typeof REVIEW_QUEUE_ORDERS)[number];

/** Messages of these desks (every answer's `message`). `{placeholders}` are filled by `fillMessage`. */
export const STAFF_DESK_MESSAGES = {
  statusInvalid: 'Choose a status: in_review, approved, rejected or takendown.',
  readyInvalid: 'Choose store-ready: all, ready or not_ready.',
  orderInvalid: 'Choose an order: oldest or newest.',
  dateInvalid: 'A release date bound is a date as YYYY-MM-DD.',
  bulkEmpty: 'Choose at least one release to approve.',
  bulkTooMany: 'Approve at most 50 releases at once.',
  bulkDone: '{approved} approved, {refused} not approved.',
  bulkNotReady: 'Not store-ready: open the release and check its files.',
  reportQueue: 'Requested reports.',
  reportPreview: 'The rows this report would hold.',
  /** The statement desk: a file of zero bytes. */
  fileEmpty: 'This file is empty.',
  /** The console of a staff member whose staff access was removed (or whose account was revoked) while it was open. */
  accessEnded: 'Your access to the operations console has ended. Ask an administrator if you still need it.',
  /** withdrawMoney to a PayPal account (the bank text is SUPPORT_MESSAGES.payoutRequested). */
  payoutRequestedPaypal: 'Payout of ${amount} requested. It will be paid to your PayPal account.',
} as const;

/** Texts of the review queue's filter bar and bulk approval (mfe-ops `/ops/review`). */
export const REVIEW_FILTER_UI = {
  filters: 'Filter the review queue',
  status: 'Status',
  statusLabel: { in_review: 'In review', approved: 'Approved', rejected: 'Rejected', takendown: 'Taken down' } as Record<ReviewQueueStatus, string>,
  ready: 'Store-ready',
  readyLabel: { all: 'All', ready: 'Store-ready', not_ready: 'Not store-ready' } as Record<ReviewReadyFilter, string>,
  from: 'Release date from',
  to: 'Release date to',
  search: 'Artist or label',
  apply: 'Search',
  order: 'Order',
  orderLabel: { oldest: 'Oldest first', newest: 'Newest first' } as Record<ReviewQueueOrder, string>,
  pick: 'Select',
  select: 'Select {title}',
  selectAll: 'Select every store-ready release on this page',
  bulkApprove: 'Approve selected ({count})',
  confirmBulk: 'Approve {count} store-ready releases? Each gets its UPC and ISRCs, is audited and its artist told.',
  readyColumn: 'Store-ready',
  readyYes: 'Ready',
  readyNo: 'Not ready',
  releaseDate: 'Release date',
  label: 'Label',
  refusedHeading: 'Not approved',
  pages: 'Pages of the review queue',
} as const;

/** Texts of the report fulfilment desk (mfe-ops `/ops/reports`). */
export const REPORTS_DESK_UI = {
  heading: 'Requested reports',
  tab: 'Reports',
  empty: 'No report is waiting.',
  columns: { id: '#', artist: 'Artist', store: 'Store', months: 'Months', requested: 'Requested', waiting: 'Waiting' },
  preview: 'Preview',
  previewHeading: 'Report #{id}: {store}, {months}',
  previewRows: '{total} rows from the ledger; the first {shown} are shown.',
  previewNone: 'The ledger has no lines for this store and these months: the report would be empty.',
  fulfil: 'Fulfil and notify the artist',
  confirmFulfil: 'Build report #{id} from the ledger and tell the artist it is ready?',
  close: 'Close',
  pages: 'Pages of requested reports',
  loadError: 'The requested reports could not be loaded.',
  previewError: 'The preview could not be loaded.',
  retry: 'Retry',
} as const;

const paging = () => pagingFields(STAFF_DESK_LIMITS.pageSize, STAFF_DESK_LIMITS.maxPageSize);
const M = STAFF_DESK_MESSAGES;
/** YYYY-MM-DD (UTC day) or '' for no bound. */
const dayField = () =>
  yup
    .string()
    .trim()
    .optional()
    .default('')
    .test('day', M.dateInvalid, (v) => !v || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))));

/** GET ops/releases/queue: status, store-ready, release date range (inclusive, UTC days), artist/label search, order, paging. */
export const reviewQueueQuerySchema = yup.object({
  ...paging(),
  status: yup.string().trim().optional().default('in_review').oneOf([...REVIEW_QUEUE_STATUSES], M.statusInvalid),
  ready: yup.string().trim().optional().default('all').oneOf([...REVIEW_READY_FILTERS], M.readyInvalid),
  from: dayField(),
  to: dayField(),
  q: optionalString(STAFF_DESK_LIMITS.searchMax),
  order: yup.string().trim().optional().default('oldest').oneOf([...REVIEW_QUEUE_ORDERS], M.orderInvalid),
});
export type ReviewQueueQuery = yup.InferType<typeof reviewQueueQuerySchema>;

/** POST ops/releases/approve-many: 1 to 50 release ids. */
export const bulkApproveSchema = yup.object({
  release_ids: yup
    .array()
    .of(idField('Release not found.'))
    .required(M.bulkEmpty)
    .min(1, M.bulkEmpty)
    .max(STAFF_DESK_LIMITS.bulkApproveMax, M.bulkTooMany),
});

/** GET ops/reports/queue: paging. */
export const reportQueueSchema = yup.object({ ...paging() });
/** GET ops/reports/preview: one report. */
export const reportPreviewSchema = yup.object({ report_id: idField('Report not found.') });

/** One release's outcome in a bulk approval: approved (with its codes) or refused with the reason. */
export type BulkApproveItem = { release_id: number; approved: boolean; message: string; upc_ean: string };
export type BulkApproveResult = { approved: number; refused: number; items: BulkApproveItem[] };

/** A pending report request on the desk, oldest first. Months are epoch ms of the 1st (UTC). */
export type ReportQueueRow = {
  report_id: number;
  user_id: number;
  artist_name: string;
  user_email: string;
  store: string;
  start_date: number;
  end_date: number;
  /** ISO time of the request. */
  requested_at: string;
  /** Whole minutes since the request. */
  age_minutes: number;
};

/** The first rows a report would hold (REPORT_CSV_COLUMNS), and how many it would hold in all. */
export type ReportPreview = { report_id: number; columns: string[]; rows: string[][]; total_rows: number };
