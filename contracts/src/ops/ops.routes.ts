import type * as yup from 'yup';
import type { opsAuditQuerySchema, opsAwaySchema, opsPagingSchema, opsRejectSchema, opsReleaseIdSchema, opsRevokeSchema, opsStaffAddSchema, opsStaffRolesSchema, opsStaffUserSchema, opsTakedownSchema, opsTrackIdSchema, opsUserIdSchema, opsUserSearchSchema, opsVideoReviewSchema, opsTicketReplySchema, opsTicketIdSchema, opsPayoutPaidSchema, opsPayoutRejectSchema, totpVerifySchema, opsNewsEditSchema, opsVideoLinkEditSchema, opsPromotionAddSchema, opsPromotionEditSchema, opsPromotionIdSchema, opsPromotionListSchema } from './ops.schemas';
import type { NewsItem, VideoLink } from '../content/content.types';
import type { contentIdSchema, newsItemSchema, videoLinkSchema } from '../content/content.schemas';
import type { payoutDeskListSchema, PayoutDeskRow } from './payout-desk';
import type { OpsPromotionRow, OpsTicketRow, PromotionImageUpload } from './ops.types';
import type { AuditRow, OpsStaffRow, OpsUserDetail, OpsUserRow, PlatformState, ReviewOutcomeResult, ReviewQueueRow, ReviewRelease, StaffSession, TotpEnrolment, VideoQueueRow } from './ops.types';
import { defineRoute } from '../common/endpoint';
import type { reviewQueueQuerySchema } from './staff-desks';

const S = { access: 'staff', tag: 'ops' } as const;

/**
 * The operations console's wire map (docs/decisions/008). Every `ops/*` call needs a staff session that passed
 * TOTP and the role named in its description (401 without a token, one 403 text for everyone else).
 * The `staff/*` calls come before the console: who am I, TOTP enrolment and verification.
 */
