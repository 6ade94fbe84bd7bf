import * as yup from 'yup';
import { NOT_FOUND_TEST, pagingFields } from '../common/query.schemas';
import { fillMessage } from '../common/text';
import { LANGUAGES } from '../lists/languages';
import { parseIswc } from './iswc';
import { CHANNEL_TYPES, MOOD_NONE, MOODS, P_RIGHTS, TOOLS_LIMITS as L, UGC_PLATFORMS, UGC_POLICIES, WHITELIST_PLATFORMS, YOUTUBE_WHITELIST_PLATFORMS } from './tools-rights.limits';
import { TOOLS_MESSAGES as M } from './tools-rights.messages';
import { firstDuplicateUrl, isFacebookUrl, isHttpLink, isInstagramUrl, isWebUrl, isYoutubeChannelUrl, normaliseUrl, parseWebUrl } from './url-rules';

/**
 * Shared yup schemas of the tools and rights forms (areas §5). The forms and the API run the same
 * schema; the API answers the first failing field's message in the declared order (docs/decisions/004),
 * so the field order below is the order of the screen.
 */

const asId = (value: unknown) => (typeof value === 'string' && /^\d{1,15}$/.test(value.trim()) ? Number(value) : value);

/**
 * A release or audio id that the form requires: missing (or '') answers 400 "Please fill all mandatory
 * fields" (areas §5); present but malformed answers 404 like another user's id (DESIGN "Data").
 */
export const requiredIdField = (notFoundMessage: string) =>
  yup
    .mixed<number>()
    .transform(asId)
    .test('required', M.mandatory, (v: unknown) => v !== undefined && v !== null && v !== '')
    .test(NOT_FOUND_TEST, notFoundMessage, (v: unknown) => v === undefined || v === null || v === '' || (typeof v === 'number' && Number.isSafeInteger(v) && v > 0))
    .meta({ jsonType: 'integer' });

/** A required text: trimmed, "Please fill all mandatory fields" when empty, `maxMessage` beyond `max` characters. */
const requiredText = (max: number, maxMessage: string = M.textMax) => yup.string().typeError(M.mandatory).trim().required(M.mandatory).max(max, maxMessage);
/** An optional text: trimmed, '' when absent. */
const optionalText = (max: number, maxMessage: string = M.textMax) => yup.string().typeError(M.textMax).trim().max(max, maxMessage).optional().default('');
/** A required choice of a fixed list: empty → mandatory, anything else off the list → `unknownMessage`. */
const choice = (list: readonly string[], unknownMessage: string) =>
  yup
    .string()
    .typeError(unknownMessage)
    .trim()
    .required(M.mandatory)
    .test('choice', unknownMessage, (v) => !v || list.includes(v));

/**
 * A list of web links (the "Add Url(s)" dialog, areas §2, §5): at most 10 entries, each a link, else
 * "Invalid URL at position {n}" (1-based, first invalid). Entries are trimmed and normalised
 * (`normaliseUrl`: https added, YouTube links in one form without '&feature=youtu.be'). `required`:
 * at least one entry ("Please fill all mandatory fields"); `unique`: a repeated link answers
 * "Duplicate URL at position {n}".
 */
export const urlListField = (options: { required: boolean; unique?: boolean }) =>
  yup
    .mixed<string[]>()
    .transform((value: unknown) => (Array.isArray(value) ? value.map((x) => (typeof x === 'string' ? normaliseUrl(x) : x)) : value))
    .test('url-list', M.mandatory, function test(value: unknown) {
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) {
        return options.required ? this.createError({ message: M.mandatory }) : true;
      }
      if (!Array.isArray(value)) return this.createError({ message: M.mandatory });
      if (value.length > L.urlsMax) return this.createError({ message: fillMessage(M.urlsMax, { max: L.urlsMax }) });
      const bad = value.findIndex((x) => typeof x !== 'string' || !isWebUrl(x));
      if (bad >= 0) return this.createError({ message: fillMessage(M.invalidUrlAt, { n: bad + 1 }) });
      if (options.unique) {
        const dup = firstDuplicateUrl(value as string[]);
        if (dup >= 0) return this.createError({ message: fillMessage(M.duplicateUrlAt, { n: dup + 1 }) });
      }
      return true;
    })
    .meta({ jsonType: 'string[]' });

