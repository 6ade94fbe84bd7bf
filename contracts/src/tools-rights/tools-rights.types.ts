import type { ReleaseOption } from '../releases/releases.types';
import type { SubmissionStatus } from './tools-rights.limits';

/** Release option of the playlist mode: only releases whose date is ahead (epoch ms). */
export type UpcomingReleaseOption = ReleaseOption & { release_date: number };

/** Fields every history row carries: its id, the status, the operator's reason and `date` (epoch ms of the submission). */
type HistoryBase = { id: number; status: SubmissionStatus; reason: string; date: number };
type ForAudio = { release_id: number; release_title: string; audio_id: number; audio_title: string };

/** areas §3 Profile linking request. */
export type ProfileLinkingRow = HistoryBase & ForAudio & { artist: string; facebook_link: string; instagram_link: string };
/** areas §3 Playlist pitch. */
export type PlaylistPitchRow = HistoryBase &
  ForAudio & {
    press_release: string[];
    social_media: string[];
    artwork_asset: string;
    additional_assets: string;
    moods: string[];
    why_pitch: string;
    quick_pitch: string;
    additional_info: string;
  };
/** areas §3 Lyrics submission (`lrc_link`: the stored LRC filename, '' when none). */
export type LyricsRow = HistoryBase & ForAudio & { lyrics_language: string; p_rights: string; iswc: string; lrc_link: string; lyrics: string };
/** areas §3 UGC claim. */
export type UgcClaimRow = HistoryBase & ForAudio & { platform: string; policy: string; url: string[] };
/** areas §3 Whitelist request (`URL` spelt as the spec's payload). */
export type WhitelistRow = HistoryBase & { platform: string; channel_type: string; channel_name: string; URL: string };
/** areas §3 Promotion (`image`: filename under PROMOTION_IMAGE_URL_PREFIX; `created_at` epoch ms). */
export type PromotionRow = {
  promotion_id: number;
  song: string;
  platform: string;
  type: string;
  playlist_name: string;
  playlist_link: string;
  image: string;
  created_at: number;
};
/** Answer of POST /api/videoUpload for an LRC file: the stored name, bytes and timed line count. */
export type LrcUpload = { filename: string; size: number; lines: number };
