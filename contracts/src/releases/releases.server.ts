import * as yup from 'yup';
import { idField } from '../common/query.schemas';
import { catalogQuerySchema, catalogRowDocSchema } from './catalog.schemas';
import { RELEASE_MESSAGES as M } from './releases.messages';
import { artistListQuerySchema, artistSchema, platformsSchema, releaseIdBodySchema, releaseInfoSchema, releaseUpdateSchema, submitSchema, trackAddSchema, trackDeleteSchema, trackUpdateSchema, uploadQuerySchema, audioLinkQuerySchema, signedFileQuerySchema } from './releases.schemas';
import type { ServerDocs } from '../common/endpoint-server';

/** Documentation of a Release body (core §3 Release) with its tracks. */
const releaseDocSchema = yup.object({
  release_id: yup.number().integer().required(),
  status: yup.string().required(),
  reason: yup.string().nullable(),
  number_of_tracks: yup.number().integer().required(),
  artist_name: yup.string().optional(),
  release_type: yup.string().required(),
  release_title: yup.string().required(),
  album_artwork: yup.string().required(),
  release_date: yup.number().integer().required().meta({ description: 'epoch ms' }),
  audios: yup.array(yup.object({ audio_id: yup.number().integer().required(), title: yup.string().required(), status: yup.number().integer().required() })),
});
const artistDocSchema = yup.object({
  artist_id: yup.number().integer().required(),
  artist_name: yup.string().required(),
  apple_id: yup.string().required(),
  spotify_id: yup.string().required(),
  artist_type: yup.string().oneOf(['primary', 'featuring']).required(),
});
const logoDocSchema = yup.object({ name: yup.string().required(), logo: yup.string().required(), type: yup.string().oneOf(['1', '2', '3']).required() });
const uploadDocSchema = yup.object({
  filename: yup.string().required(),
  kind: yup.string().oneOf(['artwork', 'audio']).required(),
  mime: yup.string().required(),
  size: yup.number().integer().required().meta({ description: 'bytes' }),
});
const checksDocSchema = yup.object({ caller_tune: yup.string().oneOf(['Yes', 'No']).required(), destribute_music: yup.string().oneOf(['Yes', 'No']).required() });
/** `?release_id=` of the release read calls; a malformed id answers 404 releaseNotFound. */
export const releaseIdQuerySchema = yup.object({ release_id: idField(M.releaseNotFound) });

