import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { In, Repository } from 'typeorm';
import {
  centsToUsd,
  fillMessage,
  IDEMPOTENCY_KEY,
  PAYOUT_DESK_MESSAGES,
  pageOffset,
  SUPPORT_LIMITS,
  STAFF_DESK_MESSAGES,
  SUPPORT_MESSAGES as M,
  type Envelope,
  type Payout,
  type PayoutListQueryDto,
  type PayoutStatus,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ok } from '../../common/envelope';
import { NotificationsService } from '../../notifications/notifications.service';
import { Transactions } from '../../database/transactions';
import { UsersService } from '../../users/users.service';
import { bankComplete, payoutDestination } from './bank.service';
import { ledgerBalanceCents } from './ledger.query';
import { BankDetailsEntity, LedgerEntryEntity, PayoutEntity } from './money.entities';

/** States finance may still decide: paid or rejected. */
const OPEN: PayoutStatus[] = ['requested', 'in_payment'];

export const toPayout = (p: PayoutEntity): Payout => ({
  payout_id: p.id,
  amount: p.amount_cents / 100,
  amount_cents: p.amount_cents,
  status: p.status,
  reference: p.reference,
  reason: p.reason,
  account_last4: p.account_last4,
  created_at: p.created_at.getTime(),
  updated_at: p.updated_at.getTime(),
});

/** A unique-index violation of either engine (the (user_id, idempotency_key) backstop). */
function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT') || /UNIQUE constraint failed|Duplicate entry/i.test(err.message ?? '');
}

/**
 * Payouts (areas §2 "Profile and withdrawal", §4, §5, §9): a request takes the whole balance, at
 * least 100 USD, to complete bank details; its ledger debit is written in the same transaction.
 * Finance (the operator command for now) marks it paid with a reference or rejected with a reason,
 * which credits the amount back. Each outcome goes to the user's bell.
 */
/** The answer of withdrawMoney: the success envelope whose `body` is the payout (stored as the first answer). */
type PayoutAnswer = Envelope<Payout> & { body: Payout };

@Injectable()
export class PayoutsService {
  private readonly logger = new Logger(PayoutsService.name);

  constructor(
    @InjectRepository(PayoutEntity) private readonly payouts: Repository<PayoutEntity>,
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * POST /api/withdrawMoney. `key` is the Idempotency-Key header: a repeat answers the stored first
   * answer and creates nothing. In one transaction, with the user's money serialised (row lock on
   * MySQL, queue on SQLite) and the (user_id, key) unique index as a backstop: read the balance,
   * check it (≥ 10000 cents) and the bank details, insert the payout and its debit.
   * Errors: 400 idempotencyKeyInvalid, minimumWithdrawal; 409 bankDetailsRequired.
   * Resolves to the success envelope with `body` the Payout (the stored first answer on a repeat).
   */
  async withdraw(userId: number, key: string | undefined): Promise<PayoutAnswer> {
    const idempotencyKey = key === undefined || key === '' ? `auto-${randomUUID()}` : key;
    if (!IDEMPOTENCY_KEY.test(idempotencyKey)) throw DomainError.badRequest(M.idempotencyKeyInvalid, 'idempotency_key_invalid');
    try {
      return await this.tx.run(async (m) => {
        await this.users.lockForUpdate(m, [userId]);
        const earlier = await m.findOne(PayoutEntity, { where: { user_id: userId, idempotency_key: idempotencyKey } });
        if (earlier) return JSON.parse(earlier.first_answer) as PayoutAnswer;
        const balance = await ledgerBalanceCents(m, userId);
        if (balance < SUPPORT_LIMITS.minWithdrawalCents) throw DomainError.badRequest(M.minimumWithdrawal, 'minimum_withdrawal');
        const bank = await m.findOne(BankDetailsEntity, { where: { user_id: userId } });
        if (!bankComplete(bank)) throw DomainError.conflict(M.bankDetailsRequired, 'bank_details_required');
        const payout = await m.save(
          m.create(PayoutEntity, { user_id: userId, amount_cents: balance, status: 'requested', idempotency_key: idempotencyKey, account_last4: payoutDestination(bank).slice(-4), first_answer: '' }),
        );
        await m.insert(LedgerEntryEntity, { user_id: userId, amount_cents: -balance, kind: 'payout', note: `Payout #${payout.id}`, payout_id: payout.id });
        const saved = await m.findOneOrFail(PayoutEntity, { where: { id: payout.id } });
        // A PayPal payout is not paid to a bank account (issue 38 item 13).
        const text = bank?.payout_method === 'paypal' ? STAFF_DESK_MESSAGES.payoutRequestedPaypal : M.payoutRequested;
        const answer = ok(fillMessage(text, { amount: centsToUsd(balance) }), { body: toPayout(saved) });
        await m.update(PayoutEntity, { id: payout.id }, { first_answer: JSON.stringify(answer) });
        return answer;
      });
    } catch (e) {
      // Two requests with one key that both passed the lookup: the index let one in; answer its answer.
      if (!isUniqueViolation(e)) throw e;
      const first = await this.payouts.findOne({ where: { user_id: userId, idempotency_key: idempotencyKey } });
      if (!first?.first_answer) throw e;
      return JSON.parse(first.first_answer) as PayoutAnswer;
    }
  }

