import { MigrationInterface, QueryRunner, Table, type TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const userId: TableColumnOptions = { name: 'user_id', type: 'integer' };
const createdAt: TableColumnOptions = { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const updatedAt: TableColumnOptions = { name: 'updated_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' };
const str = (name: string, length: number, dflt?: string): TableColumnOptions => ({ name, type: 'varchar', length: String(length), ...(dflt !== undefined ? { default: `'${dflt}'` } : {}) });
const userFk = { columnNames: ['user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' as const };

/**
 * The support area (areas §3): tickets with their thread and attachments, report requests, the money
 * ledger (integer US cents), payouts with their idempotency key, bank details and invites.
 * Engine-neutral (Table API). Money is never a float: `amount_cents` is a BIGINT.
 */
export class Support1764100000000 implements MigrationInterface {
  name = 'Support1764100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'tickets',
        columns: [id, userId, str('reason', 64), { name: 'reply', type: 'text' }, { name: 'status', type: 'integer', default: 0 }, { name: 'closed_at', type: 'datetime', isNullable: true }, createdAt, updatedAt],
        foreignKeys: [userFk],
        indices: [
          { name: 'IDX_tickets_user_id', columnNames: ['user_id', 'id'] },
          { name: 'IDX_tickets_user_status', columnNames: ['user_id', 'status', 'id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'ticket_messages',
        columns: [id, { name: 'ticket_id', type: 'integer' }, userId, str('sent_by', 16), { name: 'reply', type: 'text' }, createdAt],
        foreignKeys: [userFk, { columnNames: ['ticket_id'], referencedTableName: 'tickets', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [{ name: 'IDX_ticket_messages_ticket', columnNames: ['ticket_id', 'id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'ticket_attachments',
        columns: [
          id,
          userId,
          { name: 'ticket_id', type: 'integer', isNullable: true },
          { name: 'message_id', type: 'integer', isNullable: true },
          str('filename', 64),
          str('original_name', 255),
          str('storage_key', 64),
          str('mime', 100),
          { name: 'size', type: 'bigint' },
          createdAt,
        ],
        foreignKeys: [userFk, { columnNames: ['ticket_id'], referencedTableName: 'tickets', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'UQ_ticket_attachments_filename', columnNames: ['filename'], isUnique: true },
          { name: 'IDX_ticket_attachments_ticket', columnNames: ['ticket_id'] },
          { name: 'IDX_ticket_attachments_user', columnNames: ['user_id', 'ticket_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'report_requests',
        columns: [
          id,
          userId,
          str('store', 64),
          { name: 'start_date', type: 'bigint' },
          { name: 'end_date', type: 'bigint' },
          { name: 'status', type: 'integer', default: 0 },
          { name: 'storage_key', type: 'varchar', length: '64', isNullable: true },
          { name: 'file_size', type: 'bigint', isNullable: true },
          { name: 'received_at', type: 'datetime', isNullable: true },
          createdAt,
        ],
        foreignKeys: [userFk],
        indices: [{ name: 'IDX_report_requests_user', columnNames: ['user_id', 'id'] }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'payouts',
        columns: [
          id,
          userId,
          { name: 'amount_cents', type: 'bigint' },
          str('status', 16, 'requested'),
          str('idempotency_key', 64),
          str('reference', 255, ''),
          str('reason', 1000, ''),
          str('account_last4', 4, ''),
          { name: 'first_answer', type: 'text' },
          createdAt,
          updatedAt,
        ],
        foreignKeys: [userFk],
        indices: [
          // The database, not only the code, refuses a second payout for one key (concurrent repeats).
          { name: 'UQ_payouts_user_key', columnNames: ['user_id', 'idempotency_key'], isUnique: true },
          { name: 'IDX_payouts_user', columnNames: ['user_id', 'id'] },
          { name: 'IDX_payouts_status', columnNames: ['status'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'ledger_entries',
        columns: [
          id,
          userId,
          // Signed US cents: credits (royalties, re-credits) positive, payout debits negative.
          { name: 'amount_cents', type: 'bigint' },
          str('kind', 24),
          str('note', 500, ''),
          { name: 'payout_id', type: 'integer', isNullable: true },
          createdAt,
        ],
        foreignKeys: [userFk, { columnNames: ['payout_id'], referencedTableName: 'payouts', referencedColumnNames: ['id'], onDelete: 'SET NULL' }],
        indices: [
          { name: 'IDX_ledger_user', columnNames: ['user_id', 'id'] },
          // One debit and at most one re-credit per payout.
          { name: 'UQ_ledger_payout_kind', columnNames: ['payout_id', 'kind'], isUnique: true },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'bank_details',
        columns: [
          { name: 'user_id', type: 'integer', isPrimary: true },
          str('bank_name', 100),
          str('holder_name', 100),
          str('account_number', 18),
          str('ifsc_code', 11),
          str('branch_name', 100),
          str('pan', 10),
          str('other_details', 500, ''),
          createdAt,
          updatedAt,
        ],
        foreignKeys: [userFk],
      }),
    );
    await q.createTable(
      new Table({
        name: 'invites',
        columns: [id, userId, str('email', 254), str('name', 100), createdAt],
        foreignKeys: [userFk],
        indices: [{ name: 'IDX_invites_user_created', columnNames: ['user_id', 'created_at'] }],
      }),
    );
    // Revenue set before the ledger existed becomes its opening credit, so no balance is lost.
    await q.query(
      `INSERT INTO ledger_entries (user_id, amount_cents, kind, note) SELECT id, ROUND(revenue_usd * 100), 'opening', 'Balance before the ledger' FROM users WHERE revenue_usd <> 0`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['invites', 'bank_details', 'ledger_entries', 'payouts', 'report_requests', 'ticket_attachments', 'ticket_messages', 'tickets']) await q.dropTable(t);
  }
}