/**
 * The moods of a pitch (areas §4, §5, §9): at least one, only the ten moods, "None of these" alone,
 * at most 2. Duplicates collapse.
 */
export const moodsField = yup
  .mixed<string[]>()
  .transform((value: unknown) => (Array.isArray(value) ? [...new Set(value.map((x) => (typeof x === 'string' ? x.trim() : x)))] : value))
  .test('moods', M.mandatory, function test(value: unknown) {
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return this.createError({ message: M.mandatory });
    if (!Array.isArray(value)) return this.createError({ message: M.mandatory });
    if (!value.every((x) => typeof x === 'string' && (MOODS as readonly string[]).includes(x))) return this.createError({ message: M.moodUnknown });
    if (value.includes(MOOD_NONE) && value.length > 1) return this.createError({ message: M.moodsNoneAlone });
    if (value.length > L.moodsMax) return this.createError({ message: M.moodsMax });
    return true;
  })
  .meta({ jsonType: 'string[]' });

/** Normalised link text (https added when left out). */
const linkText = (value: unknown) => (typeof value === 'string' ? (parseWebUrl(value)?.href ?? value.trim()) : value);

/** POST /api/submitProfileLinking (areas §2 Profile Linking, §5): release, audio, artist, Facebook and Instagram links. */
export const profileLinkingSchema = yup.object({
  release_id: requiredIdField(M.releaseNotFound),
  audio_id: requiredIdField(M.audioNotFound),
  artist: requiredText(L.artistMax),
  facebook_link: yup.string().typeError(M.invalidFacebook).transform(linkText).required(M.mandatory).test('facebook', M.invalidFacebook, (v) => !v || isFacebookUrl(v)),
  instagram_link: yup.string().typeError(M.invalidInstagram).transform(linkText).required(M.mandatory).test('instagram', M.invalidInstagram, (v) => !v || isInstagramUrl(v)),
});
export type ProfileLinkingDto = yup.InferType<typeof profileLinkingSchema>;

/**
 * POST /api/submitPitchPlaylist (areas §2 Playlist Pitchment, §4 moods, §5): why_pitch ≤ 500 and
 * quick_pitch ≤ 100 required; additional_assets a link when given; additional_info ≤ 250; press_release
 * optional and social_media required lists of ≤ 10 links; 1 or 2 moods.
 */
export const pitchPlaylistSchema = yup.object({
  release_id: requiredIdField(M.releaseNotFound),
  audio_id: requiredIdField(M.audioNotFound),
  why_pitch: requiredText(L.whyPitchMax, M.whyPitchMax),
  quick_pitch: requiredText(L.quickPitchMax, M.quickPitchMax),
  artwork_asset: optionalText(L.artworkAssetMax, M.artworkAssetMax),
  additional_assets: yup
    .string()
    .typeError(M.invalidAdditionalAssets)
    .transform(linkText)
    .optional()
    .default('')
    .test('assets', M.invalidAdditionalAssets, (v) => !v || isWebUrl(v)),
  additional_info: optionalText(L.additionalInfoMax, M.additionalInfoMax),
  press_release: urlListField({ required: false }),
  social_media: urlListField({ required: true }),
  moods: moodsField,
});
export type PitchPlaylistDto = yup.InferType<typeof pitchPlaylistSchema>;

/** Language codes a lyrics submission may name (the contracts' language list). */
export const LYRICS_LANGUAGE_CODES: readonly string[] = LANGUAGES.map((l) => l.code);

/**
 * POST /api/submitDistributeLyrics (areas §2 Distribute Lyrics, §5; docs/decisions/005): lyrics language from the
 * language list, publishing rights, optional ISWC (T-DDD.DDD.DDD-C with its check digit, answered in that
 * form), optional LRC file (the filename videoUpload answered), lyrics text ≤ 20000.
 */
