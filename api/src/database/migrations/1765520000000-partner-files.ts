import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/**
 * Real partner files and real money files (docs/decisions/031):
 * - a statement file is claimed only by an applied import: uploads that were never applied (uploaded,
 *   queued, running, failed) give their `active_sha256` back, so the same file can be uploaded again;
 * - a bank run carries the USD→EUR rate finance sets for its SEPA file (decimal text, EUR per USD; ''
 *   until set) and when its SEPA file was first built (the rate is fixed from then on).
 * Engine-neutral (Table API and one standard UPDATE).
 */
export class PartnerFiles1765520000000 implements MigrationInterface {
  name = 'PartnerFiles1765520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("UPDATE statement_imports SET active_sha256 = NULL WHERE status <> 'applied'");
    await q.addColumns('payment_runs', [
      new TableColumn({ name: 'eur_rate', type: 'varchar', length: '24', default: "''" }),
      new TableColumn({ name: 'sepa_built_at', type: 'datetime', isNullable: true }),
    ]);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('payment_runs', 'sepa_built_at');
    await q.dropColumn('payment_runs', 'eur_rate');
  }
}
