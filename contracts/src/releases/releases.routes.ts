import type * as yup from 'yup';
import { ARTISTS_PATH, CATALOG_LIST_PATH } from './catalog.request';
import type { PlatformLogo } from '../lists/platforms';
import type { catalogQuerySchema } from './catalog.schemas';
import type { artistListQuerySchema, artistSchema, platformsSchema, releaseIdBodySchema, releaseInfoSchema, releaseUpdateSchema, submitSchema, trackAddSchema, trackDeleteSchema, trackUpdateSchema, uploadQuerySchema, audioLinkQuerySchema, signedFileQuerySchema } from './releases.schemas';
import type { Artist, CatalogRow, Release, SubmissionDataChecks } from './releases.types';
import { apiUrl, defineRoute } from '../common/endpoint';
import type { releaseIdQuerySchema } from './releases.server';

const releaseId = { release_id: 'integer' } as const;
const R = { access: 'user', tag: 'releases' } as const;
/**
 * The audio release area's wire map (core §7). Paths are the published contract, misspellings
 * included. Every call is the caller's own: another user's release answers 404 like a missing one.
 */
export const RELEASE_ENDPOINTS = {
  getCatelogListWeb: defineRoute<yup.InferType<typeof catalogQuerySchema>, CatalogRow[], 'GET'>({ method: 'GET', path: CATALOG_LIST_PATH, access: 'user', tag: 'releases', list: true }),
  getCatelogById: defineRoute<yup.InferType<typeof releaseIdQuerySchema>, Release, 'GET'>({ method: 'GET', path: 'getCatelogById', access: 'user', tag: 'releases' }),
  createReleaseInfo: defineRoute<yup.InferType<typeof releaseInfoSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'createReleaseInfo', fields: releaseId }),
  updateReleaseInfo: defineRoute<yup.InferType<typeof releaseUpdateSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'updateReleaseInfo' }),
  getDraft: defineRoute<yup.InferType<typeof releaseIdQuerySchema>, Release, 'GET'>({ ...R, method: 'GET', path: 'getDraft' }),
  checkboxCrbtVideoPlatforms: defineRoute<yup.InferType<typeof platformsSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'checkboxCrbtVideoPlatforms' }),
  getSubmissionDataChecks: defineRoute<yup.InferType<typeof releaseIdQuerySchema>, SubmissionDataChecks, 'GET'>({ ...R, method: 'GET', path: 'getSubmissionDataChecks' }),
  getSubmissionDetails: defineRoute<yup.InferType<typeof releaseIdQuerySchema>, Release & { platforms: PlatformLogo[] }, 'GET'>({ ...R, method: 'GET', path: 'getSubmissionDetails' }),
  submissionButton: defineRoute<yup.InferType<typeof submitSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'submissionButton' }),
  deleteDraft: defineRoute<yup.InferType<typeof releaseIdBodySchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'deleteDraft' }),
  addSongInfo: defineRoute<yup.InferType<typeof trackAddSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'addSongInfo', fields: { audio_id: 'integer' } }),
  updateSongInfo: defineRoute<yup.InferType<typeof trackUpdateSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'updateSongInfo' }),
  deleteSongInfo: defineRoute<yup.InferType<typeof trackDeleteSchema>, undefined, 'POST'>({ ...R, method: 'POST', path: 'deleteSongInfo' }),
  addArtist: defineRoute<yup.InferType<typeof artistSchema>, Artist, 'POST'>({ ...R, method: 'POST', path: 'addArtist' }),
  getArtist: defineRoute<yup.InferType<typeof artistListQuerySchema>, Artist[], 'GET'>({ ...R, method: 'GET', path: ARTISTS_PATH, list: true }),
  getLogos: defineRoute<undefined, PlatformLogo[], 'GET'>({ ...R, method: 'GET', path: 'getLogos', list: true }),
  logoFile: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'static/logos/:file', access: 'public', tag: 'releases', file: true }),
  upload: defineRoute<yup.InferType<typeof uploadQuerySchema>, { filename: string; kind: 'artwork' | 'audio'; mime: string; size: number }, 'POST'>({ ...R, method: 'POST', path: 'upload', multipart: { field: 'image' } }),
  artworkFile: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'files/artwork/:filename', access: 'public', tag: 'releases', file: true }),
  artworkRendition: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'files/artwork/:filename/:rendition', access: 'public', tag: 'releases', file: true }),
  audioFile: defineRoute<yup.InferType<typeof signedFileQuerySchema>, undefined, 'GET'>({ method: 'GET', path: 'files/audio/:filename', access: 'user', tag: 'releases', file: true }),
  getAudioLink: defineRoute<yup.InferType<typeof audioLinkQuerySchema>, { url: string; expires_at: number }, 'GET'>({ ...R, method: 'GET', path: 'getAudioLink' }),
} as const;

/** URL path under which uploaded artwork is readable (+ the stored filename); audio likewise, owner only. */
export const ARTWORK_URL_PREFIX = apiUrl(RELEASE_ENDPOINTS.artworkFile, { filename: '' });
export const AUDIO_URL_PREFIX = apiUrl(RELEASE_ENDPOINTS.audioFile, { filename: '' });
/** URL path of the platform and store logo files (+ the file name). */
export const LOGO_URL_PREFIX = apiUrl(RELEASE_ENDPOINTS.logoFile, { file: '' });
