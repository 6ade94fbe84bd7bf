import { microsToUsd, centsToUsd, STATEMENT_PRESETS } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { CLI_ACTOR } from '../audit/audit.service';
import { StatementImportsService } from './import/statement-imports.service';
import { ImportRunner } from './import/import-runner';

const USAGE = 'statement-import <file> --format <distrokid|tunecore|cdbaby|believe|saved preset> --month YYYY-MM [--rate <to-USD>] [--confirmed] [--source <name>]';

/** `--name value` options and `--flag` switches of a command line. */
function options(args: string[]): { positional: string[]; opts: Map<string, string | true> } {
  const positional: string[] = [];
  const opts = new Map<string, string | true>();
  for (let i = 0; i < args.length; i += 1) {
    const a = args[i];
    if (!a.startsWith('--')) positional.push(a);
    else if (a === '--confirmed') opts.set('confirmed', true);
    else opts.set(a.slice(2), args[++i] ?? '');
  }
  return { positional, opts };
}

/**
 * Operator commands of the money engine (docs/decisions/019-money-engine.md). `statement-import` runs
 * the same service and job handler as the console (same duplicate refusal, same audit rows as actor
 * `cli`), inline, and prints rows read, matched, unmatched and the amount credited.
 */
export const ROYALTY_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'statement-import',
    usage: `${USAGE}   (import a royalty statement; prints rows read, matched, unmatched, amount credited)`,
    run: async (app, args) => {
      const { positional, opts } = options(args);
      const file = positional[0];
      const format = opts.get('format');
      const month = opts.get('month');
      if (!file || typeof format !== 'string' || typeof month !== 'string') throw new Error(USAGE);
      const rate = opts.get('rate');
      const source = opts.get('source');
      const service = app.get(StatementImportsService);
      // bench/statement-import.js reads this line as the end of the boot (its RSS baseline).
      process.stderr.write('statement-import: reading the file\n');
      const upload = await service.uploadLocal(file, CLI_ACTOR);
      await service.start(
        {
          import_id: upload.import_id,
          format,
          month,
          source: typeof source === 'string' && source ? source : (STATEMENT_PRESETS.find((p) => p.name === format)?.name ?? format),
          rate: typeof rate === 'string' ? rate : '',
          confirmed: opts.get('confirmed') === true,
        },
        CLI_ACTOR,
      );
      // `start` handed the id to the in-process runner, as in the console; wait for it here.
      await app.get(ImportRunner).idle();
      const row = await service.detail(upload.import_id);
      if (row.status !== 'applied') throw new Error(`import #${row.import_id} ${row.status}: ${row.error}`);
      return [
        `import #${row.import_id} applied (${row.confirmed ? 'confirmed' : 'estimated'})`,
        `rows read ${row.rows_read}, matched ${row.rows_matched}, unmatched ${row.rows_unmatched}`,
        `matched ${microsToUsd(row.matched_micros)} USD, unmatched ${microsToUsd(row.unmatched_micros)} USD, credited to the ledger ${centsToUsd(row.credited_cents)} USD`,
      ].join('\n');
    },
  },
  {
    name: 'statement-rollback',
    usage: 'statement-rollback <import_id>   (reverse an applied import; refused once a payout took its credits)',
    run: async (app, [id]) => {
      const n = Number(id);
      if (!Number.isInteger(n) || n <= 0) throw new Error('statement-rollback <import_id>');
      const row = await app.get(StatementImportsService).rollback(n, CLI_ACTOR);
      return `import #${row.import_id} ${row.status}`;
    },
  },
];
