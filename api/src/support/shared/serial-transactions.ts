import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/**
 * Transactions for money and other multi-row writes of the support area.
 *
 * MySQL/MariaDB: a plain transaction on a pooled connection; callers lock what they read with
 * `SELECT … FOR UPDATE` (see `lockUser`).
 * SQLite (better-sqlite3): TypeORM gives the whole process ONE query runner, so two transactions
 * awaited at the same time would interleave their statements on one connection (the second BEGIN
 * becomes a SAVEPOINT inside the first). This class queues them: one support transaction at a time.
 */
@Injectable()
export class SerialTransactions {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: DataSource) {}

  /** True on MySQL/MariaDB. */
  get isMysql(): boolean {
    const type = this.db.options.type;
    return type === 'mysql' || type === 'mariadb';
  }

  /** Run `work` in one transaction (queued on SQLite); its result, or its error after a rollback. */
  run<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    // READ COMMITTED: after waiting for a row lock, the next reads see what the other transaction committed.
    if (this.isMysql) return this.db.transaction('READ COMMITTED', work);
    const next = this.tail.then(
      () => this.db.transaction(work),
      () => this.db.transaction(work),
    );
    // The queue goes on whatever this one's outcome is.
    this.tail = next.catch(() => undefined);
    return next;
  }

  /**
   * Serialise money operations of one user: on MySQL lock the user's row until the transaction ends
   * (concurrent withdrawals of that user wait here, then see the committed ledger). On SQLite the
   * queue of `run` already serialises.
   */
  async lockUser(m: EntityManager, userId: number): Promise<void> {
    if (this.isMysql) await m.query('SELECT id FROM users WHERE id = ? FOR UPDATE', [userId]);
  }
}
