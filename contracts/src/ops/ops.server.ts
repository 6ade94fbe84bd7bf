import { opsAuditQuerySchema, opsAwaySchema, opsPagingSchema, opsRejectSchema, opsReleaseIdSchema, opsRevokeSchema, opsStaffAddSchema, opsStaffRolesSchema, opsStaffUserSchema, opsTakedownSchema, opsTrackIdSchema, opsUserIdSchema, opsUserSearchSchema, opsVideoReviewSchema, opsTicketReplySchema, opsTicketIdSchema, opsPayoutPaidSchema, opsPayoutRejectSchema, totpVerifySchema, opsNewsEditSchema, opsVideoLinkEditSchema, opsPromotionAddSchema, opsPromotionEditSchema, opsPromotionIdSchema, opsPromotionListSchema } from './ops.schemas';
import { contentIdSchema, newsItemSchema, videoLinkSchema } from '../content/content.schemas';
import { payoutDeskListSchema } from './payout-desk';
import { reviewQueueQuerySchema } from './staff-desks';
import type { ServerDocs } from '../common/endpoint-server';

const ROLE = (role: string) => ` Role: ${role} (or admin), after the TOTP second factor of this session; anyone else gets the same 403.`;

/** Validation and documentation of OPS_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const OPS_SERVER = {
  staffSession: {
    summary: 'Whether the caller is staff, their roles and the state of the second factor of this session',
    errors: [],
  },
  staffTotpEnrol: {
    summary: 'Start TOTP enrolment (staff only): an otpauth:// URI and its QR code',
    description: '409 once enrolment is confirmed by a first valid code; 403 for a non-staff caller.',
    codes: { 409: ['totp_enrolled'] },
    errors: [403, 409],
  },
  staffTotpVerify: {
    summary: 'Pass the second factor for this session with a current TOTP code (confirms enrolment the first time)',
    description: 'A code is accepted once (replays are refused).',
    body: totpVerifySchema,
    codes: { 400: ['totp_invalid', 'totp_not_enrolled'], 429: ['totp_locked'] },
    errors: [400, 403, 429],
  },
  reviewQueue: {
    summary: 'Releases in review (or another status), oldest first (or newest), with their age and whether they are store-ready.' + ROLE('reviewer'),
    description: 'Filters: status, ready (all, ready, not_ready), from/to (release date, YYYY-MM-DD, inclusive), q (artist or label, case-insensitive), order (oldest, newest).',
    query: reviewQueueQuerySchema,
    errors: [400, 403],
  },
  reviewRelease: {
    summary: 'One release with every field and its tracks.' + ROLE('reviewer'),
    query: opsReleaseIdSchema,
    errors: [403, 404],
  },
  reviewAudioLink: {
    summary: 'A short-lived signed link to play a track of any release.' + ROLE('reviewer'),
    query: opsTrackIdSchema,
    errors: [403, 404],
  },
  approveRelease: {
    summary: 'Approve a release in review; assigns a UPC and ISRCs in the same transaction; tells the artist.' + ROLE('reviewer'),
    description: '409 when the release is not in review (also for the loser of two concurrent approvals); 403 ownRelease for a release of the reviewer’s own account (four-eyes); 409 with the code’s owner when an entered UPC or ISRC belongs to another release or owner.',
    body: opsReleaseIdSchema,
    codes: { 400: ['upc_in_use', 'isrc_in_use'], 403: ['four_eyes'], 409: ['not_reviewable', 'upc_clash', 'isrc_clash', 'identifier_busy', 'upc_in_use', 'isrc_in_use'], 422: ['upc_exhausted', 'isrc_exhausted'] },
    errors: [400, 403, 404, 409, 422],
  },
  rejectRelease: {
    summary: 'Reject a release in review with reasons from the catalogue and an optional note; tells the artist.' + ROLE('reviewer'),
    description: '403 ownRelease for a release of the reviewer’s own account (four-eyes).',
    body: opsRejectSchema,
    codes: { 403: ['four_eyes'], 409: ['not_reviewable'] },
    errors: [400, 403, 404, 409],
  },
  takedownRelease: {
    summary: 'Take an approved release down with a reason; tells the artist.' + ROLE('reviewer'),
    description: '403 ownRelease for a release of the reviewer’s own account (four-eyes).',
    body: opsTakedownSchema,
    codes: { 403: ['four_eyes'] },
    errors: [400, 403, 404, 409],
  },
  videoQueue: {
    summary: 'Video releases in review, oldest first.' + ROLE('reviewer'),
    query: opsPagingSchema,
    errors: [403],
  },
  reviewVideo: {
    summary: 'Approve, reject (with a reason) or take down a video release; tells the artist.' + ROLE('reviewer'),
    description: '403 ownVideo for a video of the reviewer’s own account (four-eyes).',
    body: opsVideoReviewSchema,
    codes: { 400: ['upc_in_use', 'isrc_in_use'], 403: ['four_eyes'], 409: ['not_reviewable'] },
    errors: [400, 403, 404, 409],
  },
  platformStatus: {
    summary: 'Away mode and its text.' + ROLE('admin'),
    errors: [403],
  },
  setAwayMode: {
    summary: 'Turn away mode on (with its text) or off.' + ROLE('admin'),
    body: opsAwaySchema,
    errors: [400, 403],
  },
  searchUsers: {
    summary: 'Search users by name or e-mail, newest first.' + ROLE('support'),
    query: opsUserSearchSchema,
    errors: [403],
  },
  userDetail: {
    summary: 'One user: releases, tickets, balance.' + ROLE('support'),
    query: opsUserIdSchema,
    errors: [403, 404],
  },
  setUserRevoked: {
    summary: 'Revoke (revoked: true) or restore a user.' + ROLE('admin'),
    description: 'Revoking blocks the artist’s release writes (core §6) and, for staff, ends their console sessions at once and refuses every ops call until restored. 403 staffSelf for the caller’s own account.',
    body: opsRevokeSchema,
    codes: { 403: ['staff_self'] },
    errors: [400, 403, 404],
  },
  staffMembers: {
    summary: 'Every staff member: roles, two-factor set up, revoked.' + ROLE('admin'),
    errors: [403],
  },
  addStaff: {
    summary: 'Give a verified account a staff role (as the CLI `staff add`); audited.' + ROLE('admin'),
    description: '400 staffNoAccount when no verified account has the e-mail; 403 staffSelf for the caller.',
    body: opsStaffAddSchema,
    codes: { 400: ['no_account'], 403: ['staff_self'] },
    errors: [400, 403],
  },
  setStaffRoles: {
    summary: 'Replace a staff member’s roles; audited with before and after.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf for the caller (an admin’s own roles are changed by another admin).',
    body: opsStaffRolesSchema,
    codes: { 403: ['staff_self'] },
    errors: [400, 403, 404],
  },
  removeStaff: {
    summary: 'Remove a staff member: roles, TOTP secret and console sessions go at once; audited.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf.',
    body: opsStaffUserSchema,
    codes: { 403: ['staff_self'] },
    errors: [403, 404],
  },
  resetStaffTotp: {
    summary: 'Delete a staff member’s TOTP secret and end their console sessions; they enrol again; audited.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf.',
    body: opsStaffUserSchema,
    codes: { 403: ['staff_self'] },
    errors: [403, 404],
  },
  addNews: {
    summary: 'Add a dashboard news item (heading, http(s) link).' + ROLE('admin'),
    body: newsItemSchema,
    errors: [400, 403],
  },
  removeNews: {
    summary: 'Remove a dashboard news item.' + ROLE('admin'),
    body: contentIdSchema,
    errors: [403, 404],
  },
  addVideoLink: {
    summary: 'Add a dashboard update video (YouTube id or link, optional title).' + ROLE('admin'),
    body: videoLinkSchema,
    errors: [400, 403],
  },
  removeVideoLink: {
    summary: 'Remove a dashboard update video.' + ROLE('admin'),
    body: contentIdSchema,
    errors: [403, 404],
  },
  editNews: {
    summary: 'Change a dashboard news item (heading, http(s) link); audited with before and after.' + ROLE('admin'),
    body: opsNewsEditSchema,
    errors: [400, 403, 404],
  },
  editVideoLink: {
    summary: 'Change a dashboard update video (YouTube id or link, title); audited with before and after.' + ROLE('admin'),
    body: opsVideoLinkEditSchema,
    errors: [400, 403, 404],
  },
  listPromotions: {
    summary: 'One artist’s promotions history, newest first, searchable, 15 a page (the rows of /marketing/promotions).' + ROLE('admin'),
    description: '404 for an unknown user_id.',
    query: opsPromotionListSchema,
    errors: [403, 404],
  },
  uploadPromotionImage: {
    summary: 'Upload a promotion image (multipart field "image"), streamed and checked on the bytes; its name goes into add or edit.' + ROLE('admin'),
    description: 'PNG, JPEG, GIF or WebP of at most 5 MB (413 beyond, 415 for other bytes whatever the name says); 400 without exactly one file. A name is used by one promotion only.',
    errors: [400, 403, 413, 415],
  },
  addPromotion: {
    summary: 'Add a promotion to an artist’s history and tell the artist (the same service as the CLI promotion-add); audited.' + ROLE('admin'),
    description: '404 for an unknown user_id; 400 for a field out of its limits or an image name not uploaded here (or already used).',
    body: opsPromotionAddSchema,
    codes: { 400: ['image_unknown'] },
    errors: [400, 403, 404],
  },
  editPromotion: {
    summary: 'Change a promotion’s fields, and its image when a new one is given (the old image is deleted); audited with before and after.' + ROLE('admin'),
    body: opsPromotionEditSchema,
    codes: { 400: ['image_unknown'] },
    errors: [400, 403, 404],
  },
  removePromotion: {
    summary: 'Remove a promotion and its image; audited.' + ROLE('admin'),
    body: opsPromotionIdSchema,
    errors: [403, 404],
  },
  openTickets: {
    summary: 'Open support tickets, oldest first.' + ROLE('support'),
    query: opsPagingSchema,
    errors: [403],
  },
  replyTicket: {
    summary: 'Reply as Support Team (bell and e-mail to the artist).' + ROLE('support'),
    body: opsTicketReplySchema,
    codes: { 409: ['ticket_closed'] },
    errors: [400, 403, 404, 409],
  },
  closeTicket: {
    summary: 'Close a ticket (no more replies).' + ROLE('support'),
    body: opsTicketIdSchema,
    errors: [403, 404],
  },
  payouts: {
    summary: 'Payouts of one status (default requested; in_payment, paid, rejected or all), oldest first for requested and in_payment, newest first otherwise.' + ROLE('finance'),
    query: payoutDeskListSchema,
    errors: [400, 403],
  },
  markPayoutPaid: {
    summary: 'Mark a requested or in-payment payout paid with its bank reference; the message states amount, account and reference.' + ROLE('finance'),
    description: '403 ownPayout for a payout of the finance member’s own account (four-eyes).',
    body: opsPayoutPaidSchema,
    codes: { 403: ['four_eyes'], 409: ['not_open'] },
    errors: [400, 403, 404, 409],
  },
  rejectPayout: {
    summary: 'Reject a requested or in-payment payout with a reason; the amount is credited back in the same transaction.' + ROLE('finance'),
    description: '403 ownPayout for a payout of the finance member’s own account (four-eyes).',
    body: opsPayoutRejectSchema,
    codes: { 403: ['four_eyes'], 409: ['not_open'] },
    errors: [400, 403, 404, 409],
  },
  listAudit: {
    summary: 'Audit rows of staff actions, newest first, filtered by action, object and actor.' + ROLE('admin'),
    query: opsAuditQuerySchema,
    errors: [403],
  },
} satisfies ServerDocs;
