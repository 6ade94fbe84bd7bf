import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** The isolation level of every transaction on MySQL/MariaDB (docs/decisions/034). SQLite is serializable. */
export const MYSQL_ISOLATION = 'READ COMMITTED' as const;

/** The single-writer queue and the running transaction of each data source (one per app; a test may boot several). */
type State = { tail: Promise<unknown>; current: AsyncLocalStorage<Running> };
/** A transaction of runTransaction; `open` turns false when it ends (work it started without awaiting may outlive it). */
type Running = { m: EntityManager; open: boolean };
const STATE = new WeakMap<DataSource, State>();

function stateOf(db: DataSource): State {
  let s = STATE.get(db);
  if (!s) {
    s = { tail: Promise.resolve(), current: new AsyncLocalStorage<Running>() };
    STATE.set(db, s);
  }
  return s;
}

/** Whether `db` is MySQL/MariaDB (else better-sqlite3). */
export const isMysql = (db: DataSource): boolean => db.options.type === 'mysql' || db.options.type === 'mariadb';

/**
 * Run `work` in one transaction of `db`, with the policy of docs/decisions/034; answers its result, or
 * rejects with its error after the rollback. Every module goes through this (or the injectable
 * `Transactions`, which calls it); `DataSource.transaction` / `EntityManager.transaction` are not used
 * elsewhere (lint rule `no-restricted-properties`).
 *
 * - MySQL/MariaDB: a pooled connection, isolation MYSQL_ISOLATION (READ COMMITTED): a statement sees what
 *   was committed before it, so after waiting for a row lock (`SELECT … FOR UPDATE`, e.g.
 *   `UsersService.lockForUpdate` for money of one user) the next reads see the other writer's result.
 * - SQLite (better-sqlite3): TypeORM gives the process ONE connection, so transactions of this process
 *   run one at a time, in call order (a failed one does not stop the queue); `BEGIN IMMEDIATE` (see
 *   beginImmediate) takes the file's write lock at once, waiting for another process's.
 * - Called inside a running transaction (same async context), `work` runs in a SAVEPOINT of that
 *   transaction on its connection, on both engines: it neither waits for itself nor opens a second
 *   connection that would wait for the outer one's locks.
 */
export function runTransaction<T>(db: DataSource, work: (m: EntityManager) => Promise<T>): Promise<T> {
  const state = stateOf(db);
  const inside = async (m: EntityManager): Promise<T> => {
    const running: Running = { m, open: true };
    try {
      return await state.current.run(running, () => work(m));
    } finally {
      running.open = false;
    }
  };
  const outer = state.current.getStore();
  if (outer?.open) return outer.m.transaction(inside);
  if (isMysql(db)) return db.manager.transaction(MYSQL_ISOLATION, inside);
  const start = () => db.manager.transaction(inside);
  const next = state.tail.then(start, start);
  // The queue goes on whatever this one's outcome is.
  state.tail = next.catch(() => undefined);
  return next;
}

/**
 * SQLite across processes (several API instances on one file, the CLI beside a running API; decision
 * 010): every transaction starts with `BEGIN IMMEDIATE`, taking the write lock at once (waiting up to
 * busy_timeout) instead of starting as a reader and failing with SQLITE_BUSY when it first writes after
 * another process committed. Called once by openDatabase; nothing on MySQL/MariaDB.
 */
export function beginImmediate(db: DataSource): DataSource {
  if (db.options.type !== 'better-sqlite3') return db;
  const runner = db.driver.createQueryRunner('master') as unknown as { query: (sql: string, ...rest: unknown[]) => Promise<unknown> };
  const query = runner.query.bind(runner);
  runner.query = (sql: string, ...rest: unknown[]) => query(sql === 'BEGIN TRANSACTION' ? 'BEGIN IMMEDIATE TRANSACTION' : sql, ...rest);
  return db;
}

/**
 * The one owner of transactions (docs/decisions/034), provided to every module by DatabaseModule.
 * `run(work)`: see runTransaction (isolation READ COMMITTED on MySQL/MariaDB, one writer at a time on
 * SQLite, a nested call is a savepoint). Locks are the caller's: money of one user is serialised by
 * `UsersService.lockForUpdate(m, ids)` inside the transaction (a row lock on MySQL/MariaDB; on SQLite the
 * single writer already serialises).
 */
@Injectable()
export class Transactions {
  constructor(private readonly db: DataSource) {}

  /** True on MySQL/MariaDB, false on SQLite. */
  get isMysql(): boolean {
    return isMysql(this.db);
  }

  /** Run `work` in one transaction; its result, or its error after a rollback (runTransaction). */
  run<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return runTransaction(this.db, work);
  }
}
