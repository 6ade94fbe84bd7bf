import * as yup from 'yup';
import { idField, pagingFields } from '../common/query.schemas';
import { SUPPORT_LIMITS, TICKET_SUBJECTS } from '../support/support.limits';
import { attachementField } from '../support/support.schemas';
import { SUPPORT_MESSAGES } from '../support/support.messages';
import type { TicketAttachment } from '../support/support.types';

/**
 * The support desk of the console (docs/decisions/023-staff-desks.md "Support desk"): the ticket queue
 * with age and whose word is last (tickets where the artist spoke last come back to the top), filters by
 * status, reason, age and assignment, the full thread with its attachments (short-lived signed links),
 * replies with attachments (the same file rules as the artist's, areas §5 §9), assignment to a member
 * of the support role. Every action is audited. Role: support (or admin).
 */

/** Limits of the support desk. Attachment rules are the artist's (SUPPORT_LIMITS, areas §9). */
export const SUPPORT_DESK_LIMITS = {
  pageSize: 20,
  maxPageSize: 100,
  replyMax: SUPPORT_LIMITS.textMax,
  attachmentsMax: SUPPORT_LIMITS.attachmentsMax,
  attachmentMaxBytes: SUPPORT_LIMITS.attachmentMaxBytes,
} as const;

/** Status filter: open (pending, default), closed (done) or all. */
export const SUPPORT_DESK_STATUSES = ['open', 'closed', 'all'] as const;
export type SupportDeskStatus = (typeof SUPPORT_DESK_STATUSES)[number];
/** Age filter: any age, or opened at least this many days ago. */
export const SUPPORT_DESK_AGES = ['any', '1d', '3d', '7d', '30d'] as const;
export type SupportDeskAge = (typeof SUPPORT_DESK_AGES)[number];
/** Days of each age filter (0: any). */
export const SUPPORT_DESK_AGE_DAYS: Record<SupportDeskAge, number> = { any: 0, '1d': 1, '3d': 3, '7d': 7, '30d': 30 };
/** Assignment filter: every ticket, the caller's own, or nobody's. */
export const SUPPORT_DESK_ASSIGNED = ['all', 'mine', 'unassigned'] as const;
export type SupportDeskAssigned = (typeof SUPPORT_DESK_ASSIGNED)[number];

/** Messages of the support desk (every answer's `message`). `{placeholders}` are filled by `fillMessage`. */
export const SUPPORT_DESK_MESSAGES = {
  list: 'Support tickets.',
  thread: 'Ticket thread.',
  members: 'Support members.',
  uploaded: 'The file is attached; send the reply to deliver it.',
  replied: 'Reply sent on ticket #{id}; the artist is told by bell and e-mail.',
  closed: 'Ticket #{id} is closed.',
  assigned: 'Ticket #{id} is assigned to {email}.',
  unassigned: 'Ticket #{id} is no longer assigned.',
  notFound: SUPPORT_MESSAGES.ticketNotFound,
  statusInvalid: 'Choose a status: open, closed or all.',
  ageInvalid: 'Choose an age: any, 1d, 3d, 7d or 30d.',
  reasonInvalid: 'Choose a reason from the list.',
  assignedInvalid: 'Choose an assignment filter: all, mine or unassigned.',
  assigneeInvalid: 'Choose a support member, or null to unassign.',
  assigneeNotSupport: 'That account is not a member of the support team.',
  replyRequired: SUPPORT_MESSAGES.replyRequired,
  replyTooLong: SUPPORT_MESSAGES.replyTooLong,
  tooManyAttachments: SUPPORT_MESSAGES.tooManyAttachments,
  attachmentUnknown: SUPPORT_MESSAGES.attachmentUnknown,
  ticketClosed: SUPPORT_MESSAGES.ticketClosed,
} as const;

