import * as yup from 'yup';
import { idField } from '../common/query.schemas';
import { SUBMISSION_STATUSES } from './tools-rights.limits';
import { TOOLS_MESSAGES as M } from './tools-rights.messages';
import { historyQuerySchema, lyricsSchema, pitchPlaylistSchema, profileLinkingSchema, promotionsQuerySchema, ugcClaimSchema, whitelistSchema } from './tools-rights.schemas';
import type { ServerDocs } from '../common/endpoint-server';

/** `?release_id=` of the audio picker; a malformed id answers 404 like another user's release. */
export const releaseAudiosQuerySchema = yup.object({ release_id: idField(M.releaseNotFound) });
const historyRow = (fields: Record<string, yup.Schema>) =>
  yup.object({
    id: yup.number().integer().required(),
    status: yup.string().oneOf([...SUBMISSION_STATUSES]).required(),
    reason: yup.string().required().meta({ description: 'the operator’s reason, mostly for a rejection; may be empty' }),
    date: yup.number().integer().required().meta({ description: 'submitted at, epoch ms' }),
    ...fields,
  });
const forAudio = {
  release_id: yup.number().integer().required(),
  release_title: yup.string().required(),
  audio_id: yup.number().integer().required(),
  audio_title: yup.string().required(),
};
const urls = yup.array(yup.string().required()).required();

