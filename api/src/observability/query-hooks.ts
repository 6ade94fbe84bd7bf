import type { DataSource } from 'typeorm';
import { metricSources, observe } from './metrics';
import { inSpan, recordingHere } from './tracing';

const HOOKED = Symbol('portal.observability.queries');

type Runner = { query: (sql: string, parameters?: unknown[], structured?: boolean) => Promise<unknown> };

/**
 * Count failed queries (portal_db_query_errors_total) and, on SQLite with tracing on, give each query
 * a span (MariaDB's come from instrumentation-mysql2): the query runner class of `dataSource` gets a
 * wrapped `query` (every repository and transaction call goes through it). Also points the pool gauge
 * at the MariaDB pool. Once per runner class (or per runner, for SQLite's single one).
 */
export function instrumentQueries(dataSource: DataSource): void {
  const mysql = dataSource.options.type === 'mysql' || dataSource.options.type === 'mariadb';
  if (mysql) metricSources.dbPool = () => poolUse(dataSource);
  const runner = dataSource.createQueryRunner();
  // SQLite's one runner may carry its own `query` already (database/transactions.ts wraps it): wrap that
  // one; otherwise the class's, which every runner MariaDB's pool hands out shares.
  const proto = (Object.prototype.hasOwnProperty.call(runner, 'query') ? runner : Object.getPrototypeOf(runner)) as Runner & { [HOOKED]?: true };
  if (proto !== (runner as unknown)) void runner.release();
  if (proto[HOOKED]) return;
  proto[HOOKED] = true;
  const original = proto.query;
  const system = String(dataSource.options.type);
  proto.query = function (this: Runner, sql: string, parameters?: unknown[], structured?: boolean): Promise<unknown> {
    const run = () => original.call(this, sql, parameters, structured);
    const result = mysql ? run() : inQuerySpan(system, sql, run);
    return result.catch((e: unknown) => {
      observe.dbQueryError();
      throw e;
    });
  };
}

/**
 * `run` (a query of `sql` on the database `system`) inside a `db <VERB>` span carrying the system and the SQL
 * text (first 1,000 characters), when the active trace is recorded; otherwise `run()` alone, with no name or
 * attributes built. For the queries MariaDB's instrumentation does not see: TypeORM's on SQLite (above) and
 * database/hot-read.ts.
 */
export function inQuerySpan<T>(system: string, sql: string, run: () => Promise<T>): Promise<T> {
  if (!recordingHere()) return run();
  return inSpan(`db ${/^\s*(\w+)/.exec(sql)?.[1]?.toUpperCase() ?? 'query'}`, { 'db.system.name': system, 'db.query.text': sql.slice(0, 1000) }, run);
}

type Pool = { _allConnections?: { length: number }; _freeConnections?: { length: number }; config?: { connectionLimit?: number } };

/** Connections of the mysql2 pool behind `dataSource` in use, idle, and its size. */
function poolUse(dataSource: DataSource): { used: number; idle: number; max: number } {
  const pool = (dataSource.driver as unknown as { pool?: Pool }).pool;
  const all = pool?._allConnections?.length ?? 0;
  const idle = pool?._freeConnections?.length ?? 0;
  return { used: all - idle, idle, max: pool?.config?.connectionLimit ?? 0 };
}
