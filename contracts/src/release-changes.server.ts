import { opsReleaseChangeApproveSchema, opsReleaseChangeDeclineSchema, opsReleaseChangesQuerySchema, releaseChangeRequestSchema, releaseChangesQuerySchema } from './release-changes.schemas';
import type { ServerDocs } from './common/endpoint-server';

const ROLE = ' Role: reviewer (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of RELEASE_CHANGE_ENDPOINTS (issue 39 §3, docs/decisions/041), keyed by the same names. */
export const RELEASE_CHANGE_SERVER = {
  requestReleaseChange: {
    summary: 'Ask for a change to the caller’s approved release (title, genre, sub genre, label, ℗/© lines, release date, artwork, per track title and price tier); staff approve or decline it',
    description:
      'Only the fields that differ from the release are kept. 404 for another user’s release or a track not of the release; 409 not_approved (a draft or rejected release is edited in the wizard), change_pending (one change at a time); 400 nothing_changed, a field’s own message, priceTierNotAllowed, uploadUnknownFile, store_not_ready (the new artwork has not passed store QC).',
    body: releaseChangeRequestSchema,
    codes: { 400: ['nothing_changed', 'store_not_ready'], 409: ['not_approved', 'change_pending'] },
    errors: [400, 403, 404, 409],
  },
  getReleaseChanges: {
    summary: 'The changes asked for the caller’s release, newest first, with their state',
    description: '404 for another user’s release.',
    query: releaseChangesQuerySchema,
    errors: [400, 404],
  },
  opsReleaseChanges: {
    summary: 'Changes to approved releases (pending by default; `status` all, approved, declined), oldest first, with the values before and after.' + ROLE,
    query: opsReleaseChangesQuerySchema,
    errors: [400, 403],
  },
  opsApproveReleaseChange: {
    summary:
      'Approve a pending change: applied to the release in one transaction (audited, the artist told), then sent as an update (the complete NewReleaseMessage again, same identifiers, newer MessageCreatedDateTime) to every store that has the release, once per change.' +
      ROLE,
    description: '409 not_pending for a change already decided (also for the loser of two concurrent approvals); 409 not_approved when the release was taken down meanwhile; 403 four_eyes for a change to the reviewer’s own release.',
    body: opsReleaseChangeApproveSchema,
    codes: { 403: ['four_eyes'], 409: ['not_pending', 'not_approved'] },
    errors: [400, 403, 404, 409],
  },
  opsDeclineReleaseChange: {
    summary: 'Decline a pending change with a note the artist reads (audited, the artist told); nothing is sent.' + ROLE,
    body: opsReleaseChangeDeclineSchema,
    codes: { 403: ['four_eyes'], 409: ['not_pending'] },
    errors: [400, 403, 404, 409],
  },
} satisfies ServerDocs;