export const lyricsSchema = yup.object({
  release_id: requiredIdField(M.releaseNotFound),
  audio_id: requiredIdField(M.audioNotFound),
  lyrics_language: choice(LYRICS_LANGUAGE_CODES, M.languageUnknown),
  p_rights: choice(P_RIGHTS, M.pRightsUnknown),
  iswc: yup
    .string()
    .typeError(M.iswcInvalid)
    .transform((v: unknown) => (typeof v === 'string' ? (parseIswc(v) ?? v.trim()) : v))
    .optional()
    .default('')
    .test('iswc', M.iswcInvalid, (v) => !v || parseIswc(v) !== null),
  lrc_link: yup.string().typeError(M.lrcUnknown).trim().max(64, M.lrcUnknown).optional().default(''),
  lyrics: requiredText(L.lyricsMax, M.lyricsMax),
});
export type LyricsDto = yup.InferType<typeof lyricsSchema>;

/**
 * POST /api/submitUGCClaim (areas §2 UGC mode, §5): release, audio, platform, policy and 1 to 10 URLs,
 * YouTube links normalised (no '&feature=youtu.be'), no link twice. release_title / audio_title of the
 * spec payload are accepted but the stored titles are the server's own.
 */
export const ugcClaimSchema = yup.object({
  release_id: requiredIdField(M.releaseNotFound),
  audio_id: requiredIdField(M.audioNotFound),
  platform: choice(UGC_PLATFORMS, M.platformUnknown),
  policy: choice(UGC_POLICIES, M.policyUnknown),
  url: urlListField({ required: true, unique: true }),
  release_title: yup.string().optional().meta({ description: 'ignored: the server stores the title of release_id' }),
  audio_title: yup.string().optional().meta({ description: 'ignored: the server stores the title of audio_id' }),
});
export type UgcClaimDto = yup.InferType<typeof ugcClaimSchema>;

/**
 * POST /api/submitWhitelist (areas §2 Whitelist mode, §5): platform, channel type, channel name ≤ 100 and
 * an http(s) URL ("Please enter a valid link"); on a YouTube platform the URL must name a channel.
 */
export const whitelistSchema = yup.object({
  platform: choice(WHITELIST_PLATFORMS, M.platformUnknown),
  channel_type: choice(CHANNEL_TYPES, M.channelTypeUnknown),
  channel_name: requiredText(L.channelNameMax, M.channelNameMax),
  URL: yup
    .string()
    .typeError(M.invalidLink)
    .trim()
    .required(M.mandatory)
    .test('link', M.invalidLink, (v) => !v || isHttpLink(v))
    .test('channel', M.youtubeChannelUrl, function test(v) {
      const platform = (this.parent as { platform?: unknown }).platform;
      if (!v || !isHttpLink(v) || typeof platform !== 'string' || !YOUTUBE_WHITELIST_PLATFORMS.includes(platform)) return true;
      return isYoutubeChannelUrl(v);
    }),
});
export type WhitelistDto = yup.InferType<typeof whitelistSchema>;

/** GET history query of every tools and rights list (areas §2, §9): limit (default 20, ≤ 100), offset or page. */
export const historyQuerySchema = yup.object({ ...pagingFields(L.historyPageSize, L.historyMaxLimit) });
export type HistoryQueryDto = yup.InferType<typeof historyQuerySchema>;

/** GET /api/getCreatedPromotions query (areas §2, §9): search (cut at 100 characters), limit 15, offset or page. */
export const promotionsQuerySchema = yup.object({
  search: yup
    .string()
    .transform((v: unknown) => (typeof v === 'string' ? v.trim().slice(0, L.searchMax) : ''))
    .optional()
    .default(''),
  ...pagingFields(L.promotionsPageSize, L.promotionsMaxLimit),
});
export type PromotionsQueryDto = yup.InferType<typeof promotionsQuerySchema>;
