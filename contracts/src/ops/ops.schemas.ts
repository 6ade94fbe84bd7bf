import * as yup from 'yup';
import { idField, optionalString, pagingFields } from '../common/query.schemas';
import { OPS_LIMITS as L, OPS_MESSAGES as M, REJECTION_REASON_CODES, STAFF_ROLES } from './ops.texts';

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

export const opsTicketReplySchema = yup.object({ ticket_id: idField(M.ticketNotFound), text: yup.string().trim().required(M.replyRequired).max(5000, M.replyRequired) });
export const opsTicketIdSchema = yup.object({ ticket_id: idField(M.ticketNotFound) });
export const opsPayoutPaidSchema = yup.object({ payout_id: idField(M.payoutNotFound), reference: yup.string().trim().required(M.referenceRequired).max(255, M.referenceRequired) });
export const opsPayoutRejectSchema = yup.object({ payout_id: idField(M.payoutNotFound), reason: yup.string().trim().required(M.payoutReasonRequired).max(1000, M.payoutReasonRequired) });
