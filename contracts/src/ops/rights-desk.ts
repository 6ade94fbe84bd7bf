import * as yup from 'yup';
import { idField, pagingFields } from '../common/query.schemas';
import { SUBMISSION_KINDS, type SubmissionKind, type SubmissionStatus } from '../tools-rights/tools-rights.limits';

/**
 * The tools and rights desk of the console (docs/decisions/019): profile linking, playlist
 * pitches, lyrics, UGC claims and whitelist requests in one queue filterable by kind and status, with
 * the submitted details; a request in review is approved or rejected (with a reason) once, audited
 * `submission.approve` / `submission.reject`, and the artist's bell is told (TOOLS_MESSAGES.reviewNotification).
 * Role: support (or admin).
 */

/** Limits of the rights desk: page sizes, the reason's length, how much LRC text the preview carries. */
export const RIGHTS_DESK_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  reasonMax: 1000,
  /** Characters of an uploaded LRC file shown in the preview. */
  lrcPreviewMax: 20_000,
} as const;

/** Which requests the desk lists: one kind or all. */
export const RIGHTS_DESK_KINDS = [...SUBMISSION_KINDS, 'all'] as const;
export type RightsDeskKind = (typeof RIGHTS_DESK_KINDS)[number];
/** Which statuses: in review (default), approved, rejected, processed (approved or rejected) or all. */
export const RIGHTS_DESK_STATUSES = ['in_review', 'approved', 'rejected', 'processed', 'all'] as const;
export type RightsDeskStatus = (typeof RIGHTS_DESK_STATUSES)[number];
/** The two decisions. */
export const RIGHTS_DECISIONS = ['approved', 'rejected'] as const;
export type RightsDecision = (typeof RIGHTS_DECISIONS)[number];

/** Messages of the rights desk (every answer's `message`). `{placeholders}` are filled by `fillMessage`. */
export const RIGHTS_DESK_MESSAGES = {
  list: 'Tools and rights requests.',
  approved: 'The {kind} request #{id} is approved; the artist is told.',
  rejected: 'The {kind} request #{id} is rejected; the artist is told the reason.',
  notFound: 'Request not found.',
  kindInvalid: 'Choose a kind: profile-linking, playlist, lyrics, ugc, whitelist or all.',
  statusInvalid: 'Choose a status: in_review, approved, rejected, processed or all.',
  decisionInvalid: 'Choose a decision: approved or rejected.',
  reasonRequired: 'Please enter the reason for the rejection.',
  reasonMax: 'The reason can be at most 1000 characters.',
  alreadyDecided: 'This request was already {status}; a decided request cannot change.',
} as const;

/** Texts of the rights desk screen (mfe-ops `/ops/desk?view=rights`). */
export const RIGHTS_DESK_UI = {
  tab: 'Tools and rights',
  heading: 'Tools and rights desk',
  kindFilter: 'Kind',
  statusFilter: 'Status',
  kindLabel: { 'profile-linking': 'Profile linking', playlist: 'Playlist pitch', lyrics: 'Lyrics', ugc: 'UGC claim', whitelist: 'Whitelist', all: 'All kinds' } as Record<RightsDeskKind, string>,
  statusLabel: { in_review: 'In review', approved: 'Approved', rejected: 'Rejected', processed: 'Processed', all: 'All' } as Record<RightsDeskStatus, string>,
  columns: { id: '#', kind: 'Kind', title: 'Title', artist: 'Artist', status: 'Status', when: 'Submitted', outcome: 'Reason' },
  empty: 'No request of this kind and status.',
  pages: 'Pages of requests',
  open: 'Details',
  detail: '{kind} #{id}',
  close: 'Close',
  lrcPreview: 'LRC file',
  lyricsText: 'Lyrics',
  noLrc: 'No LRC file uploaded.',
  approve: 'Approve',
  reject: 'Reject',
  reason: 'Reason (shown to the artist)',
  confirmApprove: 'Approve the {kind} request #{id} for "{title}"? This cannot be changed later.',
  confirmReject: 'Reject the {kind} request #{id} for "{title}"? This cannot be changed later.',
  cancel: 'Cancel',
  loading: 'Loading requests',
  loadError: 'The requests could not be loaded.',
  retry: 'Try again',
} as const;

const M = RIGHTS_DESK_MESSAGES;
const L = RIGHTS_DESK_LIMITS;

/** GET ops/rights: kind (default all), status (default in_review) and paging. */
export const rightsDeskListSchema = yup.object({
  kind: yup.string().oneOf([...RIGHTS_DESK_KINDS], M.kindInvalid).optional().default('all'),
  status: yup.string().oneOf([...RIGHTS_DESK_STATUSES], M.statusInvalid).optional().default('in_review'),
  ...pagingFields(L.pageSize, L.maxPageSize),
});
/** POST ops/rights/decide: kind, id, decision, reason (required for a rejection, ≤ 1000). */
export const rightsDecideSchema = yup.object({
  kind: yup.string().oneOf([...SUBMISSION_KINDS], M.kindInvalid).required(M.kindInvalid),
  id: idField(M.notFound),
  decision: yup.string().oneOf([...RIGHTS_DECISIONS], M.decisionInvalid).required(M.decisionInvalid),
  reason: yup
    .string()
    .typeError(M.reasonRequired)
    .trim()
    .max(L.reasonMax, M.reasonMax)
    .default('')
    .when('decision', { is: 'rejected', then: (s) => s.required(M.reasonRequired) }),
});

/** One submitted detail of a request: a label, its text, and whether it is a link (opened in a new tab). */
export type RightsDetail = { label: string; value: string; link: boolean };

/** One request in the desk's list, with everything the artist submitted. `created_at` ISO 8601. */
export type RightsDeskRow = {
  kind: SubmissionKind;
  id: number;
  user_id: number;
  user_email: string;
  /** The audio's title (or the channel name of a whitelist request). */
  title: string;
  /** The release's title, '' for a whitelist request. */
  release_title: string;
  status: SubmissionStatus;
  reason: string;
  created_at: string;
  details: RightsDetail[];
  /** Lyrics: the text typed in; '' otherwise. */
  lyrics: string;
  /** Lyrics: the uploaded LRC file's text (first 20,000 characters), null when none. */
  lrc_text: string | null;
};

