/** Limits and fixed lists of the tools, rights and promotions areas (areas §3, §5, §9). */
export const TOOLS_LIMITS = {
  /** Tools and rights histories: 20 rows per page (areas §2, §9). */
  historyPageSize: 20,
  historyMaxLimit: 100,
  /** Promotions history: 15 per page, search debounce 500 ms (areas §9). */
  promotionsPageSize: 15,
  promotionsMaxLimit: 100,
  searchDebounceMs: 500,
  searchMax: 100,
  /** areas §5, §9. */
  whyPitchMax: 500,
  quickPitchMax: 100,
  additionalInfoMax: 250,
  artworkAssetMax: 500,
  moodsMax: 2,
  urlsMax: 10,
  urlMax: 1000,
  artistMax: 255,
  channelNameMax: 100,
  lyricsMax: 20_000,
  /** An LRC file is small UTF-8 text: at most 256 KB. */
  lrcMaxBytes: 256 * 1024,
} as const;

/** The ten moods of areas §9, spelt as the spec spells them ("Spirtual"). */
export const MOODS = ['Chill', 'Motivation', 'Happy', 'Energetic', 'Sad', 'Romantic', 'Sexy', 'Spirtual', 'Relax', 'None of these'] as const;
export type Mood = (typeof MOODS)[number];
/** The mood that must stand alone (areas §4). */
export const MOOD_NONE: Mood = 'None of these';

/** Publishing rights choices of the lyrics mode (areas §2). */
export const P_RIGHTS = ['Yes', 'No', 'Not Sure', 'Public Domain Content'] as const;
/** UGC claim platforms (areas §3 "UGC platforms Youtube, Soundcloud"). */
export const UGC_PLATFORMS = ['Youtube', 'Soundcloud'] as const;
/** Content policies of a claim (areas §3). */
export const UGC_POLICIES = ['Monetize', 'Remove', 'Block'] as const;
/**
 * Whitelist platforms. The spec does not show the list (areas §3); allowlisting a channel is done in
 * YouTube Content ID, which §3 names as the claim platform, so it comes first.
 */
export const WHITELIST_PLATFORMS = ['Youtube Content ID', 'Youtube', 'Soundcloud'] as const;
/** Whitelist platforms whose URL must name a YouTube channel. */
export const YOUTUBE_WHITELIST_PLATFORMS: readonly string[] = ['Youtube Content ID', 'Youtube'];
/** Channel types (areas §3). */
export const CHANNEL_TYPES = ['Artist Channel', 'Label Channel'] as const;

/** Statuses of a tools or rights submission (areas §4); any other value shows as approved. */
export const SUBMISSION_STATUSES = ['in_review', 'approved', 'rejected'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
/** Tooltip texts of the status icon (areas §2 "Both"). */
export const SUBMISSION_STATUS_LABEL: Record<SubmissionStatus, string> = { in_review: 'In Review', approved: 'Approved', rejected: 'Rejected' };
/** The label of any stored status: in_review and rejected by name, anything else Approved (areas §2, §4). */
export const submissionStatusLabel = (status: string): string =>
  status === 'in_review' ? SUBMISSION_STATUS_LABEL.in_review : status === 'rejected' ? SUBMISSION_STATUS_LABEL.rejected : SUBMISSION_STATUS_LABEL.approved;

/** The five kinds of submission (operator CLI and bell texts). */
export const SUBMISSION_KINDS = ['profile-linking', 'playlist', 'lyrics', 'ugc', 'whitelist'] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];
export const SUBMISSION_KIND_LABEL: Record<SubmissionKind, string> = {
  'profile-linking': 'profile linking',
  playlist: 'playlist pitch',
  lyrics: 'lyrics',
  ugc: 'UGC claim',
  whitelist: 'whitelist',
};

/** Public URL prefix of promotion images (areas §3 "image (path relative to an image base)"). */
export const PROMOTION_IMAGE_URL_PREFIX = '/api/files/promotion/';
