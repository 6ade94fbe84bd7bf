import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import {
  earningLinesQuerySchema,
  earningsQuerySchema,
  linkUnmatchedSchema,
  reportFulfilSchema,
  respondSplitSchema,
  setTrackSplitsSchema,
  statementImportIdSchema,
  statementListSchema,
  statementStartSchema,
  trackIdQuerySchema,
  unmatchedListSchema,
} from './royalties.schemas';
import type { SplitTrack, EarningLine, EarningsSummary, SplitInvitation, StatementImportRow, StatementPreset, StatementUpload, TrackSplit, UnmatchedCodeRow } from './royalties.types';

type In<S extends yup.AnyObjectSchema> = yup.InferType<S>;
const any = yup.object({}).meta({ description: 'see the type in @portal/contracts' });
const FIN = { access: 'staff', tag: 'ops' } as const;
const ROLE = ' Role: finance (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';
const USER = { access: 'user', tag: 'royalties' } as const;

/**
 * The money engine's wire map (docs/decisions/019-money-engine.md): statement imports, matching and
 * unmatched rows for finance in the console; earnings and splits for artists.
 */
export const ROYALTY_ENDPOINTS = {
  statementUpload: defineEndpoint<FormData, StatementUpload>({
    ...FIN, method: 'POST', path: 'ops/statements/upload',
    summary: 'Upload a statement file (multipart field "file"), streamed to disk with its SHA-256; answers the header and first 20 rows.' + ROLE,
    description: '409 duplicateFile when a live import has the same SHA-256; 400 when the bytes are not text; 413 beyond 2 GB.',
    multipart: { field: 'file' }, response: any, errors: [400, 403, 409, 413],
  }),
  statementStart: defineEndpoint<In<typeof statementStartSchema>, StatementImportRow>({
    ...FIN, method: 'POST', path: 'ops/statements/start',
    summary: 'Start an uploaded import with a preset (or a generic mapping, optionally saved), month, source, rate to USD, estimated/confirmed; runs as a background job.' + ROLE,
    body: statementStartSchema, response: any, errors: [400, 403, 404, 409],
  }),
  statementImports: defineEndpoint<In<typeof statementListSchema>, StatementImportRow[]>({
    ...FIN, method: 'GET', path: 'ops/statements', summary: 'Statement imports, newest first, with progress (rows read, matched, unmatched, amounts).' + ROLE,
    query: statementListSchema, response: any, list: true, errors: [403],
  }),
  statementImport: defineEndpoint<In<typeof statementImportIdSchema>, StatementImportRow>({
    ...FIN, method: 'GET', path: 'ops/statements/detail', summary: 'One statement import and its progress.' + ROLE,
    query: statementImportIdSchema, response: any, errors: [403, 404],
  }),
  statementRollback: defineEndpoint<In<typeof statementImportIdSchema>, StatementImportRow>({
    ...FIN, method: 'POST', path: 'ops/statements/rollback',
    summary: 'Roll an applied import back as a whole (its credits leave the ledger); refused once a payout was requested after it.' + ROLE,
    body: statementImportIdSchema, response: any, errors: [403, 404, 409],
  }),
  statementConfirm: defineEndpoint<In<typeof statementImportIdSchema>, StatementImportRow>({
    ...FIN, method: 'POST', path: 'ops/statements/confirm', summary: 'Mark an applied estimated import confirmed: its credits enter the withdrawable balance.' + ROLE,
    body: statementImportIdSchema, response: any, errors: [403, 404, 409],
  }),
  statementPresets: defineEndpoint<void, StatementPreset[]>({
    ...FIN, method: 'GET', path: 'ops/statements/presets', summary: 'Built-in and saved statement presets.' + ROLE, response: any, list: true, errors: [403],
  }),
  unmatchedCodes: defineEndpoint<In<typeof unmatchedListSchema>, UnmatchedCodeRow[]>({
    ...FIN, method: 'GET', path: 'ops/statements/unmatched', summary: 'Unmatched rows of applied imports not linked yet, by ISRC/UPC, summed, largest first.' + ROLE,
    query: unmatchedListSchema, response: any, list: true, errors: [403],
  }),
  linkUnmatched: defineEndpoint<In<typeof linkUnmatchedSchema>, { rows: number; amount_micros: number }>({
    ...FIN, method: 'POST', path: 'ops/statements/link', summary: 'Link every unmatched row of an ISRC or UPC to a track, which credits them now (audited).' + ROLE,
    body: linkUnmatchedSchema, response: any, errors: [400, 403, 404],
  }),
  fulfilReport: defineEndpoint<In<typeof reportFulfilSchema>, { report_id: number; rows: number }>({
    ...FIN, method: 'POST', path: 'ops/reports/fulfil', summary: 'Build a requested report’s CSV from the artist’s ledger lines for its store and months (audited).' + ROLE,
    body: reportFulfilSchema, response: any, errors: [403, 404, 409],
  }),

  getEarnings: defineEndpoint<In<typeof earningsQuerySchema>, EarningsSummary>({
    ...USER, method: 'GET', path: 'getEarnings',
    summary: 'The caller’s earnings by month, store, country, release and track (confirmed and estimated, micro-USD) and the withdrawable balance',
    description: '`from`/`to` are YYYY-MM sale months (default: the last 12 months).', query: earningsQuerySchema, response: any, errors: [400],
  }),
  getEarningLines: defineEndpoint<In<typeof earningLinesQuerySchema>, EarningLine[]>({
    ...USER, method: 'GET', path: 'getEarningLines', summary: 'The caller’s credit lines, newest sale month first, each with its statement and track',
    query: earningLinesQuerySchema, response: any, list: true, errors: [400],
  }),
  getSplitTracks: defineEndpoint<void, SplitTrack[]>({
    ...USER, method: 'GET', path: 'getSplitTracks', summary: 'The caller’s tracks of approved (or taken-down) releases, for the split editor', response: any, list: true, errors: [],
  }),
  getTrackSplits: defineEndpoint<In<typeof trackIdQuerySchema>, TrackSplit[]>({
    ...USER, method: 'GET', path: 'getTrackSplits', summary: 'The collaborators sharing one of the caller’s tracks (404 for another user’s track)',
    query: trackIdQuerySchema, response: any, list: true, errors: [404],
  }),
  setTrackSplits: defineEndpoint<In<typeof setTrackSplitsSchema>, TrackSplit[]>({
    ...USER, method: 'POST', path: 'setTrackSplits',
    summary: 'Replace the shares of one of the caller’s tracks from this month on (at most 100 % in all, the owner keeps the rest); invites new collaborators',
    body: setTrackSplitsSchema, response: any, errors: [400, 404],
  }),
  getSplitInvitations: defineEndpoint<void, SplitInvitation[]>({
    ...USER, method: 'GET', path: 'getSplitInvitations', summary: 'Shares offered to the caller’s e-mail and those they accepted', response: any, list: true, errors: [],
  }),
  respondSplit: defineEndpoint<In<typeof respondSplitSchema>, SplitInvitation>({
    ...USER, method: 'POST', path: 'respondSplit', summary: 'Accept or decline a share offered to the caller', body: respondSplitSchema, response: any, errors: [400, 404, 409],
  }),
};
