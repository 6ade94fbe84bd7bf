import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { OPS_MESSAGES, TICKET_STATUS, type OpsPayoutRow, type OpsTicketRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { PayoutEntity } from '../../support/money/money.entities';
import { PayoutsService } from '../../support/money/payouts.service';
import { TicketEntity } from '../../support/tickets/ticket.entities';
import { TicketsService } from '../../support/tickets/tickets.service';
import { UserEntity } from '../../users/user.entity';
import { AuditService, type Actor } from '../audit/audit.service';

/**
 * The support and finance desks of the console (issue 11): open tickets (reply, close) and payout
 * requests (paid, reject), through the services of the CLI commands `ticket-reply`, `ticket-close`,
 * `payout-paid`, `payout-reject`, each action audited.
 */
@Injectable()
export class OpsDeskService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tickets: TicketsService,
    private readonly payouts: PayoutsService,
    private readonly audit: AuditService,
  ) {}

  async openTickets(limit: number, offset: number): Promise<{ rows: OpsTicketRow[]; total: number }> {
    const [rows, total] = await this.db.getRepository(TicketEntity).findAndCount({ where: { status: TICKET_STATUS.pending }, order: { id: 'ASC' }, take: limit, skip: offset });
    const emails = await this.emails(rows.map((t) => t.user_id));
    return { rows: rows.map((t) => this.ticketRow(t, emails)), total };
  }

  async reply(ticketId: number, text: string, actor: Actor): Promise<OpsTicketRow> {
    const t = await this.tickets.supportReply(ticketId, text);
    await this.audit.record(actor, 'ticket.reply', 'ticket', ticketId, null, { reply: text.trim().slice(0, 500) });
    return this.ticketRow(t, await this.emails([t.user_id]));
  }

  async close(ticketId: number, actor: Actor): Promise<OpsTicketRow> {
    const before = await this.db.getRepository(TicketEntity).findOne({ where: { id: ticketId } });
    const t = await this.tickets.close(ticketId);
    await this.audit.record(actor, 'ticket.close', 'ticket', ticketId, { status: before?.status }, { status: t.status });
    return this.ticketRow(t, await this.emails([t.user_id]));
  }

  async requestedPayouts(limit: number, offset: number): Promise<{ rows: OpsPayoutRow[]; total: number }> {
    const [rows, total] = await this.db.getRepository(PayoutEntity).findAndCount({ where: { status: 'requested' }, order: { id: 'ASC' }, take: limit, skip: offset });
    const emails = await this.emails(rows.map((p) => p.user_id));
    return { rows: rows.map((p) => this.payoutRow(p, emails)), total };
  }

  /** Mark paid through PayoutsService. 404, 403 ownPayout (four-eyes), 409 when no longer requested. */
  async paid(payoutId: number, reference: string, actor: Actor): Promise<OpsPayoutRow> {
    await this.assertNotOwn(payoutId, actor);
    const p = await this.payouts.markPaid(payoutId, reference);
    await this.audit.record(actor, 'payout.paid', 'payout', payoutId, { status: 'requested' }, { status: p.status, reference: p.reference });
    return this.payoutRow(p, await this.emails([p.user_id]));
  }

  /** Reject (re-credit) through PayoutsService. 404, 403 ownPayout (four-eyes), 409 when no longer requested. */
  async reject(payoutId: number, reason: string, actor: Actor): Promise<OpsPayoutRow> {
    await this.assertNotOwn(payoutId, actor);
    const p = await this.payouts.reject(payoutId, reason);
    await this.audit.record(actor, 'payout.reject', 'payout', payoutId, { status: 'requested' }, { status: p.status, reason: p.reason });
    return this.payoutRow(p, await this.emails([p.user_id]));
  }

  /**
   * Four-eyes (docs/decisions/016): a finance member never settles a payout of their own account. A
   * payout's owner never changes, so this read outside PayoutsService's transaction cannot go stale.
   * An unknown id is left to PayoutsService's 404.
   */
  private async assertNotOwn(payoutId: number, actor: Actor): Promise<void> {
    if (actor.userId === null) return;
    const p = await this.db.getRepository(PayoutEntity).findOne({ select: { id: true, user_id: true }, where: { id: payoutId } });
    if (p && p.user_id === actor.userId) throw new DomainError(403, OPS_MESSAGES.ownPayout, { code: 'four_eyes' });
  }

  private ticketRow(t: TicketEntity, emails: Map<number, string>): OpsTicketRow {
    return { ticket_id: t.id, user_id: t.user_id, user_email: emails.get(t.user_id) ?? '', reason: t.reason, status: t.status, created_at: new Date(t.created_at).toISOString() };
  }

  private payoutRow(p: PayoutEntity, emails: Map<number, string>): OpsPayoutRow {
    return {
      payout_id: p.id,
      user_id: p.user_id,
      user_email: emails.get(p.user_id) ?? '',
      amount_usd: p.amount_cents / 100,
      status: p.status,
      reference: p.reference,
      reason: p.reason,
      created_at: new Date(p.created_at).toISOString(),
    };
  }

  private async emails(ids: number[]): Promise<Map<number, string>> {
    if (!ids.length) return new Map();
    const users = await this.db.getRepository(UserEntity).find({ select: { id: true, email: true }, where: { id: In([...new Set(ids)]) } });
    return new Map(users.map((u) => [u.id, u.email]));
  }
}
