import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { keyringOf, resealColumns, sealContext, type SealedColumn } from '../../sealing/sealed-columns';

/** A column sealed by this migration: its table, primary key, and its definition before (for `down`). */
type Place = { table: string; column: string; primaryKey: string; length: string; default?: string };

/**
 * Seal staff TOTP seeds and bank identifiers at rest (docs/decisions/032-sealed-secrets-and-complete-backups.md):
 * each column widens to varchar(255) (a sealed 34-character IBAN is about 100 characters; a TOTP seed
 * about 95), then every value still in clear is sealed under SEAL_KEY through this migration's own
 * query runner (inside its transaction; on MariaDB a second connection would wait on the ALTER's
 * metadata lock). The list is frozen here: later sealed columns bring their own migration.
 * Engine-neutral (Table API and `?` parameters). `down` opens the values and narrows the columns again.
 */
export class SealedSecrets1765530000000 implements MigrationInterface {
  name = 'SealedSecrets1765530000000';

  static readonly PLACES: Place[] = [
    { table: 'staff_totp', column: 'secret', primaryKey: 'user_id', length: '64' },
    { table: 'bank_details', column: 'account_number', primaryKey: 'user_id', length: '18' },
    { table: 'bank_details', column: 'pan', primaryKey: 'user_id', length: '10' },
    { table: 'bank_details', column: 'iban', primaryKey: 'user_id', length: '34', default: "''" },
    { table: 'payment_run_transfers', column: 'account_number', primaryKey: 'id', length: '34' },
    { table: 'payment_run_transfers', column: 'iban', primaryKey: 'id', length: '34', default: "''" },
  ];

  private static column(p: Place, length: string): TableColumn {
    return new TableColumn({ name: p.column, type: 'varchar', length, ...(p.default === undefined ? {} : { default: p.default }) });
  }

  async up(q: QueryRunner): Promise<void> {
    for (const p of SealedSecrets1765530000000.PLACES) await q.changeColumn(p.table, p.column, SealedSecrets1765530000000.column(p, '255'));
    const columns: SealedColumn[] = SealedSecrets1765530000000.PLACES.map((p) => ({ table: p.table, column: p.column, primaryKey: p.primaryKey, sealedBy: 'column' }));
    await resealColumns(q, keyringOf(q.connection), columns);
  }

  async down(q: QueryRunner): Promise<void> {
    const keyring = keyringOf(q.connection);
    const e = (name: string) => q.connection.driver.escape(name);
    for (const p of SealedSecrets1765530000000.PLACES) {
      const rows = (await q.query(`SELECT ${e(p.primaryKey)} AS id, ${e(p.column)} AS value FROM ${e(p.table)} WHERE ${e(p.column)} LIKE 'v2.%'`)) as Array<{ id: unknown; value: string }>;
      for (const r of rows) await q.query(`UPDATE ${e(p.table)} SET ${e(p.column)} = ? WHERE ${e(p.primaryKey)} = ?`, [keyring.open(r.value, sealContext(p.table, p.column)), r.id]);
      await q.changeColumn(p.table, p.column, SealedSecrets1765530000000.column(p, p.length));
    }
  }
}
