import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

const id = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' as const };

/**
 * Remotes 2 (docs/decisions/021-remotes-2.md): bad marks and the last time a version was live on
 * `remote_versions`; a canary on `remote_live`; deploy claims (one deploy of a remote at a time);
 * deploy tokens scoped to one remote (sha256 of the token only); load reports of the shell's beacon.
 */
export class Remotes21764927000000 implements MigrationInterface {
  name = 'Remotes21764927000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('remote_versions', [
      new TableColumn({ name: 'bad_at', type: 'datetime', isNullable: true }),
      new TableColumn({ name: 'bad_by', type: 'varchar', length: '120', isNullable: true }),
      new TableColumn({ name: 'bad_reason', type: 'varchar', length: '1000', isNullable: true }),
      new TableColumn({ name: 'last_live_at', type: 'datetime', isNullable: true }),
    ]);
    await q.addColumns('remote_live', [
      new TableColumn({ name: 'canary_version', type: 'varchar', length: '128', isNullable: true }),
      new TableColumn({ name: 'canary_manifest_url', type: 'varchar', length: '1000', isNullable: true }),
      new TableColumn({ name: 'canary_percent', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'canary_since', type: 'datetime', isNullable: true }),
    ]);
    await q.createTable(
      new Table({
        name: 'remote_deploy_claims',
        columns: [
          { name: 'remote', type: 'varchar', length: '64', isPrimary: true },
          { name: 'version', type: 'varchar', length: '128' },
          { name: 'actor', type: 'varchar', length: '120' },
          { name: 'claimed_at', type: 'datetime' },
          { name: 'expires_at', type: 'datetime' },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'remote_deploy_tokens',
        columns: [
          id,
          { name: 'remote', type: 'varchar', length: '64' },
          { name: 'name', type: 'varchar', length: '120' },
          { name: 'token_hash', type: 'varchar', length: '64' },
          { name: 'created_by', type: 'varchar', length: '120' },
          { name: 'created_at', type: 'datetime' },
          { name: 'revoked_at', type: 'datetime', isNullable: true },
          { name: 'last_used_at', type: 'datetime', isNullable: true },
        ],
        indices: [{ name: 'UQ_remote_deploy_tokens_hash', columnNames: ['token_hash'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'remote_load_reports',
        columns: [
          id,
          { name: 'remote', type: 'varchar', length: '64' },
          { name: 'version', type: 'varchar', length: '128' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [{ name: 'IDX_remote_load_reports_version', columnNames: ['remote', 'version', 'created_at'] }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('remote_load_reports');
    await q.dropTable('remote_deploy_tokens');
    await q.dropTable('remote_deploy_claims');
    for (const c of ['canary_since', 'canary_percent', 'canary_manifest_url', 'canary_version']) await q.dropColumn('remote_live', c);
    for (const c of ['last_live_at', 'bad_reason', 'bad_by', 'bad_at']) await q.dropColumn('remote_versions', c);
  }
}
