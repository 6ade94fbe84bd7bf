import type * as yup from 'yup';
import type { historyQuerySchema, lyricsSchema, pitchPlaylistSchema, profileLinkingSchema, promotionsQuerySchema, ugcClaimSchema, whitelistSchema } from './tools-rights.schemas';
import type { LrcUpload, LyricsRow, PlaylistPitchRow, ProfileLinkingRow, PromotionRow, UgcClaimRow, UpcomingReleaseOption, WhitelistRow } from './tools-rights.types';
import type { AudioOption, ReleaseOption } from '../releases/releases.types';
import { defineRoute } from '../common/endpoint';
import type { releaseAudiosQuerySchema } from './tools-rights.server';

const TAG = 'tools-rights';

/**
 * The tools, rights and promotions wire map (areas §2, §3, §5, §7, §9). Paths of areas §7 as published;
 * the helper calls the spec leaves unnamed are `getReleaseAudioTitles` (audios of a release) and the
 * getReleaseTitles list reused by the rights screen. Every row is the caller's own: another user's
 * release or audio answers 404 like a missing one, and histories list only the caller's rows.
 * Submissions start `in_review`; an operator sets approved or rejected (with a reason) from the CLI
 * and the artist's bell is notified.
 */
export const TOOLS_RIGHTS_ENDPOINTS = {
  getReleaseTitles: defineRoute<void, ReleaseOption[], 'GET'>({ method: 'GET', path: 'getReleaseTitles', access: 'user', tag: TAG, list: true }),
  getReleaseTitlesPlaylist: defineRoute<void, UpcomingReleaseOption[], 'GET'>({ method: 'GET', path: 'getReleaseTitlesPlaylist', access: 'user', tag: TAG, list: true }),
  getReleaseAudioTitles: defineRoute<yup.InferType<typeof releaseAudiosQuerySchema>, AudioOption[], 'GET'>({ method: 'GET', path: 'getReleaseAudioTitles', access: 'user', tag: TAG, list: true }),
  submitProfileLinking: defineRoute<yup.InferType<typeof profileLinkingSchema>, { id: number }, 'POST'>({ method: 'POST', path: 'submitProfileLinking', access: 'user', tag: TAG }),
  submitPitchPlaylist: defineRoute<yup.InferType<typeof pitchPlaylistSchema>, { id: number }, 'POST'>({ method: 'POST', path: 'submitPitchPlaylist', access: 'user', tag: TAG }),
  submitDistributeLyrics: defineRoute<yup.InferType<typeof lyricsSchema>, { id: number }, 'POST'>({ method: 'POST', path: 'submitDistributeLyrics', access: 'user', tag: TAG }),
  videoUpload: defineRoute<void, LrcUpload, 'POST'>({ method: 'POST', path: 'videoUpload', access: 'user', tag: TAG, multipart: { field: 'file' } }),
  getProfileLinkingHistory: defineRoute<yup.InferType<typeof historyQuerySchema>, ProfileLinkingRow[], 'GET'>({ method: 'GET', path: 'getProfileLinkingHistory', access: 'user', tag: TAG, list: true }),
  getPlaylistPitchHistory: defineRoute<yup.InferType<typeof historyQuerySchema>, PlaylistPitchRow[], 'GET'>({ method: 'GET', path: 'getPlaylistPitchHistory', access: 'user', tag: TAG, list: true }),
  getLyricsHistory: defineRoute<yup.InferType<typeof historyQuerySchema>, LyricsRow[], 'GET'>({ method: 'GET', path: 'getLyricsHistory', access: 'user', tag: TAG, list: true }),
  submitUGCClaim: defineRoute<yup.InferType<typeof ugcClaimSchema>, { id: number }, 'POST'>({ method: 'POST', path: 'submitUGCClaim', access: 'user', tag: TAG }),
  getUGCClaimHistory: defineRoute<yup.InferType<typeof historyQuerySchema>, UgcClaimRow[], 'GET'>({ method: 'GET', path: 'getUGCClaimHistory', access: 'user', tag: TAG, list: true }),
  submitWhitelist: defineRoute<yup.InferType<typeof whitelistSchema>, { id: number }, 'POST'>({ method: 'POST', path: 'submitWhitelist', access: 'user', tag: TAG }),
  getWhitelistHistory: defineRoute<yup.InferType<typeof historyQuerySchema>, WhitelistRow[], 'GET'>({ method: 'GET', path: 'getWhitelistHistory', access: 'user', tag: TAG, list: true }),
  getCreatedPromotions: defineRoute<yup.InferType<typeof promotionsQuerySchema>, PromotionRow[], 'GET'>({ method: 'GET', path: 'getCreatedPromotions', access: 'user', tag: TAG, list: true }),
  promotionImage: defineRoute<void, never, 'GET'>({ method: 'GET', path: 'files/promotion/:filename', access: 'public', tag: TAG, file: true }),
} as const;
