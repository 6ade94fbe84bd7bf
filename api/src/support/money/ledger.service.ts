import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { centsToUsd, fillMessage, SUPPORT_MESSAGES as M } from '@portal/contracts';
import { NotificationsService } from '../../notifications/notifications.service';
import { Transactions } from '../../database/transactions';
import { UsersService } from '../../users/users.service';
import { LedgerEntryEntity } from './money.entities';
import { ledgerBalanceCents } from './ledger.query';

/** The per-user money ledger (integer US cents). The balance is the sum of the entries. */
@Injectable()
export class LedgerService {
  constructor(
    private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Balance in cents. */
  balanceCents(userId: number): Promise<number> {
    return ledgerBalanceCents(this.db.manager, userId);
  }

  /**
   * Add a royalty credit of `cents` (> 0) with a note, and tell the user's bell. Answers the new
   * balance in cents. Throws for a non-positive or non-integer amount.
   */
  async credit(userId: number, cents: number, note: string): Promise<number> {
    if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error('a credit must be a positive whole number of cents');
    const balance = await this.tx.run(async (m) => {
      await this.users.lockForUpdate(m, [userId]);
      await m.insert(LedgerEntryEntity, { user_id: userId, amount_cents: cents, kind: 'credit', note: note.slice(0, 500), payout_id: null });
      return ledgerBalanceCents(m, userId);
    });
    // The operator's note travels with the credit (docs/decisions/017).
    const noteText = note.trim() ? fillMessage(M.revenueCreditNote, { note: note.trim().slice(0, 300) }) : '';
    await this.notifications.notify(userId, fillMessage(M.revenueCreditNotification, { amount: centsToUsd(cents) }) + noteText, '/profile');
    return balance;
  }

  /** Every entry of a user, oldest first (operator view). */
  entries(userId: number): Promise<LedgerEntryEntity[]> {
    return this.db.manager.find(LedgerEntryEntity, { where: { user_id: userId }, order: { id: 'ASC' } });
  }
}

/** One user's royalty credit of a statement import, in cents (decision 019). */
export type RoyaltyPosting = { user_id: number; cents: number };

/**
 * Ledger entries of statement imports (docs/decisions/019-money-engine.md), written inside the
 * caller's transaction (`m`): the import's per-user credits, their reversal on rollback, and the check
 * that none of them was paid out. Entries are only ever added; a rollback adds the opposite entries.
 */
export const RoyaltyLedger = {
  /** Insert one `royalty` entry per user (zero sums skipped), 500 rows per INSERT. Answers the cents posted. */
  async post(m: EntityManager, importId: number, postings: RoyaltyPosting[], note: string): Promise<number> {
    const rows = postings.filter((p) => p.cents !== 0).map((p) => ({ user_id: p.user_id, amount_cents: p.cents, kind: 'royalty' as const, note: note.slice(0, 500), payout_id: null, statement_import_id: importId }));
    for (let i = 0; i < rows.length; i += 500) await m.insert(LedgerEntryEntity, rows.slice(i, i + 500));
    return rows.reduce((s, r) => s + r.amount_cents, 0);
  },

  /** The users with an entry (royalty or reversal) of the import, in id order, for the rollback's lock. */
  async creditedUsers(m: EntityManager, importId: number): Promise<number[]> {
    const rows = (await m.query('SELECT DISTINCT user_id FROM ledger_entries WHERE statement_import_id = ? ORDER BY user_id', [importId])) as Array<{ user_id: number }>;
    return rows.map((r) => Number(r.user_id));
  },

  /** Cents of the import's entries per user (royalty and reversals), for the rollback. */
  async netByUser(m: EntityManager, importId: number): Promise<RoyaltyPosting[]> {
    const rows = (await m.query('SELECT user_id, SUM(amount_cents) AS cents FROM ledger_entries WHERE statement_import_id = ? GROUP BY user_id', [importId])) as Array<{ user_id: number; cents: string | number }>;
    return rows.map((r) => ({ user_id: Number(r.user_id), cents: Number(r.cents) }));
  },

  /** Reverse every user's net credit of the import with `royalty_reversal` entries. */
  async reverse(m: EntityManager, importId: number, note: string): Promise<number> {
    const net = await RoyaltyLedger.netByUser(m, importId);
    const rows = net.filter((p) => p.cents !== 0).map((p) => ({ user_id: p.user_id, amount_cents: -p.cents, kind: 'royalty_reversal' as const, note: note.slice(0, 500), payout_id: null, statement_import_id: importId }));
    for (let i = 0; i < rows.length; i += 500) await m.insert(LedgerEntryEntity, rows.slice(i, i + 500));
    return -rows.reduce((s, r) => s + r.amount_cents, 0);
  },

  /**
   * A payout that took credits of this import: a payout debit of a credited user written after one of
   * the import's `royalty` entries, and not rejected (a rejection re-credits it). Answers its id or null.
   */
  async payoutAfter(m: EntityManager, importId: number): Promise<number | null> {
    const rows = (await m.query(
      `SELECT d.payout_id FROM ledger_entries d JOIN ledger_entries l ON l.user_id = d.user_id AND l.statement_import_id = ? AND l.kind = 'royalty'
       WHERE d.kind = 'payout' AND d.id > l.id
         AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.payout_id = d.payout_id AND r.kind = 'payout_reversal')
       ORDER BY d.id LIMIT 1`,
      [importId],
    )) as Array<{ payout_id: number }>;
    return rows[0] ? Number(rows[0].payout_id) : null;
  },
};
