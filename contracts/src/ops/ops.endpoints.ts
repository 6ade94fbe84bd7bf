import * as yup from 'yup';
import { defineEndpoint } from '../common/endpoint';
import {
  opsAuditQuerySchema,
  opsAwaySchema,
  opsPagingSchema,
  opsRejectSchema,
  opsReleaseIdSchema,
  opsRevokeSchema,
  opsStaffAddSchema,
  opsStaffRolesSchema,
  opsStaffUserSchema,
  opsTakedownSchema,
  opsTrackIdSchema,
  opsUserIdSchema,
  opsUserSearchSchema,
  opsVideoReviewSchema,
  opsTicketReplySchema,
  opsTicketIdSchema,
  opsPayoutPaidSchema,
  opsPayoutRejectSchema,
  totpVerifySchema,
  opsNewsEditSchema,
  opsVideoLinkEditSchema,
  opsPromotionAddSchema,
  opsPromotionEditSchema,
  opsPromotionIdSchema,
  opsPromotionListSchema,
} from './ops.schemas';
import type { NewsItem, VideoLink } from '../content/content.types';
import { contentIdSchema, newsItemSchema, videoLinkSchema } from '../content/content.schemas';
import { payoutDeskListSchema, type PayoutDeskRow } from './payout-desk';
import type { OpsPromotionRow, OpsTicketRow, PromotionImageUpload } from './ops.types';
import type { AuditRow, OpsStaffRow, OpsUserDetail, OpsUserRow, PlatformState, ReviewOutcomeResult, ReviewQueueRow, ReviewRelease, StaffSession, TotpEnrolment, VideoQueueRow } from './ops.types';

type In<S extends yup.AnyObjectSchema> = yup.InferType<S>;
const S = { access: 'staff', tag: 'ops' } as const;
const ROLE = (role: string) => ` Role: ${role} (or admin), after the TOTP second factor of this session; anyone else gets the same 403.`;
const any = yup.object({}).meta({ description: 'see the type in @portal/contracts' });

/**
 * The operations console's wire map (docs/decisions/008). Every `ops/*` call needs a staff session that passed
 * TOTP and the role named in its description (401 without a token, one 403 text for everyone else).
 * The `staff/*` calls come before the console: who am I, TOTP enrolment and verification.
 */