/** Validation and documentation of TOOLS_RIGHTS_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const TOOLS_RIGHTS_SERVER = {
  getReleaseTitles: {
    summary: 'The caller’s submitted releases (in review or approved), for Select Release',
    description: 'areas §2 Tools screen and Rights screen, §7. Newest first. Drafts, rejected and taken-down releases are left out.',
    response: yup.object({ release_id: yup.number().integer().required(), release_title: yup.string().required() }),
    errors: [],
  },
  getReleaseTitlesPlaylist: {
    summary: 'The caller’s upcoming releases (release date still ahead), for the playlist pitch',
    description: 'areas §2 Playlist Pitchment ("only new upcoming releases can be pitched"), §7. Soonest release first; release_date in epoch ms.',
    response: yup.object({ release_id: yup.number().integer().required(), release_title: yup.string().required(), release_date: yup.number().integer().required() }),
    errors: [],
  },
  getReleaseAudioTitles: {
    summary: 'The audios (tracks) of one of the caller’s releases, for Select Audio',
    description: 'areas §2 ("Select Audio, options depend on the release"), §3 Audio option. 404 for a release that is not the caller’s (or not listed by getReleaseTitles).',
    query: releaseAudiosQuerySchema,
    response: yup.object({ audio_id: yup.number().integer().required(), title: yup.string().required() }),
    errors: [404],
  },
  submitProfileLinking: {
    summary: 'Ask to link the artist’s store profiles (Facebook, Instagram) for one audio',
    description: 'areas §2 Profile Linking, §5: "Please fill all mandatory fields", "Invalid Facebook Link", "Invalid Instagram Link". 404 for another user’s release or audio.',
    body: profileLinkingSchema,
    errors: [400, 404],
  },
  submitPitchPlaylist: {
    summary: 'Pitch one audio of an upcoming release to editorial playlists',
    description:
      'areas §2 Playlist Pitchment, §4 moods, §5, §9: why_pitch ≤ 500, quick_pitch ≤ 100, additional_info ≤ 250, 1–2 moods of the ten ("None of these" alone), ' +
      'social_media 1–10 links, press_release 0–10 links ("Invalid URL at position {n}"), additional_assets a link ("Invalid Additional Assets"). ' +
      '400 when the release date has passed; 409 when the audio already has a pitch in review or approved; 404 for another user’s release or audio.',
    body: pitchPlaylistSchema,
    codes: { 400: ['not_upcoming'], 409: ['already_pitched'] },
    errors: [400, 404, 409],
  },
  submitDistributeLyrics: {
    summary: 'Send the lyrics of one audio to the stores (text, language, rights, ISWC, LRC)',
    description:
      'areas §2 Distribute Lyrics, §5: lyrics_language (a code of the language list), p_rights, lyrics required; iswc T-DDD.DDD.DDD-C with its check digit; ' +
      'lrc_link the filename answered by videoUpload (the caller’s own). 404 for another user’s release or audio.',
    body: lyricsSchema,
    codes: { 400: ['lrc_unknown', 'lrc_invalid', 'lrc_not_text'] },
    errors: [400, 404],
  },
  videoUpload: {
    summary: 'Upload an LRC (synchronised lyrics) file, checked line by line',
    description:
      'areas §7 ("used for LRC files"). multipart field `file` (or `image`), UTF-8 text ≤ 256 KB. Every line an ID tag or [mm:ss.xx] time tags and text, times never going back, ' +
      'at least one timed line; otherwise 400 "Invalid LRC file at line {line}: {reason}". 413 when larger. body.filename goes into lrc_link.',
    response: yup.object({ filename: yup.string().required(), size: yup.number().integer().required(), lines: yup.number().integer().required() }),
    codes: { 400: ['lrc_invalid', 'lrc_not_text'], 413: ['lrc_too_large'] },
    errors: [400, 413],
  },
  getProfileLinkingHistory: {
    summary: 'The caller’s profile linking requests, newest first, 20 per page',
    description: 'areas §2, §9: limit (default 20, ≤ 100), offset or page; total counts all the caller’s rows.',
    query: historyQuerySchema,
    response: historyRow({ ...forAudio, artist: yup.string().required(), facebook_link: yup.string().required(), instagram_link: yup.string().required() }),
    errors: [],
  },
  getPlaylistPitchHistory: {
    summary: 'The caller’s playlist pitches, newest first, 20 per page',
    description: 'areas §2, §9: limit, offset or page; total.',
    query: historyQuerySchema,
    response: historyRow({
      ...forAudio,
      press_release: urls,
      social_media: urls,
      artwork_asset: yup.string().required(),
      additional_assets: yup.string().required(),
      moods: urls,
      why_pitch: yup.string().required(),
      quick_pitch: yup.string().required(),
      additional_info: yup.string().required(),
    }),
    errors: [],
  },
  getLyricsHistory: {
    summary: 'The caller’s lyrics submissions, newest first, 20 per page',
    description: 'areas §2, §9: limit, offset or page; total.',
    query: historyQuerySchema,
    response: historyRow({
      ...forAudio,
      lyrics_language: yup.string().required(),
      p_rights: yup.string().required(),
      iswc: yup.string().required(),
      lrc_link: yup.string().required(),
      lyrics: yup.string().required(),
    }),
    errors: [],
  },
  submitUGCClaim: {
    summary: 'Claim user-generated videos that use one of the caller’s audios',
    description:
      'areas §2 UGC mode, §5: release, audio, platform (Youtube, Soundcloud), policy (Monetize, Remove, Block) and 1–10 URLs ("Invalid URL at position {n}"). ' +
      'YouTube links are normalised (no "&feature=youtu.be"); a link twice answers "Duplicate URL at position {n}". 404 for another user’s release or audio.',
    body: ugcClaimSchema,
    errors: [400, 404],
  },
  getUGCClaimHistory: {
    summary: 'The caller’s UGC claims, newest first, 20 per page',
    description: 'areas §2 "Your UGC Claims History", §7: limit, offset, page; total.',
    query: historyQuerySchema,
    response: historyRow({ ...forAudio, platform: yup.string().required(), policy: yup.string().required(), url: urls }),
    errors: [],
  },
  submitWhitelist: {
    summary: 'Ask to allowlist a channel so the caller’s claims leave it alone (Beta)',
    description:
      'areas §2 Whitelist mode, §5: platform, channel_type (Artist Channel, Label Channel), channel_name ≤ 100, URL http(s) ("Please enter a valid link"); ' +
      'on a YouTube platform the URL must name a channel (/channel/UC…, /@handle, /c/, /user/). 409 when the same channel is already in review.',
    body: whitelistSchema,
    codes: { 409: ['already_requested'] },
    errors: [400, 409],
  },
  getWhitelistHistory: {
    summary: 'The caller’s whitelist requests, newest first, 20 per page',
    description: 'areas §2 "Your Whitelist History", §7: limit, offset, page; total.',
    query: historyQuerySchema,
    response: historyRow({ platform: yup.string().required(), channel_type: yup.string().required(), channel_name: yup.string().required(), URL: yup.string().required() }),
    errors: [],
  },
  getCreatedPromotions: {
    summary: 'Promotions operators ran for the caller’s songs, newest first, 15 per page, searchable',
    description:
      'areas §2 Promotions history, §9: search matches song, platform, promotion type or playlist name (case-insensitive); limit (default 15), offset or page; total. ' +
      'image is a filename under /api/files/promotion/.',
    query: promotionsQuerySchema,
    response: yup.object({
      promotion_id: yup.number().integer().required(),
      song: yup.string().required(),
      platform: yup.string().required(),
      type: yup.string().required(),
      playlist_name: yup.string().required(),
      playlist_link: yup.string().required(),
      image: yup.string().required(),
      created_at: yup.number().integer().required(),
    }),
    errors: [],
  },
  promotionImage: {
    summary: 'A promotion image (public, long cache: names are random and never reused)',
    description: 'areas §2 Promotions history "Image (thumbnail)" and "Preview Image". 404 for an unknown name.',
    errors: [404],
  },
} satisfies ServerDocs;
