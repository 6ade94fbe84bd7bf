import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { trackDraftClearSchema, trackDraftSchema } from './track-draft';

const R = { access: 'user', tag: 'releases' } as const;

export const TRACK_DRAFT_ENDPOINTS = {
  saveTrackDraft: defineRoute<yup.InferType<typeof trackDraftSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'saveTrackDraft' }),
  deleteTrackDraft: defineRoute<yup.InferType<typeof trackDraftClearSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'deleteTrackDraft' }),
} as const;
