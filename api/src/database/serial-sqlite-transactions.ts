import { AsyncLocalStorage } from 'node:async_hooks';
import type { DataSource, EntityManager } from 'typeorm';

/**
 * TypeORM's better-sqlite3 driver gives the whole process ONE connection, so two transactions awaited
 * at the same time interleave their statements on it (the second BEGIN fails or becomes part of the
 * first, and a rollback can undo the other's writes). On SQLite every `dataSource.transaction()` /
 * `manager.transaction()` therefore waits for the one before it. A transaction opened from inside a
 * running one (same async context) is not queued: TypeORM nests it as a savepoint, and queueing it
 * would wait for itself. MySQL/MariaDB use a pool and are left alone.
 *
 * Across processes (several API instances on one file, the CLI beside a running API; docs/decisions/010) each transaction starts
 * with `BEGIN IMMEDIATE`: it takes the write lock at once, waiting up to busy_timeout for another
 * process's, instead of starting as a reader and failing with SQLITE_BUSY when it first writes after
 * another process has committed.
 */
export function serialiseSqliteTransactions(dataSource: DataSource): DataSource {
  const type = dataSource.options.type;
  if (type !== 'better-sqlite3') return dataSource;
  const runner = dataSource.driver.createQueryRunner('master') as unknown as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
  const query = runner.query.bind(runner);
  runner.query = (sql: string, ...rest: unknown[]) => query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...rest);
  const manager = dataSource.manager as EntityManager & { transaction: (...args: unknown[]) => Promise<unknown> };
  const original = manager.transaction.bind(manager) as (...args: unknown[]) => Promise<unknown>;
  const inside = new AsyncLocalStorage<true>();
  let tail: Promise<unknown> = Promise.resolve();
  manager.transaction = ((...args: unknown[]) => {
    if (inside.getStore()) return original(...args);
    const run = () => inside.run(true, () => original(...args));
    const next = tail.then(run, run);
    tail = next.catch(() => undefined);
    return next;
  }) as typeof manager.transaction;
  return dataSource;
}
