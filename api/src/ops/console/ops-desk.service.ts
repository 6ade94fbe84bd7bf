import { Injectable } from '@nestjs/common';
import {
  centsToUsd,
  fillMessage,
  OPS_MESSAGES,
  PAYOUT_DESK_MESSAGES,
  type BankFile,
  type BankFileFormat,
  type OpsTicketRow,
  type PaymentRunRow,
  type PayoutDeskDetail,
  type PayoutDeskFilter,
  type PayoutDeskRow,
  type RightsDecision,
  type RightsDeskKind,
  type RightsDeskRow,
  type RightsDeskStatus,
  type SubmissionKind,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { PayoutDeskService } from '../../support/money/payout-desk.service';
import { PayoutsService } from '../../support/money/payouts.service';
import type { TicketEntity } from '../../support/tickets/ticket.entities';
import { TicketsService } from '../../support/tickets/tickets.service';
import { SubmissionReviewService, type DeskSubmission } from '../../tools-rights/shared/submission-review.service';
import { UsersService } from '../../users/users.service';
import { AuditService, type Actor } from '../../audit/audit.service';

/**
 * The support and finance desks of the console (docs/decisions/008): open tickets (reply, close) and the payout
 * desk (docs/decisions/019, docs/decisions/023-staff-desks.md: list by status, detail, bank runs and files, paid,
 * reject) through the support area's exported services (PayoutsService, PayoutDeskService; the ops
 * module reads none of its tables for payouts), each action audited.
 */
@Injectable()
export class OpsDeskService {
  constructor(
    private readonly tickets: TicketsService,
    private readonly payouts: PayoutsService,
    private readonly payoutDesk: PayoutDeskService,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly submissions: SubmissionReviewService,
  ) {}

  /** The tools and rights desk (docs/decisions/019): requests by kind and status, one page, the artists' e-mails. */
  async rightsList(kind: RightsDeskKind, status: RightsDeskStatus, limit: number, offset: number): Promise<{ rows: RightsDeskRow[]; total: number }> {
    const { rows, total } = await this.submissions.deskList(kind, status, limit, offset);
    const emails = await this.users.emailsById(rows.map((r) => r.user_id));
    return { rows: rows.map((r) => this.rightsRow(r, emails)), total };
  }

  /**
   * Approve or reject a request in review, once, audited `submission.approve` / `submission.reject` in
   * the decision's transaction; the artist's bell is told. Errors: 404, 409 alreadyDecided.
   */
  async decideRights(kind: SubmissionKind, id: number, decision: RightsDecision, reason: string, actor: Actor): Promise<RightsDeskRow> {
    const row = await this.submissions.decide(kind, id, decision, reason, (m, r) =>
      this.audit.record(actor, decision === 'approved' ? 'submission.approve' : 'submission.reject', `submission.${kind}`, id, { status: 'in_review' }, { status: r.status, reason: r.reason, title: r.title }, m),
    );
    return this.rightsRow(row, await this.users.emailsById([row.user_id]));
  }

  private rightsRow(r: DeskSubmission, emails: Map<number, string>): RightsDeskRow {
    return { ...r, user_email: emails.get(r.user_id) ?? '' };
  }

  async openTickets(limit: number, offset: number): Promise<{ rows: OpsTicketRow[]; total: number }> {
    const { rows, total } = await this.tickets.openForDesk(limit, offset);
    const emails = await this.users.emailsById(rows.map((t) => t.user_id));
    return { rows: rows.map((t) => this.ticketRow(t, emails)), total };
  }

  async reply(ticketId: number, text: string, actor: Actor): Promise<OpsTicketRow> {
    const t = await this.tickets.supportReply(ticketId, text);
    await this.audit.record(actor, 'ticket.reply', 'ticket', ticketId, null, { reply: text.trim().slice(0, 500) });
    return this.ticketRow(t, await this.users.emailsById([t.user_id]));
  }

  async close(ticketId: number, actor: Actor): Promise<OpsTicketRow> {
    const before = await this.tickets.statusOf(ticketId);
    const t = await this.tickets.close(ticketId);
    await this.audit.record(actor, 'ticket.close', 'ticket', ticketId, { status: before ?? undefined }, { status: t.status });
    return this.ticketRow(t, await this.users.emailsById([t.user_id]));
  }

  /** Payouts of one status (or all) for the desk, one page and the total (PayoutDeskService). */
  payoutList(filter: PayoutDeskFilter, limit: number, offset: number): Promise<{ rows: PayoutDeskRow[]; total: number }> {
    return this.payoutDesk.list(filter, limit, offset);
  }

  /** One payout with masked bank details, balance history and earlier payouts. Errors: 404. */
  payoutDetail(payoutId: number): Promise<PayoutDeskDetail> {
    return this.payoutDesk.detail(payoutId);
  }

  /**
   * Mark paid through PayoutsService; answers the row and the confirmation (amount, account, reference).
   * Errors: 404, 403 ownPayout (four-eyes), 409 when no longer requested or in payment.
   */
  async paid(payoutId: number, reference: string, actor: Actor): Promise<{ row: PayoutDeskRow; message: string }> {
    await this.assertNotOwn(payoutId, actor);
    const p = await this.payouts.markPaid(payoutId, reference);
    await this.audit.record(actor, 'payout.paid', 'payout', payoutId, { status: p.run_id ? 'in_payment' : 'requested' }, { status: p.status, reference: p.reference, run_id: p.run_id });
    const row = await this.payoutDesk.row(p.id);
    return { row, message: fillMessage(PAYOUT_DESK_MESSAGES.paid, { id: p.id, amount: centsToUsd(p.amount_cents), account: row.account_masked || 'unknown', reference: p.reference }) };
  }

  /**
   * Reject (re-credit in the same transaction) through PayoutsService. Errors: 404, 403 ownPayout
   * (four-eyes), 409 when no longer requested or in payment.
   */
  async reject(payoutId: number, reason: string, actor: Actor): Promise<{ row: PayoutDeskRow; message: string }> {
    await this.assertNotOwn(payoutId, actor);
    const p = await this.payouts.reject(payoutId, reason);
    await this.audit.record(actor, 'payout.reject', 'payout', payoutId, { status: p.run_id ? 'in_payment' : 'requested' }, { status: p.status, reason: p.reason });
    return { row: await this.payoutDesk.row(p.id), message: fillMessage(PAYOUT_DESK_MESSAGES.rejected, { id: p.id, amount: centsToUsd(p.amount_cents) }) };
  }

  /**
   * A bank run of the selected requested payouts (they become in_payment), audited `payout.run` in the
   * same transaction. Errors: 404, 403 (own payout), 409 (not requested, bank details missing or changed).
   */
  createRun(payoutIds: number[], actor: Actor): Promise<PaymentRunRow> {
    return this.payoutDesk.createRun(payoutIds, actor, (m, run) =>
      this.audit.record(actor, 'payout.run', 'payment_run', run.run_id, null, { payout_ids: [...new Set(payoutIds)].sort((a, b) => a - b), total_cents: run.total_cents, message_id: run.message_id }, m),
    );
  }

  /** Bank runs, newest first. */
  runs(limit: number, offset: number): Promise<{ rows: PaymentRunRow[]; total: number }> {
    return this.payoutDesk.listRuns(limit, offset);
  }

  /**
   * A run's bank file (it carries full account numbers), each download audited `payout.export` (with the
   * EUR rate for the SEPA file, docs/decisions/031). Errors: 404, 409 (see PayoutDeskService.file).
   */
  async bankFile(runId: number, format: BankFileFormat, actor: Actor): Promise<BankFile> {
    const file = await this.payoutDesk.file(runId, format);
    await this.audit.record(actor, 'payout.export', 'payment_run', runId, null, { format, file_name: file.file_name, ...(file.eur_rate ? { eur_rate: file.eur_rate } : {}) });
    return file;
  }

  /**
   * The USD→EUR rate of a run's SEPA file (EUR per 1 USD), audited `payout.rate` with the rate before
   * and after and the SEPA total in EUR cents, in the same transaction (docs/decisions/031). Errors:
   * 404 runNotFound; 409 rateFixed once the SEPA file was built.
   */
  setEurRate(runId: number, eurRate: string, actor: Actor): Promise<PaymentRunRow> {
    return this.payoutDesk.setEurRate(runId, eurRate, (m, before, run) =>
      this.audit.record(actor, 'payout.rate', 'payment_run', runId, { eur_rate: before }, { eur_rate: run.eur_rate, sepa_count: run.sepa_count, sepa_total_eur_cents: run.sepa_total_eur_cents }, m),
    );
  }

  /**
   * Four-eyes (docs/decisions/016): a finance member never settles a payout of their own account. A
   * payout's owner never changes, so this read outside PayoutsService's transaction cannot go stale.
   * An unknown id is left to PayoutsService's 404.
   */
  private async assertNotOwn(payoutId: number, actor: Actor): Promise<void> {
    if (actor.userId === null) return;
    if ((await this.payoutDesk.ownerOf(payoutId)) === actor.userId) throw new DomainError(403, OPS_MESSAGES.ownPayout, { code: 'four_eyes' });
  }

  private ticketRow(t: TicketEntity, emails: Map<number, string>): OpsTicketRow {
    return { ticket_id: t.id, user_id: t.user_id, user_email: emails.get(t.user_id) ?? '', reason: t.reason, status: t.status, created_at: new Date(t.created_at).toISOString() };
  }
}
