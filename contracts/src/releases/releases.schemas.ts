import * as yup from 'yup';
import { idField } from '../common/query.schemas';
import { GENRES } from '../lists/genres';
import { subGenresFor } from '../lists/sub-genres';

/** Largest id a client may send (ids are 32-bit integers in both engines). */
const MAX_ID = 2_147_483_647;
/** Latest release date accepted, epoch ms (2100-01-01): bounds the number before it reaches a column. */
const MAX_RELEASE_DATE = Date.UTC(2100, 0, 1);
import { RELEASE_LIMITS as L } from './releases.limits';
import { RELEASE_MESSAGES as M } from './releases.messages';
import { EXPLICIT_VERSIONS, RELEASE_TYPES, TRACK_VERSIONS, YES_NO } from './releases.enums';
import { isPriceTierAllowed } from './price-tiers';
import { compactIsrc, hasValidGs1CheckDigit } from '../video/video.codes';
import { CALLER_TUNE_PATTERN, checkArtistRules, checkCreditNames, ISRC_PATTERN, maxProductionYear, minReleaseDate, minReleaseDateAnyZone, normalizeCallerTune, UPC_EAN_PATTERN } from './release-rules';

const text = (msg: string = M.requiredFields) => yup.string().trim().max(L.textMax).required(msg);
const optionalText = () => yup.string().trim().max(L.textMax).optional().default('');
/** An optional artist slot: '' / 0 / '0' from a form mean empty (null). */
const artistId = () =>
  yup
    .number()
    .transform((value: unknown, raw: unknown) => (raw === '' || raw === 0 || raw === '0' || raw === null ? null : value))
    .typeError(M.unknownArtist)
    .integer(M.unknownArtist)
    .positive(M.unknownArtist)
    .max(MAX_ID, M.unknownArtist)
    .optional()
    .nullable();

/**
 * The artist slots of a release or a track (core §3): the first primary artist is required, the
 * other five are optional artist ids (null when empty). Spread where the slots stand in the payload,
 * so the errors keep the spec's field order.
 */
const artistSlots = () => ({
  primary_artist1: yup.number().typeError(M.requiredFields).integer().positive(M.requiredFields).max(MAX_ID, M.unknownArtist).required(M.requiredFields),
  primary_artist2: artistId(),
  primary_artist3: artistId(),
  featuring1: artistId(),
  featuring2: artistId(),
  featuring3: artistId(),
});

/** Genre from the contracts' list (core §2 tab 1, docs/decisions/026). */
const genreField = () => text().oneOf([...GENRES], M.genreUnknown);
/** Sub genre from the list of the sibling `genreKey` field's genre. */
const subGenreField = (genreKey: string) =>
  text().test('sub-genre', M.subGenreUnknown, function (value) {
    const genre = String((this.parent as Record<string, unknown>)[genreKey] ?? '');
    return !value || !genre || subGenresFor(genre).includes(value);
  });

/**
 * createReleaseInfo / updateReleaseInfo payload (core §3 Release, §5 "Required in release info").
 * Pass `{ context: { now } }` to pin the clock; the server uses the any-zone minimum.
 */
export const releaseInfoSchema = yup
  .object({
    album_artwork: yup.string().trim().max(L.textMax).optional().default(''),
    release_type: yup.string().trim().lowercase().oneOf([...RELEASE_TYPES], M.requiredFields).required(M.requiredFields),
    release_title: text(),
    ...artistSlots(),
    genre: genreField(),
    sub_genre: subGenreField('genre'),
    lable_name: text(),
    release_date: yup
      .number()
      .typeError(M.requiredFields)
      .required(M.requiredFields)
      .test('min-date', M.releaseDateMin, function (value) {
        const ctx = (this.options.context ?? {}) as { now?: number; anyZone?: boolean };
        const min = ctx.anyZone ? minReleaseDateAnyZone(ctx.now) : minReleaseDate(ctx.now);
        return typeof value === 'number' && value >= min;
      })
      .max(MAX_RELEASE_DATE, M.releaseDateMax),
    p_line: text(),
    c_line: text(),
    upc_ean: yup
      .string()
      .trim()
      .optional()
      .default('')
      .test('upc', M.upcFormat, (v) => !v || UPC_EAN_PATTERN.test(v))
      .test('upc-check-digit', M.upcCheckDigit, (v) => !v || !UPC_EAN_PATTERN.test(v) || hasValidGs1CheckDigit(v)),
  })
  .test('artists', function (v) {
    const msg = checkArtistRules(v as Record<string, unknown>);
    return msg ? this.createError({ message: msg, path: 'primary_artist1' }) : true;
  });
