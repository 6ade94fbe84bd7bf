/** Limits of the video release form and catalogue (areas §5, §9). */
export const VIDEO_LIMITS = {
  /** Thumbnail upload, bytes (areas §5, §9: 1.5 MB). */
  thumbnailMaxBytes: 1_572_864,
  /** Shown size of the thumbnail (areas §2 "shown as 1920x1080"). */
  thumbnailWidth: 1920,
  thumbnailHeight: 1080,
  releaseDateMinDaysAhead: 6,
  catalogPageSize: 25,
  catalogMaxLimit: 100,
  searchMax: 100,
  searchDebounceMs: 500,
  downloadLinkMax: 1000,
  namesMax: 500,
  textMax: 255,
} as const;

/** Image types a thumbnail may be, detected from the bytes (same family as the artwork, core §5). */
export const THUMBNAIL_MIME = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const THUMBNAIL_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif'] as const;

/** Video release statuses (areas §4); a video is never a draft. */
export const VIDEO_STATUSES = ['in_review', 'approved', 'rejected', 'takendown'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];
/** Status filter of /video-catalog (areas §2: Draft is omitted). */
export const VIDEO_STATUS_FILTERS = [
  { label: 'All', value: '' },
  { label: 'In-Review', value: 'in_review' },
  { label: 'Approved', value: 'approved' },
  { label: 'Rejected', value: 'rejected' },
  { label: 'Takendown', value: 'takendown' },
] as const;
/** Audio release statuses a video may belong to: submitted (in review) or approved (areas §3). */
export const VIDEO_ELIGIBLE_RELEASE_STATUSES = ['in_review', 'approved'] as const;
