import { MigrationInterface, QueryRunner, TableColumn, TableIndex } from 'typeorm';

/**
 * The support desk (docs/decisions/023-staff-desks.md "Support desk"): who wrote a ticket's last word and
 * when (the queue shows tickets where the artist spoke last first), and the support member it is
 * assigned to. Existing tickets are filled from their thread. Engine-neutral (Table API, plain SQL).
 */
export class SupportDesk1765400000000 implements MigrationInterface {
  name = 'SupportDesk1765400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.addColumns('tickets', [
      new TableColumn({ name: 'last_by', type: 'varchar', length: '16', default: "'user'" }),
      new TableColumn({ name: 'last_message_at', type: 'datetime', isNullable: true }),
      new TableColumn({ name: 'assigned_to', type: 'integer', isNullable: true }),
    ]);
    await q.query('UPDATE tickets SET last_message_at = created_at');
    await q.query(
      'UPDATE tickets SET last_message_at = (SELECT MAX(m.created_at) FROM ticket_messages m WHERE m.ticket_id = tickets.id) WHERE EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = tickets.id)',
    );
    await q.query(
      "UPDATE tickets SET last_by = 'support' WHERE EXISTS (SELECT 1 FROM ticket_messages m WHERE m.ticket_id = tickets.id AND m.sent_by = 'support' AND m.id = (SELECT MAX(m2.id) FROM ticket_messages m2 WHERE m2.ticket_id = tickets.id))",
    );
    await q.createIndex('tickets', new TableIndex({ name: 'IDX_tickets_desk', columnNames: ['status', 'last_by', 'last_message_at'] }));
    await q.createIndex('tickets', new TableIndex({ name: 'IDX_tickets_assigned', columnNames: ['assigned_to', 'status'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('tickets', 'IDX_tickets_assigned');
    await q.dropIndex('tickets', 'IDX_tickets_desk');
    await q.dropColumn('tickets', 'assigned_to');
    await q.dropColumn('tickets', 'last_message_at');
    await q.dropColumn('tickets', 'last_by');
  }
}
