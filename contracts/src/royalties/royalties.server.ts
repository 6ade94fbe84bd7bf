import { earningLinesQuerySchema, earningsQuerySchema, linkUnmatchedSchema, reportFulfilSchema, respondSplitSchema, setTrackSplitsSchema, statementImportIdSchema, statementListSchema, statementStartSchema, trackIdQuerySchema, unmatchedListSchema } from './royalties.schemas';
import type { ServerDocs } from '../common/endpoint-server';

const ROLE = ' Role: finance (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of ROYALTY_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const ROYALTY_SERVER = {
  statementUpload: {
    summary: 'Upload a statement file (multipart field "file"), streamed to disk with its SHA-256; answers the header and first 20 rows.' + ROLE,
    description: '409 duplicateFile when an applied import has the same SHA-256 (an upload never applied claims nothing, docs/decisions/031); the delimiter (comma, tab, semicolon, pipe) is detected from the header line, CRLF and a UTF-8 BOM are read; 400 when the bytes are not text (binary: any NUL byte or more than 1 % control bytes in the first 8 KB) or the file is empty (file_empty); 413 beyond 2 GB.',
    codes: { 400: ['file_empty'], 409: ['duplicate_file'] },
    errors: [400, 403, 409, 413],
  },
  statementStart: {
    summary: 'Start an uploaded import with a preset (or a generic mapping, optionally saved), month, source, rate to USD, estimated/confirmed; runs as a background job.' + ROLE,
    body: statementStartSchema,
    codes: { 409: ['duplicate_file'] },
    errors: [400, 403, 404, 409],
  },
  statementImports: {
    summary: 'Statement imports, newest first, with progress (rows read, matched, unmatched, amounts).' + ROLE,
    query: statementListSchema,
    errors: [403],
  },
  statementImport: {
    summary: 'One statement import and its progress.' + ROLE,
    query: statementImportIdSchema,
    errors: [403, 404],
  },
  statementRollback: {
    summary: 'Roll an applied import back as a whole (its credits leave the ledger); refused once a payout was requested after it.' + ROLE,
    body: statementImportIdSchema,
    codes: { 409: ['rollback_refused'] },
    errors: [403, 404, 409],
  },
  statementDiscard: {
    summary: 'Discard an upload that was never applied (uploaded, or failed): its file is deleted, the same file may be uploaded again (audited).' + ROLE,
    description: 'A file is claimed (the duplicate refusal) only when an import of it is applied (docs/decisions/031). 409 discardNotAllowed for any other state.',
    body: statementImportIdSchema,
    codes: { 409: ['discard_not_allowed'] },
    errors: [403, 404, 409],
  },
  statementConfirm: {
    summary: 'Mark an applied estimated import confirmed: its credits enter the withdrawable balance.' + ROLE,
    body: statementImportIdSchema,
    errors: [403, 404, 409],
  },
  statementPresets: {
    summary: 'Built-in and saved statement presets.' + ROLE,
    errors: [403],
  },
  unmatchedCodes: {
    summary: 'Unmatched rows of applied imports not linked yet, by ISRC/UPC, summed, largest first.' + ROLE,
    query: unmatchedListSchema,
    errors: [403],
  },
  linkUnmatched: {
    summary: 'Link every unmatched row of an ISRC or UPC to a track, which credits them now (audited).' + ROLE,
    body: linkUnmatchedSchema,
    errors: [400, 403, 404],
  },
  fulfilReport: {
    summary: 'Build a requested report’s CSV from the artist’s ledger lines for its store and months (audited).' + ROLE,
    body: reportFulfilSchema,
    errors: [403, 404, 409],
  },
  getEarnings: {
    summary: 'The caller’s earnings by month, store, country, release and track (confirmed and estimated, micro-USD) and the withdrawable balance',
    description: '`from`/`to` are YYYY-MM sale months (default: the last 12 months).',
    query: earningsQuerySchema,
    errors: [400],
  },
  getEarningLines: {
    summary: 'The caller’s credit lines, newest sale month first, each with its statement and track',
    query: earningLinesQuerySchema,
    errors: [400],
  },
  getSplitTracks: {
    summary: 'The caller’s tracks of approved (or taken-down) releases, for the split editor',
    errors: [],
  },
  getTrackSplits: {
    summary: 'The collaborators sharing one of the caller’s tracks (404 for another user’s track)',
    query: trackIdQuerySchema,
    errors: [404],
  },
  setTrackSplits: {
    summary: 'Replace the shares of one of the caller’s tracks from this month on (at most 100 % in all, the owner keeps the rest); invites new collaborators',
    body: setTrackSplitsSchema,
    errors: [400, 404],
  },
  getSplitInvitations: {
    summary: 'Shares offered to the caller’s e-mail and those they accepted',
    errors: [],
  },
  respondSplit: {
    summary: 'Accept or decline a share offered to the caller',
    body: respondSplitSchema,
    errors: [400, 404, 409],
  },
} satisfies ServerDocs;