export type ReleaseInfoPayload = yup.InferType<typeof releaseInfoSchema>;

const yesNo = () => yup.string().oneOf([...YES_NO], M.requiredFields).required(M.requiredFields);

/**
 * addSongInfo / updateSongInfo payload (core §3 Track, §5 "Required per track", artist and other
 * track rules). Context: `{ releaseType, now }` (the price tier is checked against the release type).
 * When destribute_music is "No" the video ISRC and link are cleared (core §5).
 */
export const trackSchema = yup
  .object({
    audio_track: yup.string().trim().required(M.uploadPending),
    track_version: yup.string().oneOf([...TRACK_VERSIONS], M.requiredFields).required(M.requiredFields),
    instrumental: yesNo(),
    title: text(),
    version_subtitle: optionalText(),
    ...artistSlots(),
    author1: text(),
    author2: optionalText(),
    author3: optionalText(),
    composer1: text(),
    composer2: optionalText(),
    composer3: optionalText(),
    producer: optionalText(),
    p_line: text(),
    production_year: yup
      .number()
      .typeError(M.requiredFields)
      .integer(M.productionYearInvalid)
      .min(1900, M.productionYearInvalid)
      .required(M.requiredFields)
      .test('max-year', M.productionYearMax, function (value) {
        const ctx = (this.options.context ?? {}) as { now?: number };
        return typeof value === 'number' && value <= maxProductionYear(ctx.now);
      }),
    publisher: optionalText(),
    isrc_yes_no: yesNo(),
    isrc: yup
      .string()
      .trim()
      .uppercase()
      .default('')
      .when('isrc_yes_no', {
        is: 'Yes',
        then: (s) => s.required(M.requiredFields).matches(ISRC_PATTERN, M.isrcFormat).transform((v: string) => (ISRC_PATTERN.test(v) ? compactIsrc(v) : v)),
        otherwise: (s) => s.transform(() => '').optional(),
      }),
    genre: genreField(),
    subgenre: subGenreField('genre'),
    price_tier: text().test('tier', M.priceTierNotAllowed, function (value) {
      const ctx = (this.options.context ?? {}) as { releaseType?: string };
      return !ctx.releaseType || (!!value && isPriceTierAllowed(ctx.releaseType, value));
    }),
    explicit_version: yup.string().oneOf([...EXPLICIT_VERSIONS], M.requiredFields).required(M.requiredFields),
    track_title_language: text(),
    lyrics_language: text(),
    lyrics: yup.string().max(L.lyricsMax).optional().default(''),
    caller_tune: yup
      .string()
      .trim()
      // m:ss and h:mm:ss as typed are stored as HH:MM:SS (issue 38 item 7).
      .transform((v: unknown) => (typeof v === 'string' ? normalizeCallerTune(v) : v))
      .max(L.callerTuneMaxChars, M.callerTuneFormat)
      .optional()
      .default('')
      .test('hhmmss', M.callerTuneFormat, (v) => !v || CALLER_TUNE_PATTERN.test(v)),
    destribute_music: yup.string().oneOf([...YES_NO], M.requiredFields).optional().default('No'),
    video_isrc: yup
      .string()
      .trim()
      .uppercase()
      .default('')
      .when('destribute_music', {
        is: 'Yes',
        then: (s) => s.optional().test('isrc', M.isrcFormat, (v) => !v || ISRC_PATTERN.test(v)),
        otherwise: (s) => s.transform(() => ''),
      }),
    download_video_link: yup
      .string()
      .trim()
      .max(1000)
      .default('')
      .when('destribute_music', {
        is: 'Yes',
        then: (s) => s.required(M.videoLinkRequired).url(M.videoLinkRequired),
        otherwise: (s) => s.transform(() => ''),
      }),
  })
  .test('artists', function (v) {
    const msg = checkArtistRules(v as Record<string, unknown>);
    return msg ? this.createError({ message: msg, path: 'primary_artist1' }) : true;
  })
  .test('credits', function (v) {
    const rec = v as unknown as Record<string, string>;
    const msg =
      checkCreditNames([rec.author1, rec.author2, rec.author3], 'author') ??
      checkCreditNames([rec.composer1, rec.composer2, rec.composer3], 'composer');
    return msg ? this.createError({ message: msg, path: 'author1' }) : true;
  });
