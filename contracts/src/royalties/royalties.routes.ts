import type * as yup from 'yup';
import type { earningLinesQuerySchema, earningsQuerySchema, linkUnmatchedSchema, reportFulfilSchema, respondSplitSchema, setTrackSplitsSchema, statementImportIdSchema, statementListSchema, statementStartSchema, trackIdQuerySchema, unmatchedListSchema } from './royalties.schemas';
import type { SplitTrack, EarningLine, EarningsSummary, SplitInvitation, StatementImportRow, StatementPreset, StatementUpload, TrackSplit, UnmatchedCodeRow } from './royalties.types';
import { defineRoute } from '../common/endpoint';

const FIN = { access: 'staff', tag: 'ops' } as const;
const USER = { access: 'user', tag: 'royalties' } as const;

/**
 * The money engine's wire map (docs/decisions/019-money-engine.md): statement imports, matching and
 * unmatched rows for finance in the console; earnings and splits for artists.
 */
export const ROYALTY_ENDPOINTS = {
  statementUpload: defineRoute<FormData, StatementUpload, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/upload', multipart: { field: 'file' } }),
  statementStart: defineRoute<yup.InferType<typeof statementStartSchema>, StatementImportRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/start' }),
  statementImports: defineRoute<yup.InferType<typeof statementListSchema>, StatementImportRow[], 'GET'>({ ...FIN, method: 'GET', path: 'ops/statements', list: true }),
  statementImport: defineRoute<yup.InferType<typeof statementImportIdSchema>, StatementImportRow, 'GET'>({ ...FIN, method: 'GET', path: 'ops/statements/detail' }),
  statementRollback: defineRoute<yup.InferType<typeof statementImportIdSchema>, StatementImportRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/rollback' }),
  statementDiscard: defineRoute<yup.InferType<typeof statementImportIdSchema>, StatementImportRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/discard' }),
  statementConfirm: defineRoute<yup.InferType<typeof statementImportIdSchema>, StatementImportRow, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/confirm' }),
  statementPresets: defineRoute<void, StatementPreset[], 'GET'>({ ...FIN, method: 'GET', path: 'ops/statements/presets', list: true }),
  unmatchedCodes: defineRoute<yup.InferType<typeof unmatchedListSchema>, UnmatchedCodeRow[], 'GET'>({ ...FIN, method: 'GET', path: 'ops/statements/unmatched', list: true }),
  linkUnmatched: defineRoute<yup.InferType<typeof linkUnmatchedSchema>, { rows: number; amount_micros: number }, 'POST'>({ ...FIN, method: 'POST', path: 'ops/statements/link' }),
  fulfilReport: defineRoute<yup.InferType<typeof reportFulfilSchema>, { report_id: number; rows: number }, 'POST'>({ ...FIN, method: 'POST', path: 'ops/reports/fulfil' }),
  getEarnings: defineRoute<yup.InferType<typeof earningsQuerySchema>, EarningsSummary, 'GET'>({ ...USER, method: 'GET', path: 'getEarnings' }),
  getEarningLines: defineRoute<yup.InferType<typeof earningLinesQuerySchema>, EarningLine[], 'GET'>({ ...USER, method: 'GET', path: 'getEarningLines', list: true }),
  getSplitTracks: defineRoute<void, SplitTrack[], 'GET'>({ ...USER, method: 'GET', path: 'getSplitTracks', list: true }),
  getTrackSplits: defineRoute<yup.InferType<typeof trackIdQuerySchema>, TrackSplit[], 'GET'>({ ...USER, method: 'GET', path: 'getTrackSplits', list: true }),
  setTrackSplits: defineRoute<yup.InferType<typeof setTrackSplitsSchema>, TrackSplit[], 'POST'>({ ...USER, method: 'POST', path: 'setTrackSplits' }),
  getSplitInvitations: defineRoute<void, SplitInvitation[], 'GET'>({ ...USER, method: 'GET', path: 'getSplitInvitations', list: true }),
  respondSplit: defineRoute<yup.InferType<typeof respondSplitSchema>, SplitInvitation, 'POST'>({ ...USER, method: 'POST', path: 'respondSplit' }),
} as const;