export const OPS_ENDPOINTS = {
  staffSession: defineEndpoint<void, StaffSession>({
    method: 'GET', path: 'staff/session', access: 'user', tag: 'ops',
    summary: 'Whether the caller is staff, their roles and the state of the second factor of this session',
    response: any, errors: [],
  }),
  staffTotpEnrol: defineEndpoint<void, TotpEnrolment>({
    method: 'POST', path: 'staff/totp/enrol', access: 'user', tag: 'ops',
    summary: 'Start TOTP enrolment (staff only): an otpauth:// URI and its QR code',
    description: '409 once enrolment is confirmed by a first valid code; 403 for a non-staff caller.',
    response: any, errors: [403, 409],
  }),
  staffTotpVerify: defineEndpoint<In<typeof totpVerifySchema>, StaffSession>({
    method: 'POST', path: 'staff/totp/verify', access: 'user', tag: 'ops',
    summary: 'Pass the second factor for this session with a current TOTP code (confirms enrolment the first time)',
    description: 'A code is accepted once (replays are refused).',
    body: totpVerifySchema, response: any, errors: [400, 403],
  }),

  reviewQueue: defineEndpoint<In<typeof opsPagingSchema>, ReviewQueueRow[]>({
    ...S, method: 'GET', path: 'ops/releases/queue', summary: 'Releases in review, oldest first, with their age.' + ROLE('reviewer'),
    query: opsPagingSchema, response: any, list: true, errors: [403],
  }),
  reviewRelease: defineEndpoint<In<typeof opsReleaseIdSchema>, ReviewRelease>({
    ...S, method: 'GET', path: 'ops/releases/detail', summary: 'One release with every field and its tracks.' + ROLE('reviewer'),
    query: opsReleaseIdSchema, response: any, errors: [403, 404],
  }),
  reviewAudioLink: defineEndpoint<In<typeof opsTrackIdSchema>, { url: string; expires_at: number }>({
    ...S, method: 'GET', path: 'ops/releases/audio-link', summary: 'A short-lived signed link to play a track of any release.' + ROLE('reviewer'),
    query: opsTrackIdSchema, response: any, errors: [403, 404],
  }),
  approveRelease: defineEndpoint<In<typeof opsReleaseIdSchema>, ReviewOutcomeResult>({
    ...S, method: 'POST', path: 'ops/releases/approve',
    summary: 'Approve a release in review; assigns a UPC and ISRCs in the same transaction; tells the artist.' + ROLE('reviewer'),
    description: '409 when the release is not in review (also for the loser of two concurrent approvals); 403 ownRelease for a release of the reviewer’s own account (four-eyes); 409 with the code’s owner when an entered UPC or ISRC belongs to another release or owner.',
    body: opsReleaseIdSchema, response: any, errors: [400, 403, 404, 409],
  }),
  rejectRelease: defineEndpoint<In<typeof opsRejectSchema>, ReviewOutcomeResult>({
    ...S, method: 'POST', path: 'ops/releases/reject',
    summary: 'Reject a release in review with reasons from the catalogue and an optional note; tells the artist.' + ROLE('reviewer'),
    description: '403 ownRelease for a release of the reviewer’s own account (four-eyes).',
    body: opsRejectSchema, response: any, errors: [400, 403, 404, 409],
  }),
  takedownRelease: defineEndpoint<In<typeof opsTakedownSchema>, ReviewOutcomeResult>({
    ...S, method: 'POST', path: 'ops/releases/takedown', summary: 'Take an approved release down with a reason; tells the artist.' + ROLE('reviewer'),
    description: '403 ownRelease for a release of the reviewer’s own account (four-eyes).',
    body: opsTakedownSchema, response: any, errors: [400, 403, 404, 409],
  }),

  videoQueue: defineEndpoint<In<typeof opsPagingSchema>, VideoQueueRow[]>({
    ...S, method: 'GET', path: 'ops/videos/queue', summary: 'Video releases in review, oldest first.' + ROLE('reviewer'),
    query: opsPagingSchema, response: any, list: true, errors: [403],
  }),
  reviewVideo: defineEndpoint<In<typeof opsVideoReviewSchema>, VideoQueueRow>({
    ...S, method: 'POST', path: 'ops/videos/review', summary: 'Approve, reject (with a reason) or take down a video release; tells the artist.' + ROLE('reviewer'),
    description: '403 ownVideo for a video of the reviewer’s own account (four-eyes).',
    body: opsVideoReviewSchema, response: any, errors: [400, 403, 404, 409],
  }),

  platformStatus: defineEndpoint<void, PlatformState>({
    ...S, method: 'GET', path: 'ops/platform', summary: 'Away mode and its text.' + ROLE('admin'), response: any, errors: [403],
  }),
  setAwayMode: defineEndpoint<In<typeof opsAwaySchema>, PlatformState>({
    ...S, method: 'POST', path: 'ops/platform/away', summary: 'Turn away mode on (with its text) or off.' + ROLE('admin'),
    body: opsAwaySchema, response: any, errors: [400, 403],
  }),

  searchUsers: defineEndpoint<In<typeof opsUserSearchSchema>, OpsUserRow[]>({
    ...S, method: 'GET', path: 'ops/users', summary: 'Search users by name or e-mail, newest first.' + ROLE('support'),
    query: opsUserSearchSchema, response: any, list: true, errors: [403],
  }),
  userDetail: defineEndpoint<In<typeof opsUserIdSchema>, OpsUserDetail>({
    ...S, method: 'GET', path: 'ops/users/detail', summary: 'One user: releases, tickets, balance.' + ROLE('support'),
    query: opsUserIdSchema, response: any, errors: [403, 404],
  }),
  setUserRevoked: defineEndpoint<In<typeof opsRevokeSchema>, OpsUserRow>({
    ...S, method: 'POST', path: 'ops/users/revoke', summary: 'Revoke (revoked: true) or restore a user.' + ROLE('admin'),
    description: 'Revoking blocks the artist’s release writes (core §6) and, for staff, ends their console sessions at once and refuses every ops call until restored. 403 staffSelf for the caller’s own account.',
    body: opsRevokeSchema, response: any, errors: [400, 403, 404],
  }),

  staffMembers: defineEndpoint<void, OpsStaffRow[]>({
    ...S, method: 'GET', path: 'ops/staff', summary: 'Every staff member: roles, two-factor set up, revoked.' + ROLE('admin'),
    response: any, list: true, errors: [403],
  }),
  addStaff: defineEndpoint<In<typeof opsStaffAddSchema>, OpsStaffRow>({
    ...S, method: 'POST', path: 'ops/staff/add', summary: 'Give a verified account a staff role (as the CLI `staff add`); audited.' + ROLE('admin'),
    description: '400 staffNoAccount when no verified account has the e-mail; 403 staffSelf for the caller.',
    body: opsStaffAddSchema, response: any, errors: [400, 403],
  }),
  setStaffRoles: defineEndpoint<In<typeof opsStaffRolesSchema>, OpsStaffRow>({
    ...S, method: 'POST', path: 'ops/staff/roles', summary: 'Replace a staff member’s roles; audited with before and after.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf for the caller (an admin’s own roles are changed by another admin).',
    body: opsStaffRolesSchema, response: any, errors: [400, 403, 404],
  }),
  removeStaff: defineEndpoint<In<typeof opsStaffUserSchema>, { user_id: number }>({
    ...S, method: 'POST', path: 'ops/staff/remove', summary: 'Remove a staff member: roles, TOTP secret and console sessions go at once; audited.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf.',
    body: opsStaffUserSchema, response: any, errors: [403, 404],
  }),
  resetStaffTotp: defineEndpoint<In<typeof opsStaffUserSchema>, OpsStaffRow>({
    ...S, method: 'POST', path: 'ops/staff/reset-totp', summary: 'Delete a staff member’s TOTP secret and end their console sessions; they enrol again; audited.' + ROLE('admin'),
    description: '404 when the user is not staff; 403 staffSelf.',
    body: opsStaffUserSchema, response: any, errors: [403, 404],
  }),

  addNews: defineEndpoint<In<typeof newsItemSchema>, { id: number }>({
    ...S, method: 'POST', path: 'ops/content/news/add', summary: 'Add a dashboard news item (heading, http(s) link).' + ROLE('admin'),
    body: newsItemSchema, response: any, errors: [400, 403],
  }),
  removeNews: defineEndpoint<In<typeof contentIdSchema>, { id: number }>({
    ...S, method: 'POST', path: 'ops/content/news/remove', summary: 'Remove a dashboard news item.' + ROLE('admin'),
    body: contentIdSchema, response: any, errors: [403, 404],
  }),
  addVideoLink: defineEndpoint<In<typeof videoLinkSchema>, { id: number }>({
    ...S, method: 'POST', path: 'ops/content/videos/add', summary: 'Add a dashboard update video (YouTube id or link, optional title).' + ROLE('admin'),
    body: videoLinkSchema, response: any, errors: [400, 403],
  }),
  removeVideoLink: defineEndpoint<In<typeof contentIdSchema>, { id: number }>({
    ...S, method: 'POST', path: 'ops/content/videos/remove', summary: 'Remove a dashboard update video.' + ROLE('admin'),
    body: contentIdSchema, response: any, errors: [403, 404],
  }),

  editNews: defineEndpoint<In<typeof opsNewsEditSchema>, NewsItem>({
    ...S, method: 'POST', path: 'ops/content/news/edit', summary: 'Change a dashboard news item (heading, http(s) link); audited with before and after.' + ROLE('admin'),
    body: opsNewsEditSchema, response: any, errors: [400, 403, 404],
  }),
  editVideoLink: defineEndpoint<In<typeof opsVideoLinkEditSchema>, VideoLink>({
    ...S, method: 'POST', path: 'ops/content/videos/edit', summary: 'Change a dashboard update video (YouTube id or link, title); audited with before and after.' + ROLE('admin'),
    body: opsVideoLinkEditSchema, response: any, errors: [400, 403, 404],
  }),

  listPromotions: defineEndpoint<In<typeof opsPromotionListSchema>, OpsPromotionRow[]>({
    ...S, method: 'GET', path: 'ops/content/promotions',
    summary: 'One artist’s promotions history, newest first, searchable, 15 a page (the rows of /marketing/promotions).' + ROLE('admin'),
    description: '404 for an unknown user_id.',
    query: opsPromotionListSchema, response: any, list: true, errors: [403, 404],
  }),
  uploadPromotionImage: defineEndpoint<void, PromotionImageUpload>({
    ...S, method: 'POST', path: 'ops/content/promotions/image',
    summary: 'Upload a promotion image (multipart field "image"), streamed and checked on the bytes; its name goes into add or edit.' + ROLE('admin'),
    description: 'PNG, JPEG, GIF or WebP of at most 5 MB (413 beyond, 415 for other bytes whatever the name says); 400 without exactly one file. A name is used by one promotion only.',
    multipart: { field: 'image' }, response: any, errors: [400, 403, 413, 415],
  }),
  addPromotion: defineEndpoint<In<typeof opsPromotionAddSchema>, OpsPromotionRow>({
    ...S, method: 'POST', path: 'ops/content/promotions/add',
    summary: 'Add a promotion to an artist’s history and tell the artist (the same service as the CLI promotion-add); audited.' + ROLE('admin'),
    description: '404 for an unknown user_id; 400 for a field out of its limits or an image name not uploaded here (or already used).',
    body: opsPromotionAddSchema, response: any, errors: [400, 403, 404],
  }),
  editPromotion: defineEndpoint<In<typeof opsPromotionEditSchema>, OpsPromotionRow>({
    ...S, method: 'POST', path: 'ops/content/promotions/edit',
    summary: 'Change a promotion’s fields, and its image when a new one is given (the old image is deleted); audited with before and after.' + ROLE('admin'),
    body: opsPromotionEditSchema, response: any, errors: [400, 403, 404],
  }),
  removePromotion: defineEndpoint<In<typeof opsPromotionIdSchema>, { id: number }>({
    ...S, method: 'POST', path: 'ops/content/promotions/remove', summary: 'Remove a promotion and its image; audited.' + ROLE('admin'),
    body: opsPromotionIdSchema, response: any, errors: [403, 404],
  }),

  openTickets: defineEndpoint<In<typeof opsPagingSchema>, OpsTicketRow[]>({
    ...S, method: 'GET', path: 'ops/tickets', summary: 'Open support tickets, oldest first.' + ROLE('support'),
    query: opsPagingSchema, response: any, list: true, errors: [403],
  }),
  replyTicket: defineEndpoint<In<typeof opsTicketReplySchema>, OpsTicketRow>({
    ...S, method: 'POST', path: 'ops/tickets/reply', summary: 'Reply as Support Team (bell and e-mail to the artist).' + ROLE('support'),
    body: opsTicketReplySchema, response: any, errors: [400, 403, 404, 409],
  }),
  closeTicket: defineEndpoint<In<typeof opsTicketIdSchema>, OpsTicketRow>({
    ...S, method: 'POST', path: 'ops/tickets/close', summary: 'Close a ticket (no more replies).' + ROLE('support'),
    body: opsTicketIdSchema, response: any, errors: [403, 404],
  }),
  payouts: defineEndpoint<In<typeof payoutDeskListSchema>, PayoutDeskRow[]>({
    ...S, method: 'GET', path: 'ops/payouts', summary: 'Payouts of one status (default requested; in_payment, paid, rejected or all), oldest first for requested and in_payment, newest first otherwise.' + ROLE('finance'),
    query: payoutDeskListSchema, response: any, list: true, errors: [400, 403],
  }),
  markPayoutPaid: defineEndpoint<In<typeof opsPayoutPaidSchema>, PayoutDeskRow>({
    ...S, method: 'POST', path: 'ops/payouts/paid', summary: 'Mark a requested or in-payment payout paid with its bank reference; the message states amount, account and reference.' + ROLE('finance'),
    description: '403 ownPayout for a payout of the finance member’s own account (four-eyes).',
    body: opsPayoutPaidSchema, response: any, errors: [400, 403, 404, 409],
  }),
  rejectPayout: defineEndpoint<In<typeof opsPayoutRejectSchema>, PayoutDeskRow>({
    ...S, method: 'POST', path: 'ops/payouts/reject', summary: 'Reject a requested or in-payment payout with a reason; the amount is credited back in the same transaction.' + ROLE('finance'),
    description: '403 ownPayout for a payout of the finance member’s own account (four-eyes).',
    body: opsPayoutRejectSchema, response: any, errors: [400, 403, 404, 409],
  }),

  listAudit: defineEndpoint<In<typeof opsAuditQuerySchema>, AuditRow[]>({
    ...S, method: 'GET', path: 'ops/audit', summary: 'Audit rows of staff actions, newest first, filtered by action, object and actor.' + ROLE('admin'),
    query: opsAuditQuerySchema, response: any, list: true, errors: [403],
  }),
} as const;
