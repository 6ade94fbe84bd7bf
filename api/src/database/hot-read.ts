import { QueryFailedError, type EntityManager } from 'typeorm';
import { observe } from '../observability/metrics';
import { inQuerySpan } from '../observability/query-hooks';

/** What hotRead needs of better-sqlite3's connection: a prepared statement that reads rows. */
type SqliteConnection = { prepare(sql: string): { all(...params: unknown[]): unknown[] } };
type Statement = ReturnType<SqliteConnection['prepare']>;

/** Prepared statements by connection and SQL text (a handful of hot reads: no eviction needed, see MAX_STATEMENTS). */
const statements = new WeakMap<SqliteConnection, Map<string, Statement>>();
/** Past this many distinct texts on one connection, a statement is prepared per call (a caller building SQL per call is a bug). */
const MAX_STATEMENTS = 64;

/**
 * The rows of a parameterised read (`?` placeholders), for the few reads every page's first request makes
 * (getUserDetails: the account and the ledger balance; docs/decisions/042-hot-path.md). Same answer as
 * `m.query(sql, params)`, with less work on SQLite: outside a transaction (`m` is the data source's own
 * manager) it runs a prepared better-sqlite3 statement kept per SQL text, at once, instead of TypeORM's
 * query runner (its logger and subscriber broadcasts, and a dozen promises per query that every
 * promise hook of the process then sees). Inside a transaction (`m.queryRunner` set), and on
 * MySQL/MariaDB (an asynchronous pool), it is `m.query`.
 *
 * Behaves as a TypeORM query to the rest of the app: a failure rejects with TypeORM's QueryFailedError
 * and counts in portal_db_query_errors_total; a request the tracer records gets the same `db SELECT` span
 * as TypeORM's queries (inQuerySpan, observability/query-hooks.ts).
 *
 * Only for SELECTs: the statement is run with `all`, which better-sqlite3 refuses for a write.
 */
export function hotRead<T>(m: EntityManager, sql: string, params: readonly unknown[]): Promise<T[]> {
  if (m.queryRunner || m.connection.options.type !== 'better-sqlite3') return m.query(sql, params as unknown[]) as Promise<T[]>;
  const connection = (m.connection.driver as unknown as { databaseConnection: SqliteConnection }).databaseConnection;
  const run = (): Promise<T[]> => {
    try {
      return Promise.resolve(statementFor(connection, sql).all(...params) as T[]);
    } catch (e) {
      observe.dbQueryError();
      return Promise.reject(new QueryFailedError(sql, params as unknown[], e as Error));
    }
  };
  return inQuerySpan(String(m.connection.options.type), sql, run);
}

function statementFor(connection: SqliteConnection, sql: string): Statement {
  let byText = statements.get(connection);
  if (!byText) statements.set(connection, (byText = new Map()));
  let statement = byText.get(sql);
  if (!statement) {
    statement = connection.prepare(sql);
    if (byText.size < MAX_STATEMENTS) byText.set(sql, statement);
  }
  return statement;
}