/** Validation and documentation of RELEASE_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const RELEASE_SERVER = {
  getCatelogListWeb: {
    summary: 'The caller’s audio releases, searched, filtered and paged',
    description:
      'core §2 /catalog, §9: page size 25 (limit at most 100); offset, or (page − 1) × limit; newest first by default. ' +
      'search matches title, artist name or label, case-insensitive. 400 catalogStatusInvalid for an unknown status.',
    query: catalogQuerySchema,
    response: catalogRowDocSchema,
    errors: [400],
  },
  getCatelogById: {
    summary: 'One release of the caller with its tracks (release detail)',
    description: 'core §2 /catalog/{id}: the release with `audios` (each with `artist_name` and numeric `status`). 404 for another user’s release.',
    query: releaseIdQuerySchema,
    errors: [404],
  },
  createReleaseInfo: {
    summary: 'Create a draft release from tab 1 (answers release_id)',
    description:
      'core §2 tab 1, §5 "Required in release info": release date at least today + 6 days (any time zone), artists the caller’s own of the right type, ' +
      'artwork an upload of the caller. 403 away / revoked text (core §6).',
    body: releaseInfoSchema,
    codes: { 400: ['upc_in_use'] },
    errors: [400, 403, 404],
  },
  updateReleaseInfo: {
    summary: 'Update a draft or rejected release’s info',
    description: 'As createReleaseInfo; a rejected release stays rejected until submitted again. 409 notEditable (in review, approved, taken down).',
    body: releaseUpdateSchema,
    codes: { 400: ['upc_in_use'] },
    errors: [400, 403, 404, 409],
  },
  getDraft: {
    summary: 'A release with its tracks, for the wizard',
    query: releaseIdQuerySchema,
    response: releaseDocSchema,
    errors: [404],
  },
  checkboxCrbtVideoPlatforms: {
    summary: 'Save the optional CRBT and video platforms (tab 3)',
    description: 'core §5 Platforms: CRBT needs a track with a caller tune (callerTuneFirst), video a track distributing a video (videoDetailsFirst).',
    body: platformsSchema,
    errors: [400, 403, 404, 409],
  },
  getSubmissionDataChecks: {
    summary: 'Whether any track has a caller tune / a music video (tab 3 switches)',
    query: releaseIdQuerySchema,
    response: checksDocSchema,
    errors: [404],
  },
  getSubmissionDetails: {
    summary: 'What will be submitted (tab 4): the release, its tracks and its platforms',
    query: releaseIdQuerySchema,
    response: releaseDocSchema,
    errors: [404],
  },
  submissionButton: {
    summary: 'Submit a draft or rejected release for review (tab 4)',
    description:
      'Re-validates the whole release in one transaction; the terms must be accepted (termsRequired). ' +
      '409 alreadySubmitted when it is not draft or rejected, or a concurrent submit won.',
    body: submitSchema,
    codes: { 400: ['store_not_ready'] },
    errors: [400, 403, 404, 409],
  },
  deleteDraft: {
    summary: 'Delete a draft or rejected release and its tracks (core §4)',
    body: releaseIdBodySchema,
    errors: [404, 409],
  },
  addSongInfo: {
    summary: 'Add a track to a draft or rejected release (answers audio_id)',
    description: 'core §5 "Required per track", artist, author/composer, ISRC, caller tune and video rules; the price tier must be allowed for the release type.',
    body: trackAddSchema,
    codes: { 400: ['isrc_in_use'] },
    errors: [400, 403, 404, 409],
  },
  updateSongInfo: {
    summary: 'Update a track of a draft or rejected release',
    body: trackUpdateSchema,
    codes: { 400: ['isrc_in_use'] },
    errors: [400, 403, 404, 409],
  },
  deleteSongInfo: {
    summary: 'Delete a track of a draft or rejected release',
    body: trackDeleteSchema,
    errors: [403, 404, 409],
  },
  addArtist: {
    summary: 'Add a primary or featuring artist to the caller’s pickers',
    body: artistSchema,
    response: artistDocSchema,
    errors: [400],
  },
  getArtist: {
    summary: 'The caller’s artists of a type, by name',
    query: artistListQuerySchema,
    response: artistDocSchema,
    errors: [400],
  },
  getLogos: {
    summary: 'The platforms of the Platform tab (type "1" audio, "2" CRBT, "3" video)',
    response: logoDocSchema,
    errors: [],
  },
  logoFile: {
    summary: 'A platform or store logo (SVG, cached a day)',
    errors: [404],
  },
  upload: {
    summary: 'Upload artwork or audio (multipart field "image"), streamed and checked on the bytes',
    description:
      'Artwork png/gif/jpeg at most 1572864 bytes, audio mp3/wav at most 104857600 bytes; kind absent: the kind the bytes show. ' +
      'A failed upload leaves no file and no row. 403 away / revoked. ' +
      'Artwork while no instance runs jobs (its renditions could not be made): 503 jobs_unavailable with Retry-After, at once.',
    query: uploadQuerySchema,
    response: uploadDocSchema,
    codes: { 413: ['upload_quota'], 415: ['artwork_unreadable'], 422: ['artwork_qc'], 429: ['upload_rate'], 503: ['jobs_unavailable'] },
    errors: [400, 403, 413, 415, 422, 429, 503],
  },
  artworkFile: {
    summary: 'Artwork bytes (public, cached a year: names are random and never reused)',
    errors: [404],
  },
  artworkRendition: {
    summary: 'A resized copy of an artwork: `<width>.<format>`, width 64, 300 or 1000 px, format webp or jpg (public like the artwork, cached a year)',
    description:
      'Square renditions made at upload (artworks stored before renditions existed get theirs on the first request). ' +
      'Same access as the artwork itself: the random file name is the only key; a rendition path never reaches audio. ' +
      '404 for an unknown artwork, another kind of upload, or a width/format outside the list. ' +
      'While the server is busy making renditions of older artworks, or no instance runs jobs, it answers 307 to the original (not cached).',
    errors: [404],
  },
  audioFile: {
    summary: 'Audio bytes for their owner only (Range supported)',
    description:
      'The owner’s token in Authorization, or a signed link from getAudioLink (`expires`, `sig`: an HMAC bound to this one file, ' +
      'valid minutes). The login token never travels in a URL (docs/decisions/026). 404 for another user’s file or a bad or expired link.',
    query: signedFileQuerySchema,
    errors: [404, 416],
  },
  getAudioLink: {
    summary: 'A short-lived signed URL of one of the caller’s audio files, for an <audio> element',
    description: 'body `{ url, expires_at (epoch ms) }`; the URL works without a token until then (10 minutes). 404 for another user’s file.',
    query: audioLinkQuerySchema,
    response: yup.object({ url: yup.string().required(), expires_at: yup.number().integer().required().meta({ description: 'epoch ms' }) }),
    errors: [404],
  },
} satisfies ServerDocs;
