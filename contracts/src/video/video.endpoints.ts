import { apiUrl, defineEndpoint } from '../common/endpoint';
import {
  audioOptionDocSchema,
  audioTitlesQuerySchema,
  releaseOptionDocSchema,
  thumbnailDocSchema,
  videoCatalogQuerySchema,
  videoReleaseSchema,
  videoRowDocSchema,
  type VideoCatalogQueryDto,
  type VideoReleaseDto,
} from './video.schemas';
import type { AudioOption, ReleaseOption } from '../releases/releases.types';
import type { UploadedThumbnail, VideoCatalogRow } from './video.types';

/** Multipart field of the thumbnail upload (the same name as POST /api/upload, core §7). */
export const THUMBNAIL_FIELD = 'image';

const GATES = 'Away mode (403 with the server’s text) and a revoked user (403 with the revoked text) block it, as for audio releases (areas §2 "Gates").';

/**
 * The video area's wire map (areas §2 /create_video_releases and /video-catalog, §5, §7). Every call is
 * the caller's own: another user's release, audio or video answers 404 like a missing one.
 */
export const VIDEO_ENDPOINTS = {
  getReleaseTitlesForVRelease: defineEndpoint<void, ReleaseOption[]>({
    method: 'GET',
    path: 'getReleaseTitlesForVRelease',
    access: 'user',
    tag: 'video',
    summary: 'The caller’s audio releases a music video can belong to',
    description:
      'areas §2 "Select Release", §7: the caller’s releases that are submitted (in_review) or approved, newest first. ' +
      'Drafts, rejected and taken-down releases are left out. body: { release_id, release_title }[], total.',
    response: releaseOptionDocSchema,
    list: true,
    errors: [],
  }),
  getAudioTitles: defineEndpoint<{ release_id: number }, AudioOption[]>({
    method: 'GET',
    path: 'getAudioTitles',
    access: 'user',
    tag: 'video',
    summary: 'The tracks of one of the caller’s releases',
    description: 'areas §2 "Select Audio", §7: body { audio_id, title }[] in track order, total. 404 for another user’s (or a missing or malformed) release id.',
    query: audioTitlesQuerySchema,
    response: audioOptionDocSchema,
    list: true,
    errors: [404],
  }),
  thumbnailFile: defineEndpoint<undefined, undefined>({
    method: 'GET',
    path: 'files/thumbnail/:filename',
    access: 'public',
    tag: 'video',
    summary: 'Thumbnail bytes (public like artwork, cached a year: names are random and never reused)',
    file: true,
    errors: [404],
  }),
  thumbnailUpload: defineEndpoint<void, UploadedThumbnail>({
    method: 'POST',
    path: 'thumbnailUpload',
    access: 'user',
    tag: 'video',
    summary: 'Upload the video thumbnail (multipart field "image"), streamed and checked on the bytes',
    description:
      'areas §2, §5, §9: a JPEG, PNG or GIF image of at most 1572864 bytes (413 "File more than 1.5 MB is not allowed."; 415 thumbnailType for other bytes, ' +
      'whatever the name or content type says). Message "Thumbnail uploaded successfully."; body.filename is what submitVideoRelease takes, body.url its public path. ' +
      `400 for a request without one file in "image". ${GATES}`,
    multipart: { field: THUMBNAIL_FIELD },
    response: thumbnailDocSchema,
    errors: [400, 403, 413, 415],
  }),
  submitVideoRelease: defineEndpoint<Partial<VideoReleaseDto>, void>({
    method: 'POST',
    path: 'submitVideoRelease',
    access: 'user',
    tag: 'video',
    summary: 'Submit a music video for review (status in_review)',
    description:
      'areas §2, §3, §5, §7. 400 in this order: "Please accept T & C.", "Please fill in all the fields before submit" (release, audio, download link, thumbnail, release date), ' +
      'release date before today + 6 days, a download link that is not http(s), a video UPC that is not 12-13 digits or fails its GS1 check digit, a video ISRC not CC-XXX-YY-NNNNN, ' +
      'a thumbnail that is not the caller’s upload. 404 for a release or audio that is not the caller’s, or an audio not on that release. ' +
      '409 for a release that is not submitted or approved, or an audio that already has a video in review or approved. ' +
      `${GATES} Unknown fields (status, user_id...) are dropped; the titles stored are those of the caller’s release and track. Answers message "Release submitted for review" and video_id.`,
    body: videoReleaseSchema,
    fields: { video_id: 'integer' },
    errors: [400, 403, 404, 409],
  }),
  getVideoCatelogListWeb: defineEndpoint<Partial<VideoCatalogQueryDto>, VideoCatalogRow[]>({
    method: 'GET',
    path: 'getVideoCatelogListWeb',
    access: 'user',
    tag: 'video',
    summary: 'The caller’s video releases, searched, filtered and paged',
    description:
      'areas §2 /video-catalog, in the style of getCatelogListWeb: page size 25 (limit at most 100); offset, or (page − 1) × limit; newest first. ' +
      'search matches title, audio title, actor or actress, case-insensitive; status in_review, approved, rejected or takendown (or the labels), 400 for another.',
    query: videoCatalogQuerySchema,
    response: videoRowDocSchema,
    list: true,
    errors: [400],
  }),
} as const;

/** URL path under which an uploaded thumbnail is readable (public, like artwork), + the stored filename. */
export const THUMBNAIL_URL_PREFIX = apiUrl(VIDEO_ENDPOINTS.thumbnailFile, { filename: '' });
