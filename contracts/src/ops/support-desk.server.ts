import type { ServerDocs } from '../common/endpoint-server';
import { supportDeskAssignSchema, supportDeskReplySchema, supportDeskTicketSchema, supportDeskListSchema } from './support-desk';

const ROLE = ' Role: support (or admin), after the TOTP second factor of this session; anyone else gets the same 403.';

/** Validation and documentation of SUPPORT_DESK_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const SUPPORT_DESK_SERVER = {
  supportTickets: {
    summary: 'Tickets by status (default open), reason, age and assignment; open tickets where the artist wrote last first, then answered ones, oldest first (closed: latest closed first).' + ROLE,
    query: supportDeskListSchema,
    errors: [400, 403],
  },
  supportThread: {
    summary: 'One ticket with the concern, every message and the attachments (signed links valid 10 minutes).' + ROLE,
    query: supportDeskTicketSchema,
    errors: [400, 403, 404],
  },
  supportMembers: {
    summary: 'Staff holding the support role (the assignees), by e-mail.' + ROLE,
    errors: [403],
  },
  supportUploadAttachment: {
    summary: 'Upload one file for a reply (multipart field "attachement"), the artist’s rules: jpg, png, pdf, txt, doc(x), xls(x), at most 2 MB, decided on the bytes.' + ROLE,
    description: '400 attachmentMissing; 413 attachmentTooLarge; 415 attachmentType; 429 tooManyUnsent. Its filename goes into the reply’s `attachement`.',
    codes: { 429: ['too_many_unsent_attachments'] },
    errors: [400, 403, 413, 415, 429],
  },
  supportReply: {
    summary: 'Reply as Support Team with the uploaded files; the artist’s bell and e-mail are told; audited ticket.reply.' + ROLE,
    description: '400 text or attachments wrong (an attachment must be the caller’s unsent upload); 404 unknown ticket; 409 ticketClosed.',
    body: supportDeskReplySchema,
    codes: { 409: ['ticket_closed'] },
    errors: [400, 403, 404, 409],
  },
  supportClose: {
    summary: 'Close a ticket (the artist’s bell is told); closing a closed ticket changes nothing; audited ticket.close.' + ROLE,
    body: supportDeskTicketSchema,
    errors: [400, 403, 404],
  },
  supportAssign: {
    summary: 'Assign a ticket to a support member (user_id) or unassign it (null); audited ticket.assign.' + ROLE,
    description: '400 assigneeNotSupport when the account does not hold the support role; 404 unknown ticket.',
    body: supportDeskAssignSchema,
    errors: [400, 403, 404],
  },
} satisfies ServerDocs;
