import * as yup from 'yup';
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

