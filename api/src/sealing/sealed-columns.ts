import type { DataSource, QueryRunner, ValueTransformer } from 'typeorm';
import { Keyring, SealError } from './keyring';

/**
 * Sealed columns (docs/decisions/032-sealed-secrets-and-complete-backups.md). An entity marks a column
 * `@Column({ ..., transformer: sealed() })`; the database module binds each marked column of its data
 * source to the configured keyring, so every TypeORM write seals the value and every TypeORM read opens
 * it: services, bank files and the TOTP check see the clear value, a raw SQL read or a dump sees
 * `v2.<key id>.…` only. Because each value has its own IV, a sealed column cannot be searched or
 * compared in SQL (never put one in a `where`). An empty string stays empty (nothing to hide). A value
 * that is not sealed at all (written by a version before this one) is read as it is, and sealed by the
 * next write, the migration or `seal-rotate`.
 *
 * `sealedByService()` marks a column whose service seals it itself through the keyring (delivery
 * credentials: a JSON object): the transformer leaves it alone, but the boot check and `seal-rotate`
 * cover it.
 */
const MARK = Symbol('portal.sealed-column');
type Marker = ValueTransformer & { [MARK]: 'column' | 'service' };

const unbound = (): never => {
  throw new Error('a sealed column was used on a data source without a keyring (bindSealing): SEAL_KEY is not configured for it');
};
/** Mark a column as sealed by the column itself (see above). */
export const sealed = (): ValueTransformer => ({ [MARK]: 'column', to: unbound, from: unbound }) as Marker;
/** Mark a column as sealed by its service through the keyring (see above). */
export const sealedByService = (): ValueTransformer => ({ [MARK]: 'service', to: (v: unknown) => v, from: (v: unknown) => v }) as Marker;

/** A sealed column of a data source: where it is, the primary key column of its rows, and who seals it. */
export type SealedColumn = { table: string; column: string; primaryKey: string; sealedBy: 'column' | 'service' };

/** The place a column's values are bound to (additional authenticated data). */
export const sealContext = (table: string, column: string): string => `${table}.${column}`;

/** The transformer of a sealed column bound to `keyring`. */
class SealedTransformer implements ValueTransformer {
  constructor(
    private readonly keyring: Keyring,
    private readonly context: string,
  ) {}
  to(value: unknown): unknown {
    if (typeof value !== 'string' || value === '') return value;
    return this.keyring.seal(value, this.context);
  }
  from(value: unknown): unknown {
    if (typeof value !== 'string' || value === '' || Keyring.kindOf(value).kind === 'clear') return value;
    try {
      return this.keyring.open(value, this.context);
    } catch (e) {
      // The boot check refuses to start in this state; reaching here means a value written since by an
      // instance holding another key.
      throw new SealError(`${this.context}: ${(e as Error).message}`);
    }
  }
}

const BOUND = new WeakMap<DataSource, { keyring: Keyring; columns: SealedColumn[] }>();

/**
 * Bind every sealed column of `dataSource`'s entities to `keyring` (call after `initialize()`, before
 * migrations run: the migrations find the keyring here). Answers the sealed columns. Throws when a
 * sealed column's table has no single-column primary key (rotation rewrites rows by it).
 */
export function bindSealing(dataSource: DataSource, keyring: Keyring): SealedColumn[] {
  const columns: SealedColumn[] = [];
  for (const entity of dataSource.entityMetadatas) {
    for (const column of entity.columns) {
      const mark = (column.transformer as Marker | undefined)?.[MARK];
      if (!mark) continue;
      if (entity.primaryColumns.length !== 1) throw new Error(`sealed column ${entity.tableName}.${column.databaseName}: its table needs a single-column primary key`);
      const context = sealContext(entity.tableName, column.databaseName);
      if (mark === 'column') column.transformer = new SealedTransformer(keyring, context);
      columns.push({ table: entity.tableName, column: column.databaseName, primaryKey: entity.primaryColumns[0]!.databaseName, sealedBy: mark });
    }
  }
  BOUND.set(dataSource, { keyring, columns });
  return columns;
}

/** The keyring bound to `dataSource` (the migrations' way to it). Throws when none is. */
export function keyringOf(dataSource: DataSource): Keyring {
  const bound = BOUND.get(dataSource);
  if (!bound) throw new Error('no seal keyring is bound to this data source (bindSealing): SEAL_KEY is not configured for it');
  return bound.keyring;
}

/** The sealed columns bound on `dataSource` (empty when none is bound). */
export const sealedColumnsOf = (dataSource: DataSource): SealedColumn[] => BOUND.get(dataSource)?.columns ?? [];

/** Count of stored values per state: under the current key, under a previous one, v1, clear, under an unknown key (by id). */
export type SealCensus = { current: number; previous: number; legacy: number; clear: number; unknown: Record<string, Array<{ place: string; rows: number }>> };

const PAGE = 500;

/**
 * Read every value of `columns` through `runner` (raw SQL, PAGE rows at a time by primary key) and count
 * them by state; `each` is called with every value (resealing). Rows with an empty value are skipped.
 */
