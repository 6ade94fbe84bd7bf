import type { ServerDocs } from '../common/endpoint-server';
import { bulkApproveSchema, reportPreviewSchema, reportQueueSchema } from './staff-desks';

const REVIEWER = ' Role: reviewer (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';
const FINANCE = ' Role: finance (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of STAFF_DESK_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const STAFF_DESK_SERVER = {
  bulkApprove: {
    summary: 'Approve several store-ready releases in review, one by one: each in its own transaction, four-eyes checked and audited like a single approval.' + REVIEWER,
    description: 'Answers every release’s outcome: approved with its UPC, or refused with the reason (not store-ready, not in review, the reviewer’s own release, an identifier held elsewhere, not found). 400 for an empty or longer-than-50 list.',
    body: bulkApproveSchema,
    errors: [400, 403],
  },
  reportQueue: {
    summary: 'Report requests waiting (PENDING), oldest first, with the artist and the age of each.' + FINANCE,
    query: reportQueueSchema,
    errors: [403],
  },
  reportPreview: {
    summary: 'The first 20 rows a pending report would hold if fulfilled from the ledger now, and the number of rows in all.' + FINANCE,
    query: reportPreviewSchema,
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
