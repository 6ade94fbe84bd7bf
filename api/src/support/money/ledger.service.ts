import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { centsToUsd, fillMessage, SUPPORT_MESSAGES as M } from '@portal/contracts';
import { NotificationsService } from '../../notifications/notifications.service';
import { SerialTransactions } from '../shared/serial-transactions';
import { LedgerEntryEntity } from './money.entities';
import { ledgerBalanceCents } from './ledger.query';

/** The per-user money ledger (integer US cents). The balance is the sum of the entries. */
@Injectable()
export class LedgerService {
  constructor(
    private readonly db: DataSource,
    private readonly tx: SerialTransactions,
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
      await this.tx.lockUser(m, userId);
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
