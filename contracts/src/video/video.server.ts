import { audioOptionDocSchema, audioTitlesQuerySchema, releaseOptionDocSchema, thumbnailDocSchema, videoCatalogQuerySchema, videoReleaseSchema, videoRowDocSchema } from './video.schemas';
import type { ServerDocs } from '../common/endpoint-server';

const GATES = 'Away mode (403 with the server’s text) and a revoked user (403 with the revoked text) block it, as for audio releases (areas §2 "Gates").';

/** Validation and documentation of VIDEO_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const VIDEO_SERVER = {
  getReleaseTitlesForVRelease: {
    summary: 'The caller’s audio releases a music video can belong to',
    description:
      'areas §2 "Select Release", §7: the caller’s releases that are submitted (in_review) or approved, newest first. ' +
      'Drafts, rejected and taken-down releases are left out. body: { release_id, release_title }[], total.',
    response: releaseOptionDocSchema,
    errors: [],
  },
  getAudioTitles: {
    summary: 'The tracks of one of the caller’s releases',
    description: 'areas §2 "Select Audio", §7: body { audio_id, title }[] in track order, total. 404 for another user’s (or a missing or malformed) release id.',
    query: audioTitlesQuerySchema,
    response: audioOptionDocSchema,
    errors: [404],
  },
  thumbnailFile: {
    summary: 'Thumbnail bytes (public like artwork, cached a year: names are random and never reused)',
    errors: [404],
  },
  thumbnailUpload: {
    summary: 'Upload the video thumbnail (multipart field "image"), streamed and checked on the bytes',
    description:
      'areas §2, §5, §9: a JPEG, PNG or GIF image of at most 1572864 bytes (413 "File more than 1.5 MB is not allowed."; 415 thumbnailType for other bytes, ' +
      'whatever the name or content type says). Message "Thumbnail uploaded successfully."; body.filename is what submitVideoRelease takes, body.url its public path. ' +
      `400 for a request without one file in "image". ${GATES}`,
    response: thumbnailDocSchema,
    codes: { 422: ['thumbnail_qc'] },
    errors: [400, 403, 413, 415, 422],
  },
  submitVideoRelease: {
    summary: 'Submit a music video for review (status in_review)',
    description:
      'areas §2, §3, §5, §7. 400 in this order: "Please accept T & C.", "Please fill in all the fields before submit" (release, audio, download link, thumbnail, release date), ' +
      'release date before today + 6 days, a download link that is not http(s), a video UPC that is not 12-13 digits or fails its GS1 check digit, a video ISRC not CC-XXX-YY-NNNNN, ' +
      'a thumbnail that is not the caller’s upload. 404 for a release or audio that is not the caller’s, or an audio not on that release. ' +
      '409 for a release that is not submitted or approved, or an audio that already has a video in review or approved. ' +
      `${GATES} Unknown fields (status, user_id...) are dropped; the titles stored are those of the caller’s release and track. Answers message "Release submitted for review" and video_id.`,
    body: videoReleaseSchema,
    codes: { 400: ['upc_in_use', 'isrc_in_use'] },
    errors: [400, 403, 404, 409],
  },
  getVideoCatelogListWeb: {
    summary: 'The caller’s video releases, searched, filtered and paged',
    description:
      'areas §2 /video-catalog, in the style of getCatelogListWeb: page size 25 (limit at most 100); offset, or (page − 1) × limit; newest first. ' +
      'search matches title, audio title, actor or actress, case-insensitive; status in_review, approved, rejected or takendown (or the labels), 400 for another.',
    query: videoCatalogQuerySchema,
    response: videoRowDocSchema,
    errors: [400],
  },
} satisfies ServerDocs;
