import { MigrationInterface, QueryRunner, Table, TableColumn } from 'typeorm';

/**
 * The loop with the stores (issue 39 §1, §2, §3, §5; docs/decisions/041-store-loop.md):
 * - a delivery target's feed (`test`/`live`, existing targets take the old DDEX_MESSAGE_CONTROL), its
 *   optional test folder, acknowledgements folder and store link template;
 * - a delivery's last MessageId and ICPN (to match acknowledgements), its feed when sent, and the state the
 *   store reported (`ingested`, `refused`, `live`; '' none yet) with the store's raw status, reason and link;
 * - acknowledgement files as read (one row a file, unique per target and SHA-256: applied once) and what
 *   each said about each message (one row an entry).
 * Engine-neutral (Table API and one standard UPDATE); `raw` is MEDIUMTEXT on MySQL/MariaDB (up to 1 MB).
 */
export class StoreLoop1765570000000 implements MigrationInterface {
  name = 'StoreLoop1765570000000';

  async up(q: QueryRunner): Promise<void> {
    const mysql = q.connection.driver.options.type === 'mysql' || q.connection.driver.options.type === 'mariadb';
    await q.addColumns('delivery_targets', [
      new TableColumn({ name: 'feed', type: 'varchar', length: '8', default: "'test'" }),
      new TableColumn({ name: 'test_path', type: 'varchar', length: '255', default: "''" }),
      new TableColumn({ name: 'ack_path', type: 'varchar', length: '255', default: "''" }),
      new TableColumn({ name: 'link_template', type: 'varchar', length: '500', default: "''" }),
    ]);
    // Targets configured before feeds existed keep the mode the whole portal was in.
    if (process.env.DDEX_MESSAGE_CONTROL?.trim() === 'LiveMessage') await q.query("UPDATE delivery_targets SET feed = 'live'");
    await q.addColumns('deliveries', [
      new TableColumn({ name: 'message_id', type: 'varchar', length: '160', default: "''" }),
      new TableColumn({ name: 'icpn', type: 'varchar', length: '20', default: "''" }),
      new TableColumn({ name: 'feed', type: 'varchar', length: '8', default: "'test'" }),
      new TableColumn({ name: 'store_state', type: 'varchar', length: '16', default: "''" }),
      new TableColumn({ name: 'store_status', type: 'varchar', length: '128', default: "''" }),
      new TableColumn({ name: 'state_reason', type: 'varchar', length: '1000', default: "''" }),
      new TableColumn({ name: 'live_url', type: 'varchar', length: '500', default: "''" }),
      new TableColumn({ name: 'ack_id', type: 'integer', isNullable: true }),
      new TableColumn({ name: 'state_at', type: 'datetime', isNullable: true }),
    ]);
    await q.addColumns('delivery_attempts', [new TableColumn({ name: 'message_id', type: 'varchar', length: '160', default: "''" })]);
    await q.createTable(
      new Table({
        name: 'delivery_acks',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'target_id', type: 'integer' },
          { name: 'store', type: 'varchar', length: '64' },
          { name: 'feed', type: 'varchar', length: '8' },
          { name: 'file_name', type: 'varchar', length: '255' },
          { name: 'checksum', type: 'varchar', length: '64' },
          { name: 'shape', type: 'varchar', length: '64' },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'summary', type: 'varchar', length: '1000', default: "''" },
          { name: 'raw', type: mysql ? 'mediumtext' : 'text' },
          { name: 'received_at', type: 'datetime' },
        ],
        indices: [{ name: 'UQ_delivery_acks_target_checksum', columnNames: ['target_id', 'checksum'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'delivery_ack_entries',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'ack_id', type: 'integer' },
          { name: 'delivery_id', type: 'integer', isNullable: true },
          { name: 'release_id', type: 'integer', isNullable: true },
          { name: 'message_id', type: 'varchar', length: '160', default: "''" },
          { name: 'icpn', type: 'varchar', length: '64', default: "''" },
          { name: 'status', type: 'varchar', length: '128', default: "''" },
          { name: 'outcome', type: 'varchar', length: '16' },
          { name: 'reason', type: 'varchar', length: '1000', default: "''" },
        ],
        indices: [
          { name: 'IDX_delivery_ack_entries_ack', columnNames: ['ack_id'] },
          { name: 'IDX_delivery_ack_entries_release', columnNames: ['release_id'] },
        ],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('delivery_ack_entries');
    await q.dropTable('delivery_acks');
    await q.dropColumn('delivery_attempts', 'message_id');
    for (const c of ['state_at', 'ack_id', 'live_url', 'state_reason', 'store_status', 'store_state', 'feed', 'icpn', 'message_id']) await q.dropColumn('deliveries', c);
    for (const c of ['link_template', 'ack_path', 'test_path', 'feed']) await q.dropColumn('delivery_targets', c);
  }
}
