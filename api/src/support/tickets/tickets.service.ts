import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import {
  fillMessage,
  pageOffset,
  SUPPORT_MESSAGES as M,
  TICKET_STATUS,
  type CreateTicketDto,
  type ReplyTicketDto,
  type TicketAttachment,
  type TicketDetail,
  type TicketListQueryDto,
  type TicketRow,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { UsersService } from '../../users/users.service';
import { Transactions } from '../../database/transactions';
import { SupportConfig } from '../shared/support-config';
import { AttachmentsService, toAttachment } from './attachments.service';
import { TicketEntity, TicketMessageEntity } from './ticket.entities';

const toRow = (t: TicketEntity): TicketRow => ({
  ticket_id: t.id,
  reason: t.reason,
  reply: t.reply,
  status: t.status,
  date: t.created_at.getTime(),
  created_at: t.created_at.getTime(),
});

/**
 * Support tickets (areas §2 "Tickets list", "Ticket detail", §3, §4, §5). Every read and write is
 * scoped by the owner's id: another user's ticket answers 404 like a missing one. `sent_by` is
 * decided here from who calls (the artist's API: "user"; the operator command: "support").
 */
@Injectable()
export class TicketsService {
  constructor(
    @InjectRepository(TicketEntity) private readonly tickets: Repository<TicketEntity>,
    @InjectRepository(TicketMessageEntity) private readonly messages: Repository<TicketMessageEntity>,
    private readonly attachments: AttachmentsService,
    private readonly tx: Transactions,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly config: SupportConfig,
  ) {}

  /** Open a ticket with its uploaded attachments, in one transaction. Errors: 400 attachmentUnknown. */
  async create(userId: number, dto: CreateTicketDto): Promise<TicketRow> {
    const ticket = await this.tx.run(async (m) => {
      const saved = await m.save(m.create(TicketEntity, { user_id: userId, reason: dto.reason, reply: dto.reply, status: TICKET_STATUS.pending, closed_at: null, last_by: 'user', last_message_at: new Date() }));
      await this.attachments.bind(m, userId, dto.attachement as string[], saved.id, null);
      return saved;
    });
    return toRow(await this.tickets.findOneOrFail({ where: { id: ticket.id } }));
  }

  /** The caller's tickets, newest first, filtered by status ('' all, '0', '1'), with the filtered total. */
  async list(userId: number, q: TicketListQueryDto): Promise<{ rows: TicketRow[]; total: number }> {
    const where = q.status === '' ? { user_id: userId } : { user_id: userId, status: Number(q.status) };
    const [rows, total] = await this.tickets.findAndCount({ where, order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map(toRow), total };
  }

  /** One ticket of the caller with its attachments and thread (oldest first). Errors: 404 ticketNotFound. */
  async detail(userId: number, ticketId: number): Promise<TicketDetail> {
    const ticket = await this.tickets.findOne({ where: { id: ticketId, user_id: userId } });
    if (!ticket) throw DomainError.notFound(M.ticketNotFound);
    const { messages, attachmentsOf } = await this.thread(ticket);
    const own = attachmentsOf(null);
    return {
      ...toRow(ticket),
      sent_by: 'user',
      attachement: own.map((a) => a.filename).join(','),
      attachments: own,
      replies: messages.map((msg) => {
        const mine = attachmentsOf(msg.id);
        return { reply: msg.reply, sent_by: msg.sent_by, created_at: msg.created_at.getTime(), attachement: mine.map((a) => a.filename).join(','), attachments: mine };
      }),
    };
  }

  /**
   * A ticket's messages (oldest first) and its attachments as answered (signed links), by the message
   * they came with (null: the ticket's own): the owner's detail and the console desk's thread.
   */
  async thread(t: Pick<TicketEntity, 'id' | 'user_id'>): Promise<{ messages: TicketMessageEntity[]; attachmentsOf: (messageId: number | null) => TicketAttachment[] }> {
    const [messages, files] = await Promise.all([
      this.messages.find({ where: { ticket_id: t.id, user_id: t.user_id }, order: { id: 'ASC' } }),
      this.attachments.ofTicket(t.id, t.user_id),
    ]);
    return { messages, attachmentsOf: (messageId) => files.filter((f) => f.message_id === messageId).map((f) => toAttachment(f, this.attachments.links)) };
  }

  /** How many messages each of the tickets `ids` has; a ticket without any is not in the map. */
  async messageCounts(ids: number[]): Promise<Map<number, number>> {
    if (!ids.length) return new Map();
    const raw = await this.messages
      .createQueryBuilder('m')
      .select('m.ticket_id', 'ticket_id')
      .addSelect('COUNT(*)', 'n')
      .where({ ticket_id: In(ids) })
      .groupBy('m.ticket_id')
      .getRawMany<{ ticket_id: number | string; n: number | string }>();
    return new Map(raw.map((r) => [Number(r.ticket_id), Number(r.n)]));
  }

  /**
   * The artist's reply (sent_by "user", whatever the body says). A done ticket refuses it (areas §4).
   * Errors: 404 ticketNotFound; 409 ticketClosed; 400 attachmentUnknown.
   */
  async reply(userId: number, dto: ReplyTicketDto): Promise<TicketDetail> {
    await this.tx.run(async (m) => {
      const ticket = await m.findOne(TicketEntity, { where: { id: dto.ticket_id, user_id: userId } });
      if (!ticket) throw DomainError.notFound(M.ticketNotFound);
      if (ticket.status === TICKET_STATUS.done) throw DomainError.conflict(M.ticketClosed, 'ticket_closed');
      const msg = await m.save(m.create(TicketMessageEntity, { ticket_id: ticket.id, user_id: userId, sent_by: 'user', reply: dto.reply }));
      await this.attachments.bind(m, userId, dto.attachement as string[], ticket.id, msg.id);
      // The artist spoke last: the ticket comes back to the top of the desk's queue.
      await m.update(TicketEntity, { id: ticket.id }, { updated_at: new Date(), last_by: 'user', last_message_at: new Date() });
    });
    return this.detail(userId, dto.ticket_id);
  }

  /**
   * A support reply (operator command until the console exists): sent_by "support", a bell
   * notification and an e-mail to the artist. Errors: 404 ticketNotFound; 409 ticketClosed.
   */
  async supportReply(ticketId: number, text: string): Promise<TicketEntity> {
    const reply = text.trim();
    if (!reply) throw DomainError.badRequest(M.replyRequired);
    const ticket = await this.tx.run(async (m) => {
      const t = await m.findOne(TicketEntity, { where: { id: ticketId } });
      if (!t) throw DomainError.notFound(M.ticketNotFound);
      if (t.status === TICKET_STATUS.done) throw DomainError.conflict(M.ticketClosed, 'ticket_closed');
      await m.save(m.create(TicketMessageEntity, { ticket_id: t.id, user_id: t.user_id, sent_by: 'support', reply: reply.slice(0, 5000) }));
      await m.update(TicketEntity, { id: t.id }, { updated_at: new Date(), last_by: 'support', last_message_at: new Date() });
      return t;
    });
    await this.tellSupportReply(ticket, reply);
    return ticket;
  }

  /** Tell the artist of a support reply: the bell and an e-mail (areas §4), after the reply is committed. */
  async tellSupportReply(ticket: Pick<TicketEntity, 'id' | 'user_id' | 'reason'>, reply: string): Promise<void> {
    const user = await this.users.getById(ticket.user_id);
    const values = { id: ticket.id, reason: ticket.reason, name: user.name, reply, link: this.config.link(`/tickets/${ticket.id}`) };
    await this.notifications.notify(ticket.user_id, fillMessage(M.supportReplyNotification, values), `/tickets/${ticket.id}`);
    await this.mail.send({ to: user.email, subject: fillMessage(M.supportReplyMailSubject, values), text: fillMessage(M.supportReplyMailText, values) });
  }

  /** Tell the artist's bell that a ticket was closed (after the close is committed). */
  async tellClosed(ticket: Pick<TicketEntity, 'id' | 'user_id' | 'reason'>): Promise<void> {
    await this.notifications.notify(ticket.user_id, fillMessage(M.ticketClosedNotification, { id: ticket.id, reason: ticket.reason }), `/tickets/${ticket.id}`);
  }

  /** Open (pending) tickets, oldest first: one page and the total (the console's support desk). */
  async openForDesk(limit: number, offset: number): Promise<{ rows: TicketEntity[]; total: number }> {
    const [rows, total] = await this.tickets.findAndCount({ where: { status: TICKET_STATUS.pending }, order: { id: 'ASC' }, take: limit, skip: offset });
    return { rows, total };
  }

  /** A ticket's status (0 pending, 1 done), or null for an unknown id (the desk's audit "before"). */
  async statusOf(ticketId: number): Promise<number | null> {
    const t = await this.tickets.findOne({ select: { id: true, status: true }, where: { id: ticketId } });
    return t ? t.status : null;
  }

  /** Mark a ticket done (status 1) and tell the artist's bell. Closing a done ticket is a no-op. Errors: 404. */
  async close(ticketId: number): Promise<TicketEntity> {
    const ticket = await this.tickets.findOne({ where: { id: ticketId } });
    if (!ticket) throw DomainError.notFound(M.ticketNotFound);
    const changed = await this.tickets.update({ id: ticketId, status: TICKET_STATUS.pending }, { status: TICKET_STATUS.done, closed_at: new Date() });
    if (changed.affected) await this.tellClosed(ticket);
    return { ...ticket, status: TICKET_STATUS.done };
  }

  /** How many tickets a user has opened (any status): the console's user detail. */
  countOf(userId: number): Promise<number> {
    return this.tickets.count({ where: { user_id: userId } });
  }
}
