import type { ServerDocs } from '../common/endpoint-server';
import { trackDraftClearSchema, trackDraftSchema } from './track-draft';

/** Validation and documentation of TRACK_DRAFT_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const TRACK_DRAFT_SERVER = {
  saveTrackDraft: {
    summary: 'Keep the unsaved track row of a draft or rejected release on the server',
    description: 'docs/decisions/017: audio_track must be the caller’s audio upload (or empty); values are the dialog’s fields as strings. getDraft answers it as track_draft. 404 another user’s release, 409 not editable.',
    body: trackDraftSchema,
    errors: [400, 404, 409],
  },
  deleteTrackDraft: {
    summary: 'Forget the unsaved track row of a release',
    body: trackDraftClearSchema,
    errors: [404],
  },
} satisfies ServerDocs;
