import type * as yup from 'yup';
import type { signedFileQuerySchema } from '../releases/releases.schemas';
import type { UserDetails } from '../auth/auth.types';
import type { bankDetailsSchema, createTicketSchema, inviteSchema, payoutIdQuerySchema, payoutListQuerySchema, replyTicketSchema, reportDownloadQuerySchema, reportListQuerySchema, requestReportSchema, ticketIdQuerySchema, ticketListQuerySchema, updateProfileSchema, withdrawSchema } from './support.schemas';
import type { BankDetails, Payout, ReportRow, TicketDetail, TicketRow, UploadedAttachment } from './support.types';
import { defineRoute } from '../common/endpoint';
import { BANK_DETAILS_PATH } from './support.request';

/**
 * The support area's wire map (areas §7; paths the spec leaves open are ours, in the same style).
 * Everything is the caller's own: another user's ticket, attachment, report or payout answers 404.
 */
export const SUPPORT_ENDPOINTS = {
  uploadTicketAttachment: defineRoute<FormData, UploadedAttachment, 'POST'>({ method: 'POST', path: 'uploadTicketAttachment', access: 'user', tag: 'support', multipart: { field: 'attachement' } }),
  createTicket: defineRoute<yup.InferType<typeof createTicketSchema>, TicketRow, 'POST'>({ method: 'POST', path: 'createTicket', access: 'user', tag: 'support' }),
  getTicketListForUser: defineRoute<yup.InferType<typeof ticketListQuerySchema>, TicketRow[], 'GET'>({ method: 'GET', path: 'getTicketListForUser', access: 'user', tag: 'support', list: true }),
  getTicketById: defineRoute<yup.InferType<typeof ticketIdQuerySchema>, TicketDetail, 'GET'>({ method: 'GET', path: 'getTicketById', access: 'user', tag: 'support' }),
  replyTicket: defineRoute<yup.InferType<typeof replyTicketSchema>, TicketDetail, 'POST'>({ method: 'POST', path: 'replyTicket', access: 'user', tag: 'support' }),
  ticketAttachmentFile: defineRoute<yup.InferType<typeof signedFileQuerySchema>, never, 'GET'>({ method: 'GET', path: 'files/ticket/:filename', access: 'public', tag: 'support', file: true }),
  requestReport: defineRoute<yup.InferType<typeof requestReportSchema>, ReportRow, 'POST'>({ method: 'POST', path: 'requestReport', access: 'user', tag: 'support' }),
  getRequestedReports: defineRoute<yup.InferType<typeof reportListQuerySchema>, ReportRow[], 'GET'>({ method: 'GET', path: 'getRequestedReports', access: 'user', tag: 'support', list: true }),
  downloadReport: defineRoute<yup.InferType<typeof reportDownloadQuerySchema>, never, 'GET'>({ method: 'GET', path: 'downloadReport', access: 'public', tag: 'support', file: true }),
  addBankDetails: defineRoute<yup.InferType<typeof bankDetailsSchema>, BankDetails, 'POST'>({ method: 'POST', path: 'addBankDetails', access: 'user', tag: 'support' }),
  getUserBankDetails: defineRoute<Record<string, never>, BankDetails | null, 'GET'>({ method: 'GET', path: BANK_DETAILS_PATH, access: 'user', tag: 'support' }),
  withdrawMoney: defineRoute<yup.InferType<typeof withdrawSchema>, Payout, 'POST'>({ method: 'POST', path: 'withdrawMoney', access: 'user', tag: 'support' }),
  getPayoutHistory: defineRoute<yup.InferType<typeof payoutListQuerySchema>, Payout[], 'GET'>({ method: 'GET', path: 'getPayoutHistory', access: 'user', tag: 'support', list: true }),
  getPayoutById: defineRoute<yup.InferType<typeof payoutIdQuerySchema>, Payout, 'GET'>({ method: 'GET', path: 'getPayoutById', access: 'user', tag: 'support' }),
  updateUserProfile: defineRoute<yup.InferType<typeof updateProfileSchema>, UserDetails, 'POST'>({ method: 'POST', path: 'updateUserProfile', access: 'user', tag: 'support', fields: { token: 'string' } }),
  sendInvite: defineRoute<yup.InferType<typeof inviteSchema>, undefined, 'POST'>({ method: 'POST', path: 'sendInvite', access: 'user', tag: 'support' }),
} as const;
