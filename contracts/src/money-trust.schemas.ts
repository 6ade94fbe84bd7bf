import * as yup from 'yup';
import { idField, pagingFields } from './common/query.schemas';
import { MONEY_TRUST_LIMITS as L, MONEY_TRUST_MESSAGES as M } from './money-trust.texts';
import { attachementField } from './support/support.schemas';

const isMonthText = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** GET getHolds / ops/holds: paging and a status filter ('' every status; 'open' held or awaiting a second finance member). */
export const holdListSchema = yup.object({
  ...pagingFields(L.pageSize, L.maxPageSize),
  status: yup.string().trim().optional().default('').oneOf(['', 'open', 'held', 'forfeit_pending', 'released', 'forfeited', 'debited', 'void'], M.holdNotFound),
});
/** GET ops/holds/detail. */
export const holdIdQuerySchema = yup.object({ hold_id: idField(M.holdNotFound) });
/** POST ops/holds/release and ops/holds/forfeit/confirm. */
export const holdDecisionSchema = yup.object({ hold_id: idField(M.holdNotFound) });
/** POST ops/holds/forfeit: the reason the artist reads. */
export const holdForfeitSchema = yup.object({
  hold_id: idField(M.holdNotFound),
  reason: yup.string().trim().required(M.forfeitReasonRequired).max(L.reasonMax, M.forfeitReasonTooLong),
});
/** POST ops/holds/reply: finance's answer on the hold's appeal ticket (the artist reads it in the ticket). */
export const holdReplySchema = yup.object({
  hold_id: idField(M.holdNotFound),
  text: yup.string().typeError(M.replyText).trim().required(M.replyText).max(L.replyMax, M.replyTooLong),
});
/** POST appealHold: the artist's explanation and uploaded attachments (uploadTicketAttachment first). */
export const holdAppealSchema = yup.object({
  hold_id: idField(M.holdNotFound),
  text: yup.string().trim().required(M.appealText).max(L.appealMax, M.appealTooLong),
  attachement: attachementField,
});
/** GET getMonthlyStatement?month=YYYY-MM. */
export const monthlyStatementQuerySchema = yup.object({
  month: yup.string().trim().required(M.monthInvalid).test('month', M.monthInvalid, (v) => !!v && isMonthText(v)),
});
/** GET monthlyStatementFile?month&format=pdf|csv. */
export const monthlyStatementFileSchema = yup.object({
  month: yup.string().trim().required(M.monthInvalid).test('month', M.monthInvalid, (v) => !!v && isMonthText(v)),
  format: yup.string().trim().required(M.formatInvalid).oneOf(['pdf', 'csv'], M.formatInvalid),
});
