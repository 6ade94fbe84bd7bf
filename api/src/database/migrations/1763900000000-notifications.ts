import { MigrationInterface, QueryRunner, Table } from 'typeorm';

/** Notifications of the shell's bell (core §2, §3 Notification). */
export class Notifications1763900000000 implements MigrationInterface {
  name = 'Notifications1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'notifications',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'user_id', type: 'integer' },
          { name: 'notification', type: 'varchar', length: '1000' },
          { name: 'seen_at', type: 'datetime', isNullable: true },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
        foreignKeys: [{ columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'IDX_notifications_user_id', columnNames: ['user_id', 'id'] }],
      }),
    );
  }
  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('notifications');
  }
}