export type TrackPayload = yup.InferType<typeof trackSchema>;

/** addArtist payload (core §7). */
export const artistSchema = yup.object({
  artist_type: yup.string().oneOf(['primary', 'featuring'], M.requiredFields).required(M.requiredFields),
  artist_name: yup.string().trim().required(M.artistNameRequired).max(L.textMax),
  apple_id: yup.string().trim().max(L.textMax).optional().default(''),
  spotify_id: yup.string().trim().max(L.textMax).optional().default(''),
});
export type ArtistPayload = yup.InferType<typeof artistSchema>;

/** 'yes' | 'no' of the Platform tab; 'Yes' / 'YES' from a form mean yes, anything else gets requiredFields. */
const yesNoLower = () =>
  yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
    .oneOf(['yes', 'no'], M.requiredFields)
    .required(M.requiredFields);

/** checkboxCrbtVideoPlatforms payload (core §7). A malformed release_id answers 404. */
export const platformsSchema = yup.object({
  release_id: idField(M.releaseNotFound),
  crbt: yesNoLower(),
  video_platforms: yesNoLower(),
});

/** updateReleaseInfo payload: the release info plus the release's id. */
export const releaseUpdateSchema = releaseInfoSchema.shape({ release_id: idField(M.releaseNotFound) });
/** addSongInfo payload: the track plus its release's id (the price tier is checked against the release type by the server). */
export const trackAddSchema = trackSchema.shape({ release_id: idField(M.releaseNotFound) });
/** updateSongInfo payload: as addSongInfo plus the track's audio_id. */
export const trackUpdateSchema = trackAddSchema.shape({ audio_id: idField(M.trackNotFound) });
/** deleteSongInfo payload: the audio_id, and optionally the release it must belong to. */
export const trackDeleteSchema = yup.object({
  audio_id: idField(M.trackNotFound),
  release_id: yup.number().typeError(M.trackNotFound).integer(M.trackNotFound).positive(M.trackNotFound).optional(),
});
/** deleteDraft payload. */
export const releaseIdBodySchema = yup.object({ release_id: idField(M.releaseNotFound) });
/**
 * submissionButton payload (core §2 tab 4): terms must be accepted. `terms: false` is refused at once;
 * a missing `terms` is refused after the release's own checks (the server answers what is wrong first).
 */
export const submitSchema = yup.object({
  release_id: idField(M.releaseNotFound),
  terms: yup.boolean().typeError(M.termsRequired).optional(),
});
/** getArtist query: the artist type of the picker ('' lists both). */
export const artistListQuerySchema = yup.object({
  artist_type: yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v))
    .oneOf(['', 'primary', 'featuring'], M.requiredFields)
    .optional()
    .default(''),
});
/** POST /api/upload query: the kind of file expected ('' = whatever the bytes show). */
export const uploadQuerySchema = yup.object({
  kind: yup.string().oneOf(['', 'artwork', 'audio'], M.uploadMissingFile).optional().default(''),
});
export type ReleaseUpdatePayload = yup.InferType<typeof releaseUpdateSchema>;
export type TrackAddPayload = yup.InferType<typeof trackAddSchema>;
export type TrackUpdatePayload = yup.InferType<typeof trackUpdateSchema>;

/** A stored upload name as the server makes them (random hex plus extension). */
export const STORED_FILENAME_PATTERN = /^[A-Za-z0-9_-]{8,80}\.[a-z0-9]{2,5}$/;
/** getAudioLink query: the stored name of one of the caller's audio uploads (a malformed name answers 404). */
export const audioLinkQuerySchema = yup.object({
  filename: yup
    .string()
    .required(M.uploadUnknownFile)
    .test('not-found-id', M.uploadUnknownFile, (v) => !!v && STORED_FILENAME_PATTERN.test(v))
    .meta({ notFoundId: true }),
});
/** files/audio/:filename query of a signed link: expiry (epoch seconds) and the HMAC. */
/** The expiry (epoch seconds) and signature of a signed file link, as query fields. */
export const signedFileFields = {
  expires: yup.number().integer().min(0).max(1e11).optional(),
  sig: yup.string().matches(/^[A-Za-z0-9_-]{20,100}$/).optional(),
};
export const signedFileQuerySchema = yup.object(signedFileFields);
