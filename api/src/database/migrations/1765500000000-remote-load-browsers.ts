import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * Load reports count browsers, not requests (docs/decisions/029): each row names the (hashed) browser its
 * load token was issued to, unique per remote, version, browser and outcome, so a replayed beacon adds
 * nothing. Reports stored before carry no proof of a real page load: they are dropped (they only counted
 * within the automatic-rollback window, minutes). Engine-neutral (Table API).
 */
export class RemoteLoadBrowsers1765500000000 implements MigrationInterface {
  name = 'RemoteLoadBrowsers1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DELETE FROM remote_load_reports');
    await q.addColumn('remote_load_reports', new TableColumn({ name: 'browser', type: 'varchar', length: '32' }));
    await q.createIndex('remote_load_reports', new TableIndex({ name: 'UQ_remote_load_reports_once', columnNames: ['remote', 'version', 'browser', 'outcome'], isUnique: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('remote_load_reports', 'UQ_remote_load_reports_once');
    await q.dropColumn('remote_load_reports', 'browser');
  }
}
