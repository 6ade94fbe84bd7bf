import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/**
 * The public page of a release (issue 39 §4, docs/decisions/037): its slug, the pre-save list (double
 * opt-in; the links' tokens are HMACs, not stored) and the page's counts (visits, clicks per
 * store, confirmed pre-saves; no client address anywhere). A page goes with its release; the list and
 * the counts go with their page. Engine-neutral (Table API).
 */
export class PublicPages1765575000000 implements MigrationInterface {
  name = 'PublicPages1765575000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'public_pages',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'release_id', type: 'integer' },
          { name: 'slug', type: 'varchar', length: '64' },
          { name: 'created_at', type: 'datetime' },
        ],
        indices: [
          { name: 'UQ_public_pages_release', columnNames: ['release_id'], isUnique: true },
          { name: 'UQ_public_pages_slug', columnNames: ['slug'], isUnique: true },
        ],
        foreignKeys: [{ name: 'FK_public_pages_release', columnNames: ['release_id'], referencedTableName: 'releases', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'presave_subscribers',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'page_id', type: 'integer' },
          { name: 'email', type: 'varchar', length: '254' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'salt', type: 'varchar', length: '32' },
          { name: 'created_at', type: 'datetime' },
          { name: 'confirmed_at', type: 'datetime', isNullable: true },
          { name: 'mailed_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'UQ_presave_page_email', columnNames: ['page_id', 'email'], isUnique: true },
          { name: 'IDX_presave_status', columnNames: ['status', 'mailed_at'] },
        ],
        foreignKeys: [{ name: 'FK_presave_page', columnNames: ['page_id'], referencedTableName: 'public_pages', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'public_page_counts',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'page_id', type: 'integer' },
          { name: 'kind', type: 'varchar', length: '16' },
          { name: 'store', type: 'varchar', length: '64' },
          { name: 'count', type: 'integer' },
        ],
        indices: [{ name: 'UQ_public_page_counts', columnNames: ['page_id', 'kind', 'store'], isUnique: true }],
        foreignKeys: [{ name: 'FK_public_page_counts_page', columnNames: ['page_id'], referencedTableName: 'public_pages', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('public_page_counts');
    await q.dropTable('presave_subscribers');
    await q.dropTable('public_pages');
  }
}