export const OPS_ENDPOINTS = {
  staffSession: defineRoute<void, StaffSession, 'GET'>({ method: 'GET', path: 'staff/session', access: 'user', tag: 'ops' }),
  staffTotpEnrol: defineRoute<void, TotpEnrolment, 'POST'>({ method: 'POST', path: 'staff/totp/enrol', access: 'user', tag: 'ops' }),
  staffTotpVerify: defineRoute<yup.InferType<typeof totpVerifySchema>, StaffSession, 'POST'>({ method: 'POST', path: 'staff/totp/verify', access: 'user', tag: 'ops' }),
  reviewQueue: defineRoute<yup.InferType<typeof reviewQueueQuerySchema>, ReviewQueueRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/releases/queue', list: true }),
  reviewRelease: defineRoute<yup.InferType<typeof opsReleaseIdSchema>, ReviewRelease, 'GET'>({ ...S, method: 'GET', path: 'ops/releases/detail' }),
  reviewAudioLink: defineRoute<yup.InferType<typeof opsTrackIdSchema>, { url: string; expires_at: number }, 'GET'>({ ...S, method: 'GET', path: 'ops/releases/audio-link' }),
  approveRelease: defineRoute<yup.InferType<typeof opsReleaseIdSchema>, ReviewOutcomeResult, 'POST'>({ ...S, method: 'POST', path: 'ops/releases/approve' }),
  rejectRelease: defineRoute<yup.InferType<typeof opsRejectSchema>, ReviewOutcomeResult, 'POST'>({ ...S, method: 'POST', path: 'ops/releases/reject' }),
  takedownRelease: defineRoute<yup.InferType<typeof opsTakedownSchema>, ReviewOutcomeResult, 'POST'>({ ...S, method: 'POST', path: 'ops/releases/takedown' }),
  videoQueue: defineRoute<yup.InferType<typeof opsPagingSchema>, VideoQueueRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/videos/queue', list: true }),
  reviewVideo: defineRoute<yup.InferType<typeof opsVideoReviewSchema>, VideoQueueRow, 'POST'>({ ...S, method: 'POST', path: 'ops/videos/review' }),
  platformStatus: defineRoute<void, PlatformState, 'GET'>({ ...S, method: 'GET', path: 'ops/platform' }),
  setAwayMode: defineRoute<yup.InferType<typeof opsAwaySchema>, PlatformState, 'POST'>({ ...S, method: 'POST', path: 'ops/platform/away' }),
  searchUsers: defineRoute<yup.InferType<typeof opsUserSearchSchema>, OpsUserRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/users', list: true }),
  userDetail: defineRoute<yup.InferType<typeof opsUserIdSchema>, OpsUserDetail, 'GET'>({ ...S, method: 'GET', path: 'ops/users/detail' }),
  setUserRevoked: defineRoute<yup.InferType<typeof opsRevokeSchema>, OpsUserRow, 'POST'>({ ...S, method: 'POST', path: 'ops/users/revoke' }),
  staffMembers: defineRoute<void, OpsStaffRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/staff', list: true }),
  addStaff: defineRoute<yup.InferType<typeof opsStaffAddSchema>, OpsStaffRow, 'POST'>({ ...S, method: 'POST', path: 'ops/staff/add' }),
  setStaffRoles: defineRoute<yup.InferType<typeof opsStaffRolesSchema>, OpsStaffRow, 'POST'>({ ...S, method: 'POST', path: 'ops/staff/roles' }),
  removeStaff: defineRoute<yup.InferType<typeof opsStaffUserSchema>, { user_id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/staff/remove' }),
  resetStaffTotp: defineRoute<yup.InferType<typeof opsStaffUserSchema>, OpsStaffRow, 'POST'>({ ...S, method: 'POST', path: 'ops/staff/reset-totp' }),
  addNews: defineRoute<yup.InferType<typeof newsItemSchema>, { id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/content/news/add' }),
  removeNews: defineRoute<yup.InferType<typeof contentIdSchema>, { id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/content/news/remove' }),
  addVideoLink: defineRoute<yup.InferType<typeof videoLinkSchema>, { id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/content/videos/add' }),
  removeVideoLink: defineRoute<yup.InferType<typeof contentIdSchema>, { id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/content/videos/remove' }),
  editNews: defineRoute<yup.InferType<typeof opsNewsEditSchema>, NewsItem, 'POST'>({ ...S, method: 'POST', path: 'ops/content/news/edit' }),
  editVideoLink: defineRoute<yup.InferType<typeof opsVideoLinkEditSchema>, VideoLink, 'POST'>({ ...S, method: 'POST', path: 'ops/content/videos/edit' }),
  listPromotions: defineRoute<yup.InferType<typeof opsPromotionListSchema>, OpsPromotionRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/content/promotions', list: true }),
  uploadPromotionImage: defineRoute<void, PromotionImageUpload, 'POST'>({ ...S, method: 'POST', path: 'ops/content/promotions/image', multipart: { field: 'image' } }),
  addPromotion: defineRoute<yup.InferType<typeof opsPromotionAddSchema>, OpsPromotionRow, 'POST'>({ ...S, method: 'POST', path: 'ops/content/promotions/add' }),
  editPromotion: defineRoute<yup.InferType<typeof opsPromotionEditSchema>, OpsPromotionRow, 'POST'>({ ...S, method: 'POST', path: 'ops/content/promotions/edit' }),
  removePromotion: defineRoute<yup.InferType<typeof opsPromotionIdSchema>, { id: number }, 'POST'>({ ...S, method: 'POST', path: 'ops/content/promotions/remove' }),
  openTickets: defineRoute<yup.InferType<typeof opsPagingSchema>, OpsTicketRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/tickets', list: true }),
  replyTicket: defineRoute<yup.InferType<typeof opsTicketReplySchema>, OpsTicketRow, 'POST'>({ ...S, method: 'POST', path: 'ops/tickets/reply' }),
  closeTicket: defineRoute<yup.InferType<typeof opsTicketIdSchema>, OpsTicketRow, 'POST'>({ ...S, method: 'POST', path: 'ops/tickets/close' }),
  payouts: defineRoute<yup.InferType<typeof payoutDeskListSchema>, PayoutDeskRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/payouts', list: true }),
  markPayoutPaid: defineRoute<yup.InferType<typeof opsPayoutPaidSchema>, PayoutDeskRow, 'POST'>({ ...S, method: 'POST', path: 'ops/payouts/paid' }),
  rejectPayout: defineRoute<yup.InferType<typeof opsPayoutRejectSchema>, PayoutDeskRow, 'POST'>({ ...S, method: 'POST', path: 'ops/payouts/reject' }),
  listAudit: defineRoute<yup.InferType<typeof opsAuditQuerySchema>, AuditRow[], 'GET'>({ ...S, method: 'GET', path: 'ops/audit', list: true }),
} as const;
