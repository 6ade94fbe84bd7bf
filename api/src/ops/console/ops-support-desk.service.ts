import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { SUPPORT_DESK_MESSAGES as M, type SupportDeskRow, type SupportDeskThread, type SupportMember, type TicketAttachment } from '@portal/contracts';
import { AuditService, type Actor } from '../../audit/audit.service';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { SupportDeskService, type DeskFilter, type DeskThread, type DeskTicket } from '../../support/tickets/support-desk.service';
import { UsersService } from '../../users/users.service';
import { StaffService } from '../../staff/staff.service';

/**
 * The console's support desk (docs/decisions/023-staff-desks.md "Support desk"): orchestrates the
 * support area's exported SupportDeskService (the ops module reads no ticket table), adds the artists'
 * and assignees' e-mails, checks assignees hold the support role, and audits every action.
 */
@Injectable()
export class OpsSupportDeskService {
  constructor(
    private readonly desk: SupportDeskService,
    private readonly users: UsersService,
    private readonly staff: StaffService,
    private readonly audit: AuditService,
  ) {}

  /** One page of the queue (filters as in contracts/src/ops/support-desk.ts); `mine` is the caller's. */
  async list(filter: DeskFilter, actor: Actor, limit: number, offset: number): Promise<{ rows: SupportDeskRow[]; total: number }> {
    const { rows, total } = await this.desk.list(filter, actor.userId ?? 0, limit, offset);
    const emails = await this.emails(rows);
    return { rows: rows.map((r) => this.withEmails(r, emails)), total };
  }

  /** One ticket's thread. Errors: 404. */
  async thread(ticketId: number): Promise<SupportDeskThread> {
    return this.full(await this.desk.thread(ticketId));
  }

  /** Staff holding the support role (not revoked), by e-mail: who a ticket can be assigned to. */
  async members(): Promise<SupportMember[]> {
    const ids = await this.staff.holdersOf('support');
    const users = await Promise.all(ids.map((id) => this.users.getById(id).catch(() => null)));
    return users
      .filter((u): u is NonNullable<typeof u> => !!u && u.revoked !== 1)
      .map((u) => ({ user_id: u.id, email: u.email, name: u.name }))
      .sort((a, b) => a.email.localeCompare(b.email));
  }

  /**
   * A reply attachment uploaded by a support member, audited `ticket.attachment_upload` (object id: the
   * 32 hex characters of its server name, which fit the audit's object id).
   */
  async upload(req: PortalRequest, actor: Actor): Promise<TicketAttachment> {
    const file = await this.desk.receive(actor.userId ?? 0, req);
    await this.audit.record(actor, 'ticket.attachment_upload', 'ticket_attachment', file.filename.split('.')[0], null, { filename: file.filename, name: file.name, size: file.size, mime: file.mime });
    return file;
  }

  /** Reply as Support Team with attachments, audited `ticket.reply` in the reply's transaction. Errors: 400, 404, 409. */
  async reply(ticketId: number, text: string, filenames: string[], actor: Actor): Promise<SupportDeskThread> {
    const t = await this.desk.reply(ticketId, actor.userId ?? 0, text, filenames, (m, before) =>
      this.record(m, actor, 'ticket.reply', ticketId, { last_by: before.last_by, messages: before.messages }, { last_by: 'support', reply: text.trim().slice(0, 500), attachments: filenames }),
    );
    return this.full(t);
  }

  /** Close, audited `ticket.close` (closing a closed ticket changes and audits nothing). Errors: 404. */
  async close(ticketId: number, actor: Actor): Promise<SupportDeskThread> {
    return this.full(await this.desk.close(ticketId, (m, before) => this.record(m, actor, 'ticket.close', ticketId, { status: before.status }, { status: 'closed' })));
  }

  /**
   * Assign to a support member or unassign (null), audited `ticket.assign` / `ticket.unassign`.
   * Errors: 400 assigneeNotSupport, 404.
   */
  async assign(ticketId: number, assignee: number | null, actor: Actor): Promise<SupportDeskThread> {
    if (assignee !== null && !(await this.members()).some((s) => s.user_id === assignee)) throw DomainError.badRequest(M.assigneeNotSupport);
    const t = await this.desk.assign(ticketId, assignee, (m, before) =>
      this.record(m, actor, assignee === null ? 'ticket.unassign' : 'ticket.assign', ticketId, { assigned_to: before.assigned_to }, { assigned_to: assignee }),
    );
    return this.full(t);
  }

  private record(m: EntityManager, actor: Actor, action: string, ticketId: number, before: unknown, after: unknown): Promise<void> {
    return this.audit.record(actor, action, 'ticket', ticketId, before, after, m);
  }

  private async full(t: DeskThread): Promise<SupportDeskThread> {
    const emails = await this.emails([t]);
    return { ...t, ...this.withEmails(t, emails) };
  }

  private emails(rows: DeskTicket[]): Promise<Map<number, string>> {
    return this.users.emailsById(rows.flatMap((r) => (r.assigned_to ? [r.user_id, r.assigned_to] : [r.user_id])));
  }

  private withEmails(r: DeskTicket, emails: Map<number, string>): SupportDeskRow {
    return { ...r, user_email: emails.get(r.user_id) ?? '', assigned_email: r.assigned_to ? (emails.get(r.assigned_to) ?? '') : '' };
  }
}