async function scan(runner: QueryRunner, keyring: Keyring, columns: SealedColumn[], each?: (c: SealedColumn, id: unknown, value: string) => Promise<void>): Promise<SealCensus> {
  const e = (name: string) => runner.connection.driver.escape(name);
  const census: SealCensus = { current: 0, previous: 0, legacy: 0, clear: 0, unknown: {} };
  for (const c of columns) {
    let after: unknown = null;
    for (;;) {
      const rows = (await runner.query(
        `SELECT ${e(c.primaryKey)} AS id, ${e(c.column)} AS value FROM ${e(c.table)} WHERE ${e(c.column)} <> ''${after === null ? '' : ` AND ${e(c.primaryKey)} > ?`} ORDER BY ${e(c.primaryKey)} LIMIT ${PAGE}`,
        after === null ? [] : [after],
      )) as Array<{ id: unknown; value: string | null }>;
      for (const r of rows) {
        if (r.value === null) continue;
        const kind = Keyring.kindOf(r.value);
        if (kind.kind === 'v2') {
          if (kind.keyId === keyring.currentId) census.current++;
          else if (keyring.opens(kind.keyId)) census.previous++;
          else {
            const list = (census.unknown[kind.keyId] ??= []);
            const place = sealContext(c.table, c.column);
            const entry = list.find((x) => x.place === place);
            if (entry) entry.rows++;
            else list.push({ place, rows: 1 });
          }
        } else if (kind.kind === 'v1') census.legacy++;
        else census.clear++;
        await each?.(c, r.id, r.value);
      }
      if (rows.length < PAGE) break;
      after = rows[rows.length - 1]!.id;
    }
  }
  return census;
}

/** Run `fn` on a query runner of `dataSource`, released afterwards. */
async function withRunner<T>(dataSource: DataSource, fn: (runner: QueryRunner) => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  try {
    return await fn(runner);
  } finally {
    await runner.release();
  }
}

/** Count the sealed values of `dataSource` by state (the boot check and `seal-rotate --check`). */
export const sealCensus = (dataSource: DataSource): Promise<SealCensus> => withRunner(dataSource, (r) => scan(r, keyringOf(dataSource), sealedColumnsOf(dataSource)));

/**
 * The boot check: every sealed value must open with the configured keys. Throws `fail(message)` naming
 * SEAL_KEY and SEAL_KEY_PREVIOUS, the unknown key ids and where their values are, when one does not (a
 * wrong or lost key: the API must not start and then answer 500 on every read of them).
 */
export async function assertSealKeys(dataSource: DataSource, fail: (message: string) => Error): Promise<SealCensus> {
  const census = await sealCensus(dataSource);
  const unknown = Object.entries(census.unknown);
  if (unknown.length) {
    const where = unknown.map(([id, places]) => `key ${id} (${places.map((p) => `${p.rows} in ${p.place}`).join(', ')})`).join('; ');
    throw fail(`SEAL_KEY does not open the sealed values of the database: they are sealed under ${where}, which neither SEAL_KEY nor SEAL_KEY_PREVIOUS holds. Set SEAL_KEY (or SEAL_KEY_PREVIOUS during a rotation) to the key they were sealed with.`);
  }
  return census;
}

/**
 * Re-seal the values of `columns` under the keyring's current key, through `runner` (the migration's,
 * inside its transaction; or `seal-rotate`'s): values under a previous key, v1 delivery credentials and
 * clear values of `sealed()` columns are opened and sealed again. Each row is rewritten only while it
 * still holds the value read, so a concurrent change is never overwritten (it was sealed by whoever
 * wrote it). Answers how many were re-sealed and the census before. Throws SealError naming the row when
 * a value does not open.
 */
export async function resealColumns(runner: QueryRunner, keyring: Keyring, columns: SealedColumn[]): Promise<{ resealed: number; before: SealCensus }> {
  const e = (name: string) => runner.connection.driver.escape(name);
  let resealed = 0;
  const before = await scan(runner, keyring, columns, async (c, id, value) => {
    const kind = Keyring.kindOf(value);
    if (kind.kind === 'v2' && kind.keyId === keyring.currentId) return;
    if (kind.kind === 'clear' && c.sealedBy === 'service') return;
    const context = sealContext(c.table, c.column);
    let plain: string;
    try {
      plain = kind.kind === 'clear' ? value : keyring.open(value, context);
    } catch (err) {
      throw new SealError(`${context} row ${String(id)}: ${(err as Error).message}`);
    }
    const sql = `UPDATE ${e(c.table)} SET ${e(c.column)} = ? WHERE ${e(c.primaryKey)} = ? AND ${e(c.column)} = ?`;
    const result = (await runner.query(sql, [keyring.seal(plain, context), id, value], true)) as { affected?: number };
    if (result.affected !== 0) resealed++;
  });
  return { resealed, before };
}

/** `seal-rotate`: re-seal every sealed column of `dataSource` under SEAL_KEY (see resealColumns). */
export const resealAll = (dataSource: DataSource): Promise<{ resealed: number; before: SealCensus }> =>
  withRunner(dataSource, (r) => resealColumns(r, keyringOf(dataSource), sealedColumnsOf(dataSource)));
