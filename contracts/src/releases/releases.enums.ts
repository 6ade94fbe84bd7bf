/** Release status (core §4). Stored lowercase. */
export const RELEASE_STATUSES = ['draft', 'in_review', 'approved', 'rejected', 'takendown'] as const;
export type ReleaseStatus = (typeof RELEASE_STATUSES)[number];
/** Statuses that can still be edited or deleted (core §4). */
export const EDITABLE_STATUSES: readonly ReleaseStatus[] = ['draft', 'rejected'];

/** Catalogue status filter options (core §3) and the status each selects. */
export const CATALOG_STATUS_FILTERS = [
  { label: 'All', value: '' },
  { label: 'In-Review', value: 'in_review' },
  { label: 'Draft', value: 'draft' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'Takendown', value: 'takendown' },
] as const;
export const RELEASE_STATUS_LABEL: Record<ReleaseStatus, string> = {
  draft: 'Draft',
  in_review: 'In-Review',
  approved: 'Approved',
  rejected: 'Rejected',
  takendown: 'Takendown',
};

export const RELEASE_TYPES = ['ep', 'single', 'album', 'compilation'] as const;
export type ReleaseType = (typeof RELEASE_TYPES)[number];
export const RELEASE_TYPE_LABEL: Record<ReleaseType, string> = { ep: 'EP', single: 'Single', album: 'Album', compilation: 'Compilation' };

export const TRACK_VERSIONS = ['Original', 'Karaoke', 'Medley', 'Cover'] as const;
export const YES_NO = ['Yes', 'No'] as const;
export const EXPLICIT_VERSIONS = ['Yes', 'No', 'Cleaned'] as const;
export const ARTIST_TYPES = ['primary', 'featuring'] as const;
export type ArtistType = (typeof ARTIST_TYPES)[number];

/** Track status (core §4): 1 approved, 2 rejected, 3 takendown, anything else In-Review; On-hold when the release is rejected and the track is not. */
export const TRACK_STATUS = { approved: 1, rejected: 2, takendown: 3, inReview: 0 } as const;
export function trackStatusLabel(trackStatus: number, releaseStatus: ReleaseStatus): string {
  if (releaseStatus === 'rejected' && trackStatus !== TRACK_STATUS.rejected) return 'On-hold';
  if (trackStatus === TRACK_STATUS.approved) return 'Approved';
  if (trackStatus === TRACK_STATUS.rejected) return 'Rejected';
  if (trackStatus === TRACK_STATUS.takendown) return 'Takendown';
  return 'In-Review';
}

/** Platform logo types (core §2 Tab 3): "1" audio, "2" caller tune/CRBT, anything else video. */
export const PLATFORM_TYPE = { audio: '1', crbt: '2', video: '3' } as const;
