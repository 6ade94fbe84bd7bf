import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, type EntityManager } from 'typeorm';
import {
  SUPPORT_DESK_AGE_DAYS,
  SUPPORT_DESK_MESSAGES as M,
  TICKET_STATUS,
  type SupportDeskAge,
  type SupportDeskAssigned,
  type SupportDeskRow,
  type SupportDeskStatus,
  type SupportDeskThread,
  type TicketAttachment,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { Transactions } from '../../database/transactions';
import { AttachmentsService } from './attachments.service';
import { TicketEntity, TicketMessageEntity } from './ticket.entities';
import { TicketsService } from './tickets.service';

/** A queue row without the e-mails (the console adds them from the users module). */
export type DeskTicket = Omit<SupportDeskRow, 'user_email' | 'assigned_email'>;
/** A thread without the e-mails. */
export type DeskThread = Omit<SupportDeskThread, 'user_email' | 'assigned_email'>;
/** The queue's filters (contracts/src/ops/support-desk.ts). */
export type DeskFilter = { status: SupportDeskStatus; reason: string; age: SupportDeskAge; assigned: SupportDeskAssigned };
/** Writes the audit row of an action inside its transaction (the console's AuditService). */
export type DeskAudit = (m: EntityManager, before: DeskTicket) => Promise<void>;

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

/**
 * The console's support desk over the support area's ticket tables (docs/decisions/023-staff-desks.md
 * "Support desk"): the queue with filters, a ticket's thread with signed attachment links, support
 * replies with attachments (the artist's upload rules, areas §5 §9), close and assignment. The ops module
 * reaches the tickets only through this service; each write runs the caller's audit in its transaction.
 */
@Injectable()
export class SupportDeskService {
  constructor(
    @InjectRepository(TicketEntity) private readonly tickets: Repository<TicketEntity>,
    private readonly attachments: AttachmentsService,
    private readonly ticketsService: TicketsService,
    private readonly tx: Transactions,
  ) {}

  /**
   * One page of the queue and the filtered total. Open tickets where the artist spoke last come first,
   * then open ones support answered, then closed ones; within each, the oldest ticket first (closed:
   * most recently closed first). An answered ticket sinks; when the artist writes again it is back on top. `age` keeps tickets opened at least that many days ago; `mine` those
   * assigned to `callerId`.
   */
  async list(f: DeskFilter, callerId: number, limit: number, offset: number): Promise<{ rows: DeskTicket[]; total: number }> {
    const qb = this.tickets.createQueryBuilder('t');
    if (f.status === 'open') qb.andWhere('t.status = :s', { s: TICKET_STATUS.pending });
    if (f.status === 'closed') qb.andWhere('t.status = :s', { s: TICKET_STATUS.done });
    if (f.reason) qb.andWhere('t.reason = :reason', { reason: f.reason });
    const days = SUPPORT_DESK_AGE_DAYS[f.age];
    if (days) qb.andWhere('t.created_at <= :before', { before: new Date(Date.now() - days * 86_400_000) });
    if (f.assigned === 'mine') qb.andWhere('t.assigned_to = :me', { me: callerId });
    if (f.assigned === 'unassigned') qb.andWhere('t.assigned_to IS NULL');
    const total = await qb.getCount();
    if (f.status === 'closed') qb.orderBy('t.closed_at', 'DESC').addOrderBy('t.id', 'DESC');
    else {
      // 0: open, the artist's word last; 1: open, answered; 2: closed.
      qb.addSelect(`CASE WHEN t.status = ${TICKET_STATUS.pending} AND t.last_by = 'user' THEN 0 WHEN t.status = ${TICKET_STATUS.pending} THEN 1 ELSE 2 END`, 'desk_rank')
        .orderBy('desk_rank', 'ASC')
        .addOrderBy('t.created_at', 'ASC')
        .addOrderBy('t.id', 'ASC');
    }
    const rows = await qb.limit(limit).offset(offset).getMany();
    const counts = await this.ticketsService.messageCounts(rows.map((r) => r.id));
    return { rows: rows.map((t) => this.row(t, counts.get(t.id) ?? 0)), total };
  }

  /** One ticket with the concern, its attachments and every message with theirs (oldest first). Errors: 404. */
  async thread(ticketId: number): Promise<DeskThread> {
    const t = await this.tickets.findOne({ where: { id: ticketId } });
    if (!t) throw DomainError.notFound(M.notFound);
    const { messages, attachmentsOf: of } = await this.ticketsService.thread(t);
    return {
      ...this.row(t, messages.length),
      concern: t.reply,
      attachments: of(null),
      thread: messages.map((msg) => ({ id: msg.id, sent_by: msg.sent_by, text: msg.reply, created_at: new Date(msg.created_at).toISOString(), attachments: of(msg.id) })),
    };
  }

  /** The ticket's row (404 for an unknown id): the "before" of an audit row. */
  async rowOf(ticketId: number): Promise<DeskTicket> {
    const t = await this.tickets.findOne({ where: { id: ticketId } });
    if (!t) throw DomainError.notFound(M.notFound);
    return this.row(t, (await this.ticketsService.messageCounts([t.id])).get(t.id) ?? 0);
  }

  /** Receive one reply attachment from a support member (the artist's rules: AttachmentsService.receive). */
  receive(uploaderId: number, req: PortalRequest): Promise<TicketAttachment> {
    return this.attachments.receive(uploaderId, req);
  }

  /**
   * A support reply with the uploader's unsent files, in one transaction with the audit row; then the
   * artist's bell and e-mail (as for every support reply). Errors: 404; 409 ticketClosed; 400 attachmentUnknown.
   */
  async reply(ticketId: number, uploaderId: number, text: string, filenames: string[], audit: DeskAudit): Promise<DeskThread> {
    const reply = text.trim();
    const ticket = await this.tx.run(async (m) => {
      const t = await m.findOne(TicketEntity, { where: { id: ticketId } });
      if (!t) throw DomainError.notFound(M.notFound);
      if (t.status === TICKET_STATUS.done) throw DomainError.conflict(M.ticketClosed, 'ticket_closed');
      const before = this.row(t, await m.count(TicketMessageEntity, { where: { ticket_id: t.id } }));
      const msg = await m.save(m.create(TicketMessageEntity, { ticket_id: t.id, user_id: t.user_id, sent_by: 'support', reply }));
      await this.attachments.bindForOwner(m, uploaderId, filenames, t.id, msg.id, t.user_id);
      await m.update(TicketEntity, { id: t.id }, { updated_at: new Date(), last_by: 'support', last_message_at: new Date() });
      await audit(m, before);
      return t;
    });
    await this.ticketsService.tellSupportReply(ticket, reply);
    return this.thread(ticket.id);
  }

  /** Close (done) with the audit row in the same transaction; the artist's bell is told. A closed ticket stays as it is (no audit row). Errors: 404. */
  async close(ticketId: number, audit: DeskAudit): Promise<DeskThread> {
    const changed = await this.tx.run(async (m) => {
      const t = await m.findOne(TicketEntity, { where: { id: ticketId } });
      if (!t) throw DomainError.notFound(M.notFound);
      const res = await m.update(TicketEntity, { id: t.id, status: TICKET_STATUS.pending }, { status: TICKET_STATUS.done, closed_at: new Date() });
      if (!res.affected) return null;
      await audit(m, this.row(t, await m.count(TicketMessageEntity, { where: { ticket_id: t.id } })));
      return t;
    });
    if (changed) await this.ticketsService.tellClosed(changed);
    return this.thread(ticketId);
  }

  /** Assign to `assignee` (the console checked the support role) or unassign (null), audited in the same transaction. Errors: 404. */
  async assign(ticketId: number, assignee: number | null, audit: DeskAudit): Promise<DeskThread> {
    await this.tx.run(async (m) => {
      const t = await m.findOne(TicketEntity, { where: { id: ticketId } });
      if (!t) throw DomainError.notFound(M.notFound);
      await m.update(TicketEntity, { id: t.id }, { assigned_to: assignee });
      await audit(m, this.row(t, await m.count(TicketMessageEntity, { where: { ticket_id: t.id } })));
    });
    return this.thread(ticketId);
  }

  private row(t: TicketEntity, messages: number): DeskTicket {
    const open = t.status === TICKET_STATUS.pending;
    return {
      ticket_id: t.id,
      user_id: t.user_id,
      reason: t.reason,
      status: open ? 'open' : 'closed',
      created_at: iso(t.created_at)!,
      closed_at: iso(t.closed_at),
      last_by: t.last_by === 'support' ? 'support' : 'user',
      last_message_at: iso(t.last_message_at ?? t.created_at)!,
      awaiting_support: open && t.last_by !== 'support',
      messages,
      assigned_to: t.assigned_to ?? null,
    };
  }
}
