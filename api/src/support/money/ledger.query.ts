import type { EntityManager } from 'typeorm';

/**
 * A user's balance in integer US cents: the sum of their ledger entries (credits positive, payout
 * debits negative). Used by the money services and by UsersService.details (the `revenue` of
 * getUserDetails), so the balance is never a number stored on its own.
 */
export async function ledgerBalanceCents(m: EntityManager, userId: number): Promise<number> {
  const rows = (await m.query('SELECT COALESCE(SUM(amount_cents), 0) AS cents FROM ledger_entries WHERE user_id = ?', [userId])) as Array<{ cents: string | number | null }>;
  return Number(rows[0]?.cents ?? 0);
}
