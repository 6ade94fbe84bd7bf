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
 * The money engine (docs/decisions/019-money-engine.md): statement imports, their credit lines in
 * micro-USD (BIGINT), unmatched rows, saved column presets, track splits, and the link from a ledger
 * entry to the import it came from. Engine-neutral (Table API).
 */
export class Royalties1765100000000 implements MigrationInterface {
  name = 'Royalties1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.createTable(
      new Table({
        name: 'statement_imports',
        columns: [
          id,
          str('file_name', 255),
          str('file_sha256', 64),
          // The duplicate-file refusal: NULL once rolled back or failed, so the same file may come again.
          str('active_sha256', 64, undefined, true),
          str('file_path', 500),
          str('format', 40, ''),
          { name: 'mapping_json', type: 'text', isNullable: true },
          str('delimiter', 2, ','),
          str('source', 100, ''),
          str('month', 7, ''),
          str('currency', 3, ''),
          str('rate', 24, '1'),
          int('confirmed', false, 0),
          str('status', 16, 'uploaded'),
          int('rows_read', false, 0),
          int('rows_matched', false, 0),
          int('rows_unmatched', false, 0),
          big('matched_micros', 0),
          big('unmatched_micros', 0),
          big('credited_cents', 0),
          str('error', 1000, ''),
          str('created_by', 254, ''),
          date('created_at', false),
          date('started_at'),
          date('heartbeat_at'),
          date('finished_at'),
        ],
        indices: [
          { name: 'UQ_statement_imports_active_sha', columnNames: ['active_sha256'], isUnique: true },
          { name: 'IDX_statement_imports_status', columnNames: ['status', 'id'] },
        ],
      }),
    );
    const line = [str('sale_month', 7), str('reporting_date', 10, ''), str('store', 64, ''), str('country', 8, ''), str('isrc', 15, ''), str('upc', 14, ''), str('sale_type', 32, ''), int('quantity', false, 0), big('amount_micros')];
    await q.createTable(
      new Table({
        name: 'royalty_credits',
        columns: [id, int('import_id'), int('line_no'), int('user_id'), int('track_id'), int('release_id'), str('share', 8, 'owner'), int('split_id', true), int('unmatched_id', true), ...line],
        // No foreign keys: a million-row import would pay two parent lookups per line; the job is the
        // only writer and checks both (bench/statement-import.js, decision 019).
        indices: [
          { name: 'IDX_royalty_credits_user_month', columnNames: ['user_id', 'sale_month'] },
          { name: 'IDX_royalty_credits_import', columnNames: ['import_id', 'user_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'statement_unmatched',
        columns: [id, int('import_id'), int('line_no'), ...line, str('artist', 255, ''), str('release_title', 255, ''), str('track_title', 255, ''), int('linked_track_id', true), date('linked_at')],
        foreignKeys: [{ columnNames: ['import_id'], referencedTableName: 'statement_imports', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'IDX_statement_unmatched_import', columnNames: ['import_id'] },
          { name: 'IDX_statement_unmatched_isrc', columnNames: ['isrc', 'linked_track_id'] },
          { name: 'IDX_statement_unmatched_upc', columnNames: ['upc', 'linked_track_id'] },
        ],
      }),
    );
    await q.createTable(
      new Table({
        name: 'statement_presets',
        columns: [id, str('name', 40), str('delimiter', 4, 'auto'), { name: 'mapping_json', type: 'text' }, str('created_by', 254, ''), date('created_at', false)],
        indices: [{ name: 'UQ_statement_presets_name', columnNames: ['name'], isUnique: true }],
      }),
    );
    await q.createTable(
      new Table({
        name: 'track_splits',
        columns: [
          id,
          int('track_id'),
          int('owner_user_id'),
          str('email', 254),
          int('collaborator_user_id', true),
          // Share in basis points (1/100 of a percent): 30 % = 3000.
          int('basis_points'),
          str('status', 16, 'invited'),
          int('accepted', false, 0),
          str('from_month', 7),
          str('to_month', 7, undefined, true),
          date('created_at', false),
          date('responded_at'),
        ],
        foreignKeys: [{ columnNames: ['owner_user_id'], referencedTableName: 'users', referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
        indices: [
          { name: 'IDX_track_splits_track', columnNames: ['track_id', 'accepted'] },
          { name: 'IDX_track_splits_email', columnNames: ['email'] },
        ],
      }),
    );
    await q.addColumn('ledger_entries', new TableColumn({ name: 'statement_import_id', type: 'integer', isNullable: true }));
    await q.createIndex('ledger_entries', new TableIndex({ name: 'IDX_ledger_statement_import', columnNames: ['statement_import_id', 'user_id'] }));
  }

  async down(q: QueryRunner): Promise<void> {
    await q.dropIndex('ledger_entries', 'IDX_ledger_statement_import');
    await q.dropColumn('ledger_entries', 'statement_import_id');
    for (const t of ['track_splits', 'statement_presets', 'statement_unmatched', 'royalty_credits', 'statement_imports']) await q.dropTable(t);
  }
}
