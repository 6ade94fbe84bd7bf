import * as yup from 'yup';
import { idField, optionalString, pagingFields } from '../common/query.schemas';
import { OPS_LIMITS as L, OPS_MESSAGES as M, REJECTION_REASON_CODES, STAFF_ROLES } from './ops.texts';
import { newsItemSchema, videoLinkSchema } from '../content/content.schemas';
import { promotionsQuerySchema } from '../tools-rights/tools-rights.schemas';
import { isHttpLink } from '../tools-rights/url-rules';

const paging = () => pagingFields(L.pageSize, L.maxPageSize);

/** A 6-digit TOTP code. */
export const totpVerifySchema = yup.object({
  code: yup.string().trim().required(M.totpInvalid).matches(/^\d{6}$/, M.totpInvalid),
});

export const opsPagingSchema = yup.object({ ...paging() });
export const opsReleaseIdSchema = yup.object({ release_id: idField(M.releaseNotFound) });
export const opsTrackIdSchema = yup.object({ track_id: idField(M.trackNotFound) });
export const opsRejectSchema = yup.object({
  release_id: idField(M.releaseNotFound),
  reasons: yup
    .array()
    .of(yup.string().required(M.reasonUnknown).oneOf(REJECTION_REASON_CODES as string[], M.reasonUnknown))
    .required(M.reasonsRequired)
    .min(1, M.reasonsRequired)
    .max(REJECTION_REASON_CODES.length, M.reasonUnknown),
  note: optionalString(L.noteMax),
});
export const opsTakedownSchema = yup.object({
  release_id: idField(M.releaseNotFound),
  reason: yup.string().trim().required(M.takedownReasonRequired).max(L.reasonMax),
});
export const opsVideoReviewSchema = yup.object({
  video_id: idField(M.videoNotFound),
  outcome: yup.string().oneOf(['approved', 'rejected', 'takendown'], M.videoNotReviewable).required(M.videoNotReviewable),
  reason: optionalString(L.reasonMax),
});
export const opsAwaySchema = yup.object({
  on: yup.boolean().required(),
  text: optionalString(L.awayTextMax),
});
export const opsUserSearchSchema = yup.object({ q: optionalString(L.searchMax), ...paging() });
export const opsUserIdSchema = yup.object({ user_id: idField(M.userNotFound) });
export const opsRevokeSchema = yup.object({ user_id: idField(M.userNotFound), revoked: yup.boolean().required() });
export const opsAuditQuerySchema = yup.object({
  action: optionalString(64),
  object_type: optionalString(32),
  object_id: optionalString(32),
  actor: optionalString(254),
  ...paging(),
});
export const staffRoleSchema = yup.string().oneOf([...STAFF_ROLES]);
/** Staff management (docs/decisions/016). */
export const opsStaffAddSchema = yup.object({
  email: yup.string().typeError(M.staffEmailInvalid).trim().lowercase().required(M.staffEmailInvalid).max(254, M.staffEmailInvalid).email(M.staffEmailInvalid),
  role: yup.string().typeError(M.staffRoleInvalid).required(M.staffRoleInvalid).oneOf([...STAFF_ROLES], M.staffRoleInvalid),
});
export const opsStaffRolesSchema = yup.object({
  user_id: idField(M.staffNotFound),
  roles: yup
    .array()
    .typeError(M.staffRoleInvalid)
    .of(yup.string().typeError(M.staffRoleInvalid).required(M.staffRoleInvalid).oneOf([...STAFF_ROLES], M.staffRoleInvalid))
    .required(M.staffRoleInvalid)
    .min(1, M.staffRoleInvalid)
    .max(STAFF_ROLES.length, M.staffRoleInvalid),
});
export const opsStaffUserSchema = yup.object({ user_id: idField(M.staffNotFound) });

export const opsTicketReplySchema = yup.object({ ticket_id: idField(M.ticketNotFound), text: yup.string().trim().required(M.replyRequired).max(5000, M.replyRequired) });
export const opsTicketIdSchema = yup.object({ ticket_id: idField(M.ticketNotFound) });
export const opsPayoutPaidSchema = yup.object({ payout_id: idField(M.payoutNotFound), reference: yup.string().trim().required(M.referenceRequired).max(255, M.referenceRequired) });
export const opsPayoutRejectSchema = yup.object({ payout_id: idField(M.payoutNotFound), reason: yup.string().trim().required(M.payoutReasonRequired).max(1000, M.payoutReasonRequired) });

/** Stored name of a promotion image: 32 hex characters and the extension of the type read from its bytes. */
export const PROMOTION_IMAGE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|webp)$/;

const P = L.promotion;
const requiredText = (max: number, message: string) => yup.string().trim().required(message).max(max, message);
/** The fields of a promotion (areas §3 Promotion) an operator writes, in the order of the form. */
const promotionFields = {
  song: requiredText(P.songMax, M.promotionSongRequired),
  platform: requiredText(P.platformMax, M.promotionPlatformRequired),
  type: requiredText(P.typeMax, M.promotionTypeRequired),
  playlist_name: requiredText(P.playlistNameMax, M.promotionPlaylistNameRequired),
  playlist_link: yup
    .string()
    .trim()
    .required(M.promotionLinkInvalid)
    .max(P.linkMax, M.promotionLinkInvalid)
    .test('http-link', M.promotionLinkInvalid, (v) => isHttpLink(v)),
};
/**
 * POST ops/content/promotions/add: a promotion for user `user_id` whose image was uploaded just before
 * (`image`: the name ops/content/promotions/image answered). The CLI `promotion-add` validates the same.
 */
export const opsPromotionAddSchema = yup.object({
  user_id: idField(M.userNotFound),
  ...promotionFields,
  image: yup.string().trim().required(M.promotionImageRequired).matches(PROMOTION_IMAGE_NAME, M.promotionImageUnknown),
});
/** POST ops/content/promotions/edit: every field again; `image` only to replace the picture ('' keeps it). */
export const opsPromotionEditSchema = yup.object({
  promotion_id: idField(M.promotionNotFound),
  ...promotionFields,
  image: yup
    .string()
    .trim()
    .optional()
    .default('')
    .test('image-name', M.promotionImageUnknown, (v) => !v || PROMOTION_IMAGE_NAME.test(v)),
});
export const opsPromotionIdSchema = yup.object({ promotion_id: idField(M.promotionNotFound) });
/** GET ops/content/promotions: one user's promotions as the artist's history shows them (search, 15 a page). */
export const opsPromotionListSchema = yup.object({ user_id: idField(M.userNotFound) }).concat(promotionsQuerySchema);
/** POST ops/content/news/edit: the row's id, then the fields of a new news item. */
export const opsNewsEditSchema = yup.object({ id: idField(M.contentNotFound) }).concat(newsItemSchema);
/** POST ops/content/videos/edit: the row's id, then the fields of a new update video. */
export const opsVideoLinkEditSchema = yup.object({ id: idField(M.contentNotFound) }).concat(videoLinkSchema);