  /** The caller's payouts, newest first, with the total. */
  async list(userId: number, q: PayoutListQueryDto): Promise<{ rows: Payout[]; total: number }> {
    const [rows, total] = await this.payouts.findAndCount({ where: { user_id: userId }, order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map(toPayout), total };
  }

  /** One payout of the caller. Errors: 404 payoutNotFound (another user's too). */
  async byId(userId: number, payoutId: number): Promise<Payout> {
    const row = await this.payouts.findOne({ where: { id: payoutId, user_id: userId } });
    if (!row) throw DomainError.notFound(M.payoutNotFound);
    return toPayout(row);
  }

  /**
   * Finance: a requested or in-payment payout (docs/decisions/023) was paid with `reference`.
   * Errors: 404; 409 when it is no longer open (paid or rejected).
   */
  async markPaid(payoutId: number, reference: string): Promise<PayoutEntity> {
    const ref = reference.trim().slice(0, 255);
    if (!ref) throw DomainError.badRequest('A payment reference is required.');
    const changed = await this.tx.run(async (m) => {
      const row = await m.findOne(PayoutEntity, { where: { id: payoutId } });
      if (!row) throw DomainError.notFound(M.payoutNotFound);
      const r = await m.update(PayoutEntity, { id: payoutId, status: In(OPEN) }, { status: 'paid', reference: ref });
      if (!r.affected) throw DomainError.conflict(fillMessage(PAYOUT_DESK_MESSAGES.notOpen, { id: payoutId, status: row.status }), 'not_open');
      return m.findOneOrFail(PayoutEntity, { where: { id: payoutId } });
    });
    await this.notifications.notify(changed.user_id, fillMessage(M.payoutPaidNotification, { id: changed.id, amount: centsToUsd(changed.amount_cents), reference: ref }), '/profile');
    return changed;
  }

  /**
   * Finance: a requested or in-payment payout (the bank returned it) was rejected with `reason`; its
   * amount is credited back to the ledger in the same transaction. Errors: 404; 409 when no longer open.
   */
  async reject(payoutId: number, reason: string): Promise<PayoutEntity> {
    const why = reason.trim().slice(0, 1000);
    if (!why) throw DomainError.badRequest('A rejection reason is required.');
    const changed = await this.tx.run(async (m) => {
      const row = await m.findOne(PayoutEntity, { where: { id: payoutId } });
      if (!row) throw DomainError.notFound(M.payoutNotFound);
      await this.users.lockForUpdate(m, [row.user_id]);
      const r = await m.update(PayoutEntity, { id: payoutId, status: In(OPEN) }, { status: 'rejected', reason: why });
      if (!r.affected) throw DomainError.conflict(fillMessage(PAYOUT_DESK_MESSAGES.notOpen, { id: payoutId, status: row.status }), 'not_open');
      await m.insert(LedgerEntryEntity, { user_id: row.user_id, amount_cents: row.amount_cents, kind: 'payout_reversal', note: `Payout #${row.id} rejected`, payout_id: row.id });
      return m.findOneOrFail(PayoutEntity, { where: { id: payoutId } });
    });
    const reasonText = /[.!?]$/.test(why) ? why : `${why}.`;
    await this.notifications.notify(changed.user_id, fillMessage(M.payoutRejectedNotification, { id: changed.id, amount: centsToUsd(changed.amount_cents), reason: reasonText }), '/profile');
    this.logger.log({ msg: 'payout rejected', payout_id: changed.id });
    return changed;
  }
}
