import type { EntityManager } from 'typeorm';
import { hotRead } from '../../database/hot-read';

/**
 * A user's balance in integer US cents: the sum of their ledger entries (credits positive, payout
 * debits negative). Used by the money services and by UsersService.details (the `revenue` of
 * getUserDetails), so the balance is never a number stored on its own. Outside a transaction on SQLite it
 * is a prepared statement run at once (hotRead, decision 042): every page's first request reads it.
 */
export async function ledgerBalanceCents(m: EntityManager, userId: number): Promise<number> {
  const rows = await hotRead<{ cents: string | number | null }>(m, 'SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM ledger_entries WHERE user_id = ?', [userId]);
  return Number(rows[0]?.cents ?? 0);
}
