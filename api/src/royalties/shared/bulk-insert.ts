import type { EntityManager } from 'typeorm';

/**
 * Multi-row INSERT of plain rows in chunks that stay under SQLite's 32766 bound parameters (and keep
 * MariaDB packets small): `columns` name the keys of each row, in order. Used for the batches of a
 * statement import (decision 019), where TypeORM's per-entity insert is the bottleneck.
 */
export async function bulkInsert(m: EntityManager, table: string, columns: string[], rows: Array<Record<string, unknown>>): Promise<void> {
  const perStatement = Math.max(1, Math.floor(30000 / columns.length));
  const tuple = `(${columns.map(() => '?').join(',')})`;
  for (let i = 0; i < rows.length; i += perStatement) {
    const chunk = rows.slice(i, i + perStatement);
    const params: unknown[] = [];
    for (const r of chunk) for (const c of columns) params.push(r[c]);
    await m.query(`INSERT INTO ${table} (${columns.join(',')}) VALUES ${chunk.map(() => tuple).join(',')}`, params);
  }
}

export const CREDIT_COLUMNS = ['import_id', 'line_no', 'user_id', 'track_id', 'release_id', 'share', 'split_id', 'unmatched_id', 'sale_month', 'reporting_date', 'store', 'country', 'isrc', 'upc', 'sale_type', 'quantity', 'amount_micros'];
export const UNMATCHED_COLUMNS = ['import_id', 'line_no', 'sale_month', 'reporting_date', 'store', 'country', 'isrc', 'upc', 'sale_type', 'quantity', 'amount_micros', 'artist', 'release_title', 'track_title'];
