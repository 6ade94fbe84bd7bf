import * as yup from 'yup';
import { idField } from './common/query.schemas';
import { GENRES } from './lists/genres';
import { subGenresFor } from './lists/sub-genres';
import { RELEASE_LIMITS as L } from './releases/releases.limits';
import { RELEASE_MESSAGES as RM } from './releases/releases.messages';
import { minReleaseDate, minReleaseDateAnyZone } from './releases/release-rules';
import { RELEASE_CHANGE_MAX_TRACKS, RELEASE_CHANGE_MESSAGES as M, RELEASE_CHANGE_NOTE_MAX } from './release-changes';

/** Latest release date accepted, epoch ms (2100-01-01), as the release info's. */
const MAX_RELEASE_DATE = Date.UTC(2100, 0, 1);
/** A field a change may set: absent = unchanged; given, it may not be empty. */
const changedText = (max: number = L.textMax) => yup.string().trim().min(1, RM.requiredFields).max(max).optional();

/**
 * requestReleaseChange: the fields of an approved release to change (issue 39 §3), each as the release info
 * takes it (genre and sub genre from the lists, a release date at least 6 days ahead in any time zone, an
 * artwork upload of the caller), per track a title or a price tier (checked against the release type by the
 * server), and a note. The server keeps only what differs from the release (400 nothingChanged otherwise).
 */
export const releaseChangeRequestSchema = yup.object({
  release_id: idField(RM.releaseNotFound),
  release_title: changedText(),
  genre: yup.string().trim().oneOf([...GENRES], RM.genreUnknown).optional(),
  sub_genre: changedText().test('sub-genre', RM.subGenreUnknown, function (value) {
    const genre = (this.parent as Record<string, unknown>).genre;
    return !value || typeof genre !== 'string' || !genre || subGenresFor(genre).includes(value);
  }),
  lable_name: changedText(),
  release_date: yup
    .number()
    .typeError(RM.requiredFields)
    .optional()
    .test('min-date', RM.releaseDateMin, function (value) {
      if (value === undefined) return true;
      const ctx = (this.options.context ?? {}) as { now?: number; anyZone?: boolean };
      return value >= (ctx.anyZone ? minReleaseDateAnyZone(ctx.now) : minReleaseDate(ctx.now));
    })
    .max(MAX_RELEASE_DATE, RM.releaseDateMax),
  album_artwork: changedText(),
  p_line: changedText(),
  c_line: changedText(),
  tracks: yup
    .array()
    .of(
      yup.object({
        track_id: idField(RM.trackNotFound),
        title: changedText(),
        price_tier: changedText(16),
      }),
    )
    .max(RELEASE_CHANGE_MAX_TRACKS, M.tooManyTracks)
    .optional(),
  note: yup.string().trim().max(RELEASE_CHANGE_NOTE_MAX, M.noteTooLong).optional().default(''),
});
export type ReleaseChangeRequest = yup.InferType<typeof releaseChangeRequestSchema>;

/** getReleaseChanges?release_id (the caller's release). */
export const releaseChangesQuerySchema = yup.object({ release_id: idField(RM.releaseNotFound) });
/** GET ops/releases/changes: pending changes (all, or of one release). */
export const opsReleaseChangesQuerySchema = yup.object({
  release_id: yup
    .mixed<number>()
    .transform((v: unknown) => (typeof v === 'string' && /^\d{1,15}$/.test(v.trim()) ? Number(v) : v))
    .test('id', RM.releaseNotFound, (v) => v === undefined || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0))
    .optional(),
  status: yup.string().trim().oneOf(['pending', 'approved', 'declined', 'all'], M.statusUnknown).optional().default('pending'),
});
/** POST ops/releases/changes/approve. */
export const opsReleaseChangeApproveSchema = yup.object({ change_id: idField(M.changeNotFound) });
/** POST ops/releases/changes/decline: the note is required (the artist reads why). */
export const opsReleaseChangeDeclineSchema = yup.object({
  change_id: idField(M.changeNotFound),
  note: yup.string().trim().required(M.declineNoteRequired).min(1, M.declineNoteRequired).max(RELEASE_CHANGE_NOTE_MAX, M.noteTooLong),
});
