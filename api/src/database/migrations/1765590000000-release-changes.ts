import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * Changes to an approved release and their updates to the stores (issue 39 §3; docs/decisions/041):
 * - `release_changes`: a change the artist asks for (the fields it sets and their values before, as JSON),
 *   pending until staff approve or decline it;
 * - `deliveries.change_id`: the last approved change sent to the store as an update, so one change queues
 *   one update per store however often (or by however many instances) its approval is handled.
 * Engine-neutral (Table API).
 */
export class ReleaseChanges1765590000000 implements MigrationInterface {
  name = 'ReleaseChanges1765590000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'release_changes',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'release_id', type: 'integer' },
          { name: 'user_id', type: 'integer' },
          { name: 'status', type: 'varchar', length: '16' },
          { name: 'changes', type: 'text' },
          { name: 'previous', type: 'text' },
          { name: 'note', type: 'varchar', length: '1000', default: "''" },
          { name: 'decision_note', type: 'varchar', length: '1000', default: "''" },
          { name: 'decided_by', type: 'varchar', length: '254', default: "''" },
          { name: 'requested_at', type: 'datetime' },
          { name: 'decided_at', type: 'datetime', isNullable: true },
        ],
        indices: [
          { name: 'IDX_release_changes_release', columnNames: ['release_id', 'id'] },
          { name: 'IDX_release_changes_status', columnNames: ['status', 'id'] },
        ],
        foreignKeys: [{ columnNames: ['release_id'], referencedTableName: 'releases', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
      }),
    );
    await q.addColumn('deliveries', new TableColumn({ name: 'change_id', type: 'integer', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('deliveries', 'change_id');
    await q.dropTable('release_changes');
  }
}