/** Texts of the support desk screen (mfe-ops `/ops/desk`). */
export const SUPPORT_DESK_UI = {
  heading: 'Support desk',
  statusFilter: 'Ticket status',
  reasonFilter: 'Reason',
  ageFilter: 'Age',
  assignedFilter: 'Assigned',
  statusLabel: { open: 'Open', closed: 'Closed', all: 'All' } as Record<SupportDeskStatus, string>,
  ageLabel: { any: 'Any age', '1d': 'Older than 1 day', '3d': 'Older than 3 days', '7d': 'Older than 7 days', '30d': 'Older than 30 days' } as Record<SupportDeskAge, string>,
  assignedLabel: { all: 'Everyone', mine: 'Mine', unassigned: 'Unassigned' } as Record<SupportDeskAssigned, string>,
  allReasons: 'All reasons',
  columns: { id: '#', artist: 'Artist', reason: 'Reason', age: 'Age', last: 'Last word', assignee: 'Assigned to', status: 'Status' },
  lastBy: { user: 'Artist — waiting', support: 'Support' } as Record<'user' | 'support', string>,
  nobody: '—',
  empty: 'No ticket matches these filters.',
  pages: 'Pages of tickets',
  open: 'Open',
  openLabel: 'Open ticket #{id}',
  threadTitle: 'Ticket #{id}: {reason}',
  concern: 'Concern',
  threadHeading: 'Concern and replies',
  artist: 'Artist',
  opened: 'Opened',
  closedAt: 'Closed',
  fromArtist: 'Artist',
  fromSupport: 'Support Team',
  attachments: 'Attachments',
  reply: 'Reply (sent as Support Team)',
  attach: 'Attach files',
  attachHint: 'Up to 5 files of at most 2 MB: jpg, png, pdf, txt, doc, docx, xls, xlsx.',
  removeFile: 'Remove {name}',
  send: 'Send reply',
  closeTicket: 'Close ticket',
  confirmClose: 'Close ticket #{id}? The artist can no longer reply to it.',
  assignTo: 'Assign to',
  assign: 'Assign',
  unassign: 'Unassign',
  nobodyOption: 'Nobody',
  closedNote: 'This ticket is closed.',
  cancel: 'Cancel',
  back: 'Close',
  loading: 'Loading tickets',
  loadError: 'The tickets could not be loaded.',
  threadError: 'The ticket could not be loaded.',
  retry: 'Try again',
  ageDays: '{n} d',
  ageHours: '{n} h',
  ageMinutes: '{n} min',
} as const;

const M = SUPPORT_DESK_MESSAGES;
const L = SUPPORT_DESK_LIMITS;

/** GET ops/support/tickets: status (default open), reason ('' all), age (default any), assigned (default all) and paging. */
export const supportDeskListSchema = yup.object({
  status: yup.string().oneOf([...SUPPORT_DESK_STATUSES], M.statusInvalid).optional().default('open'),
  reason: yup.string().oneOf(['', ...TICKET_SUBJECTS], M.reasonInvalid).optional().default(''),
  age: yup.string().oneOf([...SUPPORT_DESK_AGES], M.ageInvalid).optional().default('any'),
  assigned: yup.string().oneOf([...SUPPORT_DESK_ASSIGNED], M.assignedInvalid).optional().default('all'),
  ...pagingFields(L.pageSize, L.maxPageSize),
});
/** GET ops/support/thread?ticket_id. */
export const supportDeskTicketSchema = yup.object({ ticket_id: idField(M.notFound) });
/** POST ops/support/reply: ticket, text (≤ 5000), the uploaded files' names (≤ 5). */
export const supportDeskReplySchema = yup.object({
  ticket_id: idField(M.notFound),
  text: yup.string().typeError(M.replyRequired).trim().required(M.replyRequired).max(L.replyMax, M.replyTooLong),
  // The same field as the artist's reply (areas §3 comma-joined names, §5 at most 5).
  attachement: attachementField,
});
/** POST ops/support/assign: ticket and a support member's user id, or null to unassign. */
export const supportDeskAssignSchema = yup.object({
  ticket_id: idField(M.notFound),
  user_id: yup.number().typeError(M.assigneeInvalid).integer(M.assigneeInvalid).positive(M.assigneeInvalid).nullable().defined(M.assigneeInvalid),
});

/** One ticket in the queue. Dates ISO 8601. */
export type SupportDeskRow = {
  ticket_id: number;
  user_id: number;
  user_email: string;
  reason: string;
  status: 'open' | 'closed';
  created_at: string;
  closed_at: string | null;
  /** Who wrote last: the artist ('user', the ticket itself counts) or support. */
  last_by: 'user' | 'support';
  /** When the last message (or the ticket) was written. */
  last_message_at: string;
  /** Open and the artist spoke last: the queue shows these first. */
  awaiting_support: boolean;
  /** Messages in the thread after the concern. */
  messages: number;
  assigned_to: number | null;
  assigned_email: string;
};
/** A message of a thread. */
export type SupportDeskMessage = { id: number; sent_by: 'user' | 'support'; text: string; created_at: string; attachments: TicketAttachment[] };
/** A ticket with the artist's concern, its own attachments and every message (oldest first). */
export type SupportDeskThread = SupportDeskRow & { concern: string; attachments: TicketAttachment[]; thread: SupportDeskMessage[] };
/** A member of the support role (assignees). */
export type SupportMember = { user_id: number; email: string; name: string };
