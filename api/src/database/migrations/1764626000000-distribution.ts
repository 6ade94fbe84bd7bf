import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Store QC results per upload (docs/decisions/020-distribution-engine.md). Engine-neutral. */
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('upload_qc');
  }
}
