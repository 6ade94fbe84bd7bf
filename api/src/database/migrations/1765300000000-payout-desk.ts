import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex } from 'typeorm';

/**
 * The payout desk (docs/decisions/023-staff-desks.md): bank runs (the payouts exported together in
 * one bank file), what each transfer paid to, and the run a payout went out in. Engine-neutral (Table API).
 */
export class PayoutDesk1765300000000 implements MigrationInterface {
  name = 'PayoutDesk1765300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'payment_runs',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'message_id', type: 'varchar', length: '35' },
          { name: 'created_by_user_id', type: 'integer', isNullable: true },
          { name: 'created_by_email', type: 'varchar', length: '255', default: "''" },
          { name: 'payout_count', type: 'integer' },
          { name: 'total_cents', type: 'bigint' },
          { name: 'created_at', type: 'datetime', default: 'CURRENT_TIMESTAMP' },
        ],
      }),
    );
    // What each transfer of a run paid to, as exported: the files are rebuilt from this snapshot, so a
    // later change of the artist's bank details never changes a file already sent to the bank.
    await q.createTable(
      new Table({
        name: 'payment_run_transfers',
        columns: [
          { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' },
          { name: 'run_id', type: 'integer' },
          { name: 'payout_id', type: 'integer' },
          { name: 'amount_cents', type: 'bigint' },
          { name: 'holder_name', type: 'varchar', length: '100' },
          { name: 'account_number', type: 'varchar', length: '34' },
          { name: 'ifsc_code', type: 'varchar', length: '11' },
          { name: 'bank_name', type: 'varchar', length: '100' },
          { name: 'branch_name', type: 'varchar', length: '100' },
        ],
        indices: [{ name: 'IDX_run_transfers_run', columnNames: ['run_id', 'payout_id'], isUnique: true }],
      }),
    );
    await q.addColumn('payouts', new TableColumn({ name: 'run_id', type: 'integer', isNullable: true }));
    await q.createIndex('payouts', new TableIndex({ name: 'IDX_payouts_run', columnNames: ['run_id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('payouts', 'IDX_payouts_run');
    await q.dropColumn('payouts', 'run_id');
    await q.dropTable('payment_run_transfers');
    await q.dropTable('payment_runs');
  }
}
