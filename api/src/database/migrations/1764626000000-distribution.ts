import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Store QC results per upload, delivery targets, deliveries and their attempts (docs/decisions/020-distribution-engine.md). Engine-neutral. */
export class Distribution1764626000000 implements MigrationInterface {
  name = 'Distribution1764626000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'upload_qc',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'filename', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'measurements', type: 'text' },
          { name: 'problems', type: 'text' },
          { name: 'md5', type: 'varchar', length: '32', default: "''" },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'checked_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_upload_qc_filename', columnNames: ['filename'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'delivery_targets',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'store', type: 'varchar', length: '64' },
          { name: 'dpid', type: 'varchar', length: '64' },
          { name: 'protocol', type: 'varchar', length: '8' },
          { name: 'host', type: 'varchar', length: '255' },
          { name: 'port', type: 'integer' },
          { name: 'path', type: 'varchar', length: '255' },
          { name: 'username', type: 'varchar', length: '128' },
          { name: 'secret', type: 'text' },
          { name: 'enabled', type: 'boolean', default: true },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_delivery_targets_store', columnNames: ['store'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'deliveries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'release_id', type: 'integer' },
          { name: 'target_id', type: 'integer' },
          { name: 'store', type: 'varchar', length: '64' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'batch_id', type: 'varchar', length: '32', default: "''" },
          { name: 'attempts', type: 'integer', default: 0 },
          { name: 'last_error', type: 'varchar', length: '1000', default: "''" },
          { name: 'delivered_at', type: 'datetime', isNullable: true },
          { name: 'not_before', type: 'datetime', isNullable: true },
          { name: 'updated_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_deliveries_release_store', columnNames: ['release_id', 'store'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'delivery_attempts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'delivery_id', type: 'integer' },
          { name: 'attempt', type: 'integer' },
          { name: 'batch_id', type: 'varchar', length: '32' },
          { name: 'ok', type: 'boolean' },
          { name: 'error', type: 'varchar', length: '1000', default: "''" },
          { name: 'started_at', type: 'datetime' },
          { name: 'finished_at', type: 'datetime' },
        ],
        indices: [{ name: 'IDX_delivery_attempts_delivery', columnNames: ['delivery_id'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('delivery_attempts');
    await q.dropTable('deliveries');
    await q.dropTable('delivery_targets');
    await q.dropTable('upload_qc');
  }
}
