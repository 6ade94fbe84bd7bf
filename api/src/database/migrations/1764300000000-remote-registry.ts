import { MigrationInterface, QueryRunner, Table } from 'typeorm';

const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };

/** Live remote registry (docs/decisions/007): deployed versions, the live row per remote, the activation audit. */
export class RemoteRegistry1764300000000 implements MigrationInterface {
  name = 'RemoteRegistry1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'remote_versions',
        columns: [
          id,
          { name: 'remote', type: 'varchar', length: '64' },
          { name: 'version', type: 'varchar', length: '128' },
          { name: 'manifest_url', type: 'varchar', length: '1000' },
          { name: 'shared', type: 'text' },
          { name: 'commit', type: 'varchar', length: '64' },
          { name: 'build_id', type: 'varchar', length: '64' },
          { name: 'deployed_by', type: 'varchar', length: '120' },
          { name: 'deployed_at', type: 'datetime' },
          { name: 'pruned_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ name: 'UQ_remote_versions_remote_version', columnNames: ['remote', 'version'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'remote_live',
        columns: [
          { name: 'remote', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'varchar', length: '128' },
          { name: 'manifest_url', type: 'varchar', length: '1000' },
          { name: 'shared', type: 'text' },
          { name: 'activated_by', type: 'varchar', length: '120' },
          { name: 'activated_at', type: 'datetime' },
          { name: 'revision', type: 'integer' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'remote_activations',
        columns: [
          id,
          { name: 'remote', type: 'varchar', length: '64' },
          { name: 'action', type: 'varchar', length: '16' },
          { name: 'from_version', type: 'varchar', length: '128', isNullable: true },
          { name: 'to_version', type: 'varchar', length: '128' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'reason', type: 'varchar', length: '1000', isNullable: true },
          { name: 'actor', type: 'varchar', length: '120' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'IDX_remote_activations_remote', columnNames: ['remote', 'id'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('remote_activations');
    await q.dropTable('remote_live');
    await q.dropTable('remote_versions');
  }
}
