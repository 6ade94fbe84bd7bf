import { MigrationInterface, QueryRunner, Table, TableColumn, TableIndex, type TableColumnOptions } from 'typeorm';

const id: TableColumnOptions = { name: 'id', type: 'integer', isPrimary: true, isGenerated: true, generationStrategy: 'increment' };
const int = (name: string, nullable = false, dflt?: number): TableColumnOptions => ({ name, type: 'integer', isNullable: nullable, ...(dflt !== undefined ? { default: dflt } : {}) });
const big = (name: string, dflt?: number): TableColumnOptions => ({ name, type: 'bigint', ...(dflt !== undefined ? { default: dflt } : {}) });
const str = (name: string, length: number, dflt?: string, nullable = false): TableColumnOptions => ({
  name,
  type: 'varchar',
  length: String(length),
  isNullable: nullable,
  ...(dflt !== undefined ? { default: `'${dflt}'` } : {}),
});
const date = (name: string, nullable = true): TableColumnOptions => ({ name, type: 'datetime', isNullable: nullable, ...(nullable ? {} : { default: 'CURRENT_TIMESTAMP' }) });

/**
 * Money artists can trust (docs/decisions/039-explained-holds.md): `royalty_holds` (a hold or a
 * clawback of an import: its rule, observed figure and baseline, status and decision), the `hold_id` of
 * the credit lines it covers, the index the spike rule's baseline reads (track, month), and
 * `monthly_statement_mails` (one row per artist and month: the mail job's claim across instances).
 * Engine-neutral (Table API).
 */
export class MoneyTrust1765580000000 implements MigrationInterface {
  name = 'MoneyTrust1765580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'royalty_holds',
        columns: [
          id,
          int('import_id'),
          // The track's owner (who appeals); collaborators' parts are their credit lines with this hold_id.
          int('user_id'),
          int('track_id'),
          str('rule', 16),
          str('status', 16, 'held'),
          str('store', 64, ''),
          str('country', 8, ''),
          str('sale_month', 7, ''),
          str('flag', 64, ''),
          // The rule's figure and its baseline (units; per-mille share; micro-USD per unit).
          big('observed', 0),
          big('baseline', 0),
          big('held_micros', 0),
          int('rows_held', false, 0),
          int('appeal_ticket_id', true),
          str('decision_reason', 1000, ''),
          str('forfeit_requested_by', 254, ''),
          int('forfeit_requested_by_id', true),
          str('decided_by', 254, ''),
          date('decided_at'),
          date('created_at', false),
        ],
        indices: [
          { name: 'IDX_royalty_holds_import', columnNames: ['import_id'] },
          { name: 'IDX_royalty_holds_status', columnNames: ['status', 'id'] },
          { name: 'IDX_royalty_holds_user', columnNames: ['user_id'] },
        ],
      }),
    );
    await q.addColumn('royalty_credits', new TableColumn({ name: 'hold_id', type: 'integer', isNullable: true }));
    await q.createIndex('royalty_credits', new TableIndex({ name: 'IDX_royalty_credits_hold', columnNames: ['hold_id'] }));
    await q.createIndex('royalty_credits', new TableIndex({ name: 'IDX_royalty_credits_track_month', columnNames: ['track_id', 'sale_month'] }));
    await q.createTable(
      new Table({
        name: 'monthly_statement_mails',
        columns: [id, int('user_id'), str('month', 7), date('created_at', false), date('sent_at')],
        indices: [{ name: 'UQ_monthly_statement_mails', columnNames: ['user_id', 'month'], isUnique: true }],
      }),
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropTable('monthly_statement_mails');
    await q.dropIndex('royalty_credits', 'IDX_royalty_credits_track_month');
    await q.dropIndex('royalty_credits', 'IDX_royalty_credits_hold');
    await q.dropColumn('royalty_credits', 'hold_id');
    await q.dropTable('royalty_holds');
  }
}
