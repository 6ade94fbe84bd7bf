import type { StaffRole } from './ops.texts';
import type { PromotionRow } from '../tools-rights/tools-rights.types';
import type { RejectionReasonRow, ReleaseRights } from '../releases/releases.types';

/** GET /api/staff/session: who the caller is for the console (any login; `staff: false` for artists). */
export type StaffSession = { staff: boolean; roles: StaffRole[]; totp_enrolled: boolean; totp_verified: boolean };
/** POST /api/staff/totp/enrol: the secret to scan. */
export type TotpEnrolment = { otpauth_uri: string; qr_data_url: string; secret: string };

export type ReviewQueueRow = {
  release_id: number;
  release_title: string;
  artist_name: string;
  user_id: number;
  user_email: string;
  release_type: string;
  number_of_tracks: number;
  submitted_at: string | null;
  /** Whole minutes since submission. */
  age_minutes: number;
  /** The release's status (the queue may be filtered to another status than in_review). */
  status: string;
  /** Release date, epoch ms (UTC midnight). */
  release_date: number;
  lable_name: string;
  /** Every file passed store QC (or has no QC row): bulk approval takes only these. */
  store_ready: boolean;
};
export type ReviewTrack = {
  track_id: number;
  title: string;
  isrc: string;
  audio_track: string;
  instrumental: string;
  lyrics_language: string;
  author1: string;
  composer1: string;
  explicit_version: string;
  status: number;
};
export type ReviewRelease = {
  /** Other releases carrying this release's UPC or a track's ISRC (a warning on the review screen). */
  identifier_conflicts: IdentifierConflict[];
  release_id: number;
  release_title: string;
  release_type: string;
  artist_name: string;
  album_artwork: string;
  status: string;
  reason: string;
  user_id: number;
  user_email: string;
  submitted_at: string | null;
  tracks: ReviewTrack[];
  review_reasons: RejectionReasonRow[];
} & ReleaseRights;
export type ReviewOutcomeResult = { release_id: number; status: string; upc_ean: string; isrcs: string[] };
export type VideoQueueRow = { video_id: number; release_title: string; user_id: number; status: string; created_at: string };
export type OpsUserRow = { user_id: number; name: string; email: string; revoked: boolean; created_at: string };
export type OpsUserDetail = OpsUserRow & { balance_usd: number; releases: Array<{ release_id: number; release_title: string; status: string }>; tickets: number };
export type AuditRow = {
  id: number;
  actor_email: string;
  action: string;
  object_type: string;
  object_id: string;
  before: string | null;
  after: string | null;
  created_at: string;
};
export type PlatformState = { away: boolean; text: string };
export type OpsTicketRow = { ticket_id: number; user_id: number; user_email: string; reason: string; status: number; created_at: string };
/** POST ops/content/promotions/image: the stored name to send as `image` of add or edit, its public URL, type and size (bytes). */
export type PromotionImageUpload = { image: string; url: string; mime: string; size: number };
/** A promotion as the console lists it: the artist's row (areas §3 Promotion) and whose it is. */
export type OpsPromotionRow = PromotionRow & { user_id: number };

/** A staff member as admins manage them (docs/decisions/016). */
export type OpsStaffRow = { user_id: number; email: string; name: string; roles: StaffRole[]; totp_enrolled: boolean; revoked: boolean; /** The calling admin's own row (its access is changed by another admin). */ you: boolean };
/** An entered UPC or ISRC of a release in review that another release carries too (docs/decisions/016). */
export type IdentifierConflict = { kind: 'upc' | 'isrc'; code: string; track_id: number | null; release_id: number; release_title: string; user_email: string; same_owner: boolean };
