import type { DataSource } from 'typeorm';

/** A raw row of a royalty query: the drivers answer numbers or numeric strings (MariaDB's SUM, bigint). */
export type RawRow = Record<string, string | number>;

/**
 * One page of a raw royalty query and the count of all its rows: `countSql` must answer one row with
 * `n`; `pageSql` ends with `LIMIT ? OFFSET ?` and takes `params` then `limit` and `offset`. The two
 * statements run one after the other (count first); `total` is 0 when the count answers no row.
 * `shape` turns the page's rows into their wire rows (it may look up what they reference first).
 */
export async function countedPage<T>(
  db: DataSource,
  query: { countSql: string; pageSql: string; params: unknown[]; limit: number; offset: number },
  shape: (rows: RawRow[]) => T[] | Promise<T[]>,
): Promise<{ rows: T[]; total: number }> {
  const counted = (await db.query(query.countSql, query.params)) as Array<{ n: number | string }>;
  const rows = (await db.query(query.pageSql, [...query.params, query.limit, query.offset])) as RawRow[];
  return { total: Number(counted[0]?.n ?? 0), rows: await shape(rows) };
}
