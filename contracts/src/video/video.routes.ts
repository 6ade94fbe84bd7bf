import type * as yup from 'yup';
import type { audioTitlesQuerySchema, videoCatalogQuerySchema, videoReleaseSchema } from './video.schemas';
import type { AudioOption, ReleaseOption } from '../releases/releases.types';
import type { UploadedThumbnail, VideoCatalogRow } from './video.types';
import { apiUrl, defineRoute } from '../common/endpoint';

/** Multipart field of the thumbnail upload (the same name as POST /api/upload, core §7). */
export const THUMBNAIL_FIELD = 'image';
/**
 * The video area's wire map (areas §2 /create_video_releases and /video-catalog, §5, §7). Every call is
 * the caller's own: another user's release, audio or video answers 404 like a missing one.
 */
export const VIDEO_ENDPOINTS = {
  getReleaseTitlesForVRelease: defineRoute<void, ReleaseOption[], 'GET'>({ method: 'GET', path: 'getReleaseTitlesForVRelease', access: 'user', tag: 'video', list: true }),
  getAudioTitles: defineRoute<yup.InferType<typeof audioTitlesQuerySchema>, AudioOption[], 'GET'>({ method: 'GET', path: 'getAudioTitles', access: 'user', tag: 'video', list: true }),
  thumbnailFile: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'files/thumbnail/:filename', access: 'public', tag: 'video', file: true }),
  thumbnailUpload: defineRoute<void, UploadedThumbnail, 'POST'>({ method: 'POST', path: 'thumbnailUpload', access: 'user', tag: 'video', multipart: { field: THUMBNAIL_FIELD } }),
  submitVideoRelease: defineRoute<yup.InferType<typeof videoReleaseSchema>, void, 'POST'>({ method: 'POST', path: 'submitVideoRelease', access: 'user', tag: 'video', fields: { video_id: 'integer' } }),
  getVideoCatelogListWeb: defineRoute<yup.InferType<typeof videoCatalogQuerySchema>, VideoCatalogRow[], 'GET'>({ method: 'GET', path: 'getVideoCatelogListWeb', access: 'user', tag: 'video', list: true }),
} as const;

/** URL path under which an uploaded thumbnail is readable (public, like artwork), + the stored filename. */
export const THUMBNAIL_URL_PREFIX = apiUrl(VIDEO_ENDPOINTS.thumbnailFile, { filename: '' });
