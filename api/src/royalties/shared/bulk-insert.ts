import type { EntityManager } from 'typeorm';

/** The part of a better-sqlite3 connection used here. */
type RawSqlite = { prepare(sql: string): { run(...params: unknown[]): unknown } };
const prepared = new WeakMap<object, Map<string, { run(...params: unknown[]): unknown }>>();

/** The better-sqlite3 connection behind `m` (SQLite), else null. */
function rawSqlite(m: EntityManager): RawSqlite | null {
  if (m.connection.options.type !== 'better-sqlite3') return null;
  return ((m.connection.driver as unknown as { databaseConnection?: RawSqlite }).databaseConnection ?? null);
}

/**
 * Insert plain rows inside the caller's transaction (decision 019: the batches of a statement import,
 * where TypeORM's per-entity insert is the bottleneck). `columns` name the keys of each row, in order;
 * `fixed` gives columns with one value for every row.
 * SQLite: one prepared single-row statement run per row on better-sqlite3's connection (the one
 * connection TypeORM holds, inside its open transaction), the fastest path that engine has.
 * MySQL/MariaDB: multi-row INSERTs of at most 10,000 parameters each (about 590 credit lines: small
 * packets; on bench/statement-import.js as fast as 30,000, the memory the same).
 */
export async function bulkInsert(m: EntityManager, table: string, columns: string[], rows: ReadonlyArray<object>, fixed: Record<string, unknown> = {}): Promise<void> {
  if (!rows.length) return;
  const value = (r: object, c: string) => (c in fixed ? fixed[c] : (r as Record<string, unknown>)[c]);
  const tuple = `(${columns.map(() => '?').join(',')})`;
  const sqlite = rawSqlite(m);
  if (sqlite) {
    let cache = prepared.get(sqlite);
    if (!cache) prepared.set(sqlite, (cache = new Map()));
    const sql = `INSERT INTO ${table} (${columns.join(',')}) VALUES ${tuple}`;
    let stmt = cache.get(sql);
    if (!stmt) cache.set(sql, (stmt = sqlite.prepare(sql)));
    const params: unknown[] = new Array(columns.length);
    for (const r of rows) {
      for (let i = 0; i < columns.length; i += 1) params[i] = value(r, columns[i]);
      stmt.run(...params);
    }
    return;
  }
  const perStatement = Math.max(1, Math.floor(10000 / columns.length));
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const params: unknown[] = [];
    for (const r of chunk) for (const c of columns) params.push(value(r, c));
    await m.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`, params);
  }
}

export const CREDIT_COLUMNS = ['import_id', 'line_no', 'user_id', 'track_id', 'release_id', 'share', 'split_id', 'unmatched_id', 'sale_month', 'reporting_date', 'store', 'country', 'isrc', 'upc', 'sale_type', 'quantity', 'amount_micros'];
export const UNMATCHED_COLUMNS = ['import_id', 'line_no', 'sale_month', 'reporting_date', 'store', 'country', 'isrc', 'upc', 'sale_type', 'quantity', 'amount_micros', 'artist', 'release_title', 'track_title'];
