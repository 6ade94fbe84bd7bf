/**
 * Changes to an approved release (issue 39 §3; docs/decisions/041-store-loop.md "Updates after approval"):
 * the artist asks for a change (a title typo, a genre, a price tier, new artwork, a release date moved),
 * staff approve or decline it, and an approved change is applied and sent to every store that has the
 * release as an update (the complete NewReleaseMessage again), once per change.
 */

/** A change's state: `pending` until staff decide; `approved` (applied, sent to the stores) or `declined`. */
export const RELEASE_CHANGE_STATUSES = ['pending', 'approved', 'declined'] as const;
export type ReleaseChangeStatus = (typeof RELEASE_CHANGE_STATUSES)[number];

/** Most tracks one change names (an album's tracks and then some). */
export const RELEASE_CHANGE_MAX_TRACKS = 100;
/** Longest note of the artist (why) or of staff (why declined), in characters. */
export const RELEASE_CHANGE_NOTE_MAX = 1000;

/** What a change sets on one track. */
export type ReleaseChangeTrack = { track_id: number; title?: string; price_tier?: string };
/**
 * The fields a change sets (only those given differ from the release) or, as `before`, their values
 * before it. `release_date` is epoch ms; `album_artwork` the stored name of an artwork upload.
 */
export type ReleaseChangeFields = {
  release_title?: string;
  genre?: string;
  sub_genre?: string;
  lable_name?: string;
  release_date?: number;
  album_artwork?: string;
  p_line?: string;
  c_line?: string;
  tracks?: ReleaseChangeTrack[];
};

/** One change of a release, as the artist and staff see it. */
export type ReleaseChangeRow = {
  change_id: number;
  release_id: number;
  /** The release's title now. */
  release_title: string;
  status: ReleaseChangeStatus;
  changes: ReleaseChangeFields;
  before: ReleaseChangeFields;
  /** The artist's note (why). */
  note: string;
  /** Staff's note when declined. */
  decision_note: string;
  requested_at: string;
  decided_at: string | null;
  /** Staff: the release owner's id (four-eyes); 0 for the artist. */
  user_id: number;
};

/** What approving a change did: the stores it is sent to as an update (none when no store has the release yet). */
export type ReleaseChangeDecision = { change_id: number; release_id: number; status: ReleaseChangeStatus; stores: string[] };

export const RELEASE_CHANGE_MESSAGES = {
  requested: 'Your change is sent to our team. We will tell you when it is approved.',
  changes: 'Release changes',
  changeNotFound: 'Change not found.',
  notApproved: 'Only an approved release can be changed this way; a draft or a rejected release is edited in the release wizard.',
  nothingChanged: 'Nothing to change: every value given is already the release’s.',
  pending: 'This release already has a change waiting for our team. Wait for it to be decided before asking for another.',
  notPending: 'This change has already been decided.',
  releaseNotApproved: 'The release is no longer approved, so the change cannot be applied.',
  approved: 'Change approved and applied.',
  approvedSent: 'Change approved and applied; the update is queued for {count} store(s).',
  declined: 'Change declined.',
  declineNoteRequired: 'Please say why the change is declined (the artist reads it).',
  ownRelease: 'You cannot decide on a change to your own release.',
  noteTooLong: 'The note can be at most 1000 characters.',
  tooManyTracks: 'A change can name at most 100 tracks.',
  statusUnknown: 'Please choose pending, approved, declined or all.',
  // Notifications (bell) to the artist.
  approvedNotification: 'Your change to “{title}” was approved.{stores}',
  approvedStores: ' It is on its way to {stores}.',
  declinedNotification: 'Your change to “{title}” was declined. {note}',
} as const;
