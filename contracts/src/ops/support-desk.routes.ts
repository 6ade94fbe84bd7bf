import type * as yup from 'yup';
import type { TicketAttachment } from '../support/support.types';
import { defineRoute } from '../common/endpoint';
import type { supportDeskAssignSchema, supportDeskReplySchema, SupportMember, SupportDeskThread, supportDeskTicketSchema, SupportDeskRow, supportDeskListSchema } from './support-desk';

const SUP = { access: 'staff', tag: 'ops' } as const;

/** The support desk's wire map. */
export const SUPPORT_DESK_ENDPOINTS = {
  supportTickets: defineRoute<yup.InferType<typeof supportDeskListSchema>, SupportDeskRow[], 'GET'>({ ...SUP, method: 'GET', path: 'ops/support/tickets', list: true }),
  supportThread: defineRoute<yup.InferType<typeof supportDeskTicketSchema>, SupportDeskThread, 'GET'>({ ...SUP, method: 'GET', path: 'ops/support/thread' }),
  supportMembers: defineRoute<void, SupportMember[], 'GET'>({ ...SUP, method: 'GET', path: 'ops/support/members', list: true }),
  supportUploadAttachment: defineRoute<FormData, TicketAttachment, 'POST'>({ ...SUP, method: 'POST', path: 'ops/support/attachment', multipart: { field: 'attachement' } }),
  supportReply: defineRoute<yup.InferType<typeof supportDeskReplySchema>, SupportDeskThread, 'POST'>({ ...SUP, method: 'POST', path: 'ops/support/reply' }),
  supportClose: defineRoute<yup.InferType<typeof supportDeskTicketSchema>, SupportDeskThread, 'POST'>({ ...SUP, method: 'POST', path: 'ops/support/close' }),
  supportAssign: defineRoute<yup.InferType<typeof supportDeskAssignSchema>, SupportDeskThread, 'POST'>({ ...SUP, method: 'POST', path: 'ops/support/assign' }),
} as const;
