import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';

/** The in-app page a bell notification opens (its release, ticket or payout; docs/decisions/017). Engine-neutral. */
export class NotificationLinks1764617100000 implements MigrationInterface {
  name = 'NotificationLinks1764617100000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumn('notifications', new TableColumn({ name: 'link', type: 'varchar', length: '200', isNullable: true }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropColumn('notifications', 'link');
  }
}
