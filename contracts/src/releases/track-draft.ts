import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import { idField } from '../common/query.schemas';
import { RELEASE_LIMITS } from './releases.limits';
import { RELEASE_MESSAGES } from './releases.messages';

/**
 * The one unsaved track row of a release kept on the server (docs/decisions/017 "No silent loss"): the
 * uploaded audio file and what was typed in Add Details, so a reload or another device finds it. Saved
 * after each upload and each close of the dialog; removed when the track is saved with addSongInfo or
 * the row is discarded.
 */
export type TrackDraft = { audio_track: string; values: Record<string, string>; updated_at: number };

export const TRACK_DRAFT_MESSAGES = {
  saved: 'Draft track kept.',
  cleared: 'Draft track removed.',
  invalid: 'The draft track is not valid.',
} as const;

/** At most this many fields, each a short key and a string no longer than the lyrics limit. */
const MAX_KEYS = 60;

export const trackDraftSchema = yup.object({
  release_id: idField(RELEASE_MESSAGES.releaseNotFound),
  audio_track: yup.string().strict().typeError(TRACK_DRAFT_MESSAGES.invalid).max(255, TRACK_DRAFT_MESSAGES.invalid).default(''),
  values: yup
    .mixed<Record<string, string>>()
    .default({})
    .test('values', TRACK_DRAFT_MESSAGES.invalid, (v) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
      const entries = Object.entries(v as Record<string, unknown>);
      return entries.length <= MAX_KEYS && entries.every(([k, s]) => /^[a-z0-9_]{1,40}$/.test(k) && typeof s === 'string' && s.length <= RELEASE_LIMITS.lyricsMax);
    }),
});

export const trackDraftClearSchema = yup.object({ release_id: idField(RELEASE_MESSAGES.releaseNotFound) });

const R = { access: 'user', tag: 'releases' } as const;

export const TRACK_DRAFT_ENDPOINTS = {
  saveTrackDraft: defineEndpoint<{ release_id: number; audio_track: string; values: Record<string, string> }, undefined>({
    ...R, method: 'POST', path: 'saveTrackDraft',
    summary: 'Keep the unsaved track row of a draft or rejected release on the server',
    description: 'docs/decisions/017: audio_track must be the caller’s audio upload (or empty); values are the dialog’s fields as strings. getDraft answers it as track_draft. 404 another user’s release, 409 not editable.',
    body: trackDraftSchema, errors: [400, 404, 409],
  }),
  deleteTrackDraft: defineEndpoint<{ release_id: number }, undefined>({
    ...R, method: 'POST', path: 'deleteTrackDraft',
    summary: 'Forget the unsaved track row of a release',
    body: trackDraftClearSchema, errors: [404],
  }),
} as const;
