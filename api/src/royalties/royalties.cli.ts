import { Command, Option } from 'nest-commander';
import { microsToUsd, centsToUsd, STATEMENT_PRESETS } from '@portal/contracts';
import { CLI_ACTOR } from '../audit/audit.service';
import { OperatorCommand } from '../common/cli/operator-command';
import { StatementImportsService } from './import/statement-imports.service';
import { ImportRunner } from './import/import-runner';
import { ReportsFromLedger } from './earnings/reports-from-ledger.service';

const USAGE = 'statement-import <file> --format <distrokid|tunecore|cdbaby|believe|saved preset> --month YYYY-MM [--rate <to-USD>] [--confirmed] [--source <name>]';

/** A positive integer id from the command line, else the usage line as the error. */
const positiveId = (raw: string | undefined, usage: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(usage);
  return n;
};

type ImportOptions = { format?: string; month?: string; rate?: string; confirmed?: boolean; source?: string };

/**
 * `statement-import <file> --format <f> --month YYYY-MM [--rate <to-USD>] [--confirmed] [--source <name>]`
 * (docs/decisions/019-money-engine.md): the same service and job handler as the console (same duplicate
 * refusal, same audit rows as actor `cli`), inline; prints rows read, matched, unmatched and the amount
 * credited. Writes `statement-import: reading the file` on stderr once booted (bench/statement-import.js
 * reads it as the end of the boot, its RSS baseline).
 */
@Command({ name: 'statement-import', arguments: '<file>', description: 'import a royalty statement; prints rows read, matched, unmatched, amount credited' })
export class StatementImportCommand extends OperatorCommand {
  constructor(
    private readonly imports: StatementImportsService,
    private readonly runner: ImportRunner,
  ) {
    super();
  }

  @Option({ flags: '--format <format>', description: 'distrokid|tunecore|cdbaby|believe or a saved preset' })
  format(value: string): string {
    return value;
  }

  @Option({ flags: '--month <YYYY-MM>', description: 'the month the statement is for' })
  month(value: string): string {
    return value;
  }

  @Option({ flags: '--rate <to-USD>', description: 'the rate to USD of a statement in another currency' })
  rate(value: string): string {
    return value;
  }

  @Option({ flags: '--confirmed', description: 'the amounts are final (else estimated)' })
  confirmed(): boolean {
    return true;
  }

  @Option({ flags: '--source <name>', description: 'the source the rows are credited under (default the preset)' })
  source(value: string): string {
    return value;
  }

  async answer([file]: string[], opts: ImportOptions): Promise<string> {
    const { format, month, rate, source } = opts;
    if (!file || !format || !month) throw new Error(USAGE);
    // bench/statement-import.js reads this line as the end of the boot (its RSS baseline).
    process.stderr.write('statement-import: reading the file\n');
    const upload = await this.imports.uploadLocal(file, CLI_ACTOR);
    await this.imports.start(
      {
        import_id: upload.import_id,
        format,
        month,
        source: source || (STATEMENT_PRESETS.find((p) => p.name === format)?.name ?? format),
        rate: rate ?? '',
        confirmed: opts.confirmed === true,
      },
      CLI_ACTOR,
    );
    // `start` handed the id to the in-process runner, as in the console; wait for it here.
    await this.runner.idle();
    const row = await this.imports.detail(upload.import_id);
    if (row.status !== 'applied') throw new Error(`import #${row.import_id} ${row.status}: ${row.error}`);
    return [
      `import #${row.import_id} applied (${row.confirmed ? 'confirmed' : 'estimated'})`,
      `rows read ${row.rows_read}, matched ${row.rows_matched}, unmatched ${row.rows_unmatched}`,
      `matched ${microsToUsd(row.matched_micros)} USD, unmatched ${microsToUsd(row.unmatched_micros)} USD, credited to the ledger ${centsToUsd(row.credited_cents)} USD`,
    ].join('\n');
  }
}

/** `statement-rollback <import_id>`: reverse an applied import (refused once a payout took its credits); prints `import #<id> <status>`. */
@Command({ name: 'statement-rollback', arguments: '<import_id>', description: 'reverse an applied import; refused once a payout took its credits' })
export class StatementRollbackCommand extends OperatorCommand {
  constructor(private readonly imports: StatementImportsService) {
    super();
  }

  async answer([id]: string[]): Promise<string> {
    const row = await this.imports.rollback(positiveId(id, 'statement-rollback <import_id>'), CLI_ACTOR);
    return `import #${row.import_id} ${row.status}`;
  }
}

/**
 * `report-attach <report_id> <file.csv>`: attach the CSV of a store report request (RECEIVED, downloadable
 * by the artist; bell). Every row must carry one of the artist's codes; audited (docs/decisions/019).
 */
@Command({ name: 'report-attach', arguments: '<report_id> <file>', description: 'attach the CSV of a report request: RECEIVED, downloadable by the artist; bell' })
export class ReportAttachCommand extends OperatorCommand {
  constructor(private readonly reports: ReportsFromLedger) {
    super();
  }

  async answer([id, file]: string[]): Promise<string> {
    if (!file) throw new Error('report-attach <report_id> <file.csv>');
    const report = await this.reports.attachFile(positiveId(id, 'report-attach <report_id> <file.csv>'), file, CLI_ACTOR);
    return `report ${report.report_id} received (${report.rows} rows)`;
  }
}

/** Operator commands of the money engine (docs/decisions/019-money-engine.md), providers of RoyaltiesModule. */
export const ROYALTIES_COMMANDS = [StatementImportCommand, StatementRollbackCommand, ReportAttachCommand];
