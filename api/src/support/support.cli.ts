import { AuditService, CLI_ACTOR } from '../audit/audit.service';
import { centsToUsd, usdToCents } from '@portal/contracts';
import type { CliCommand } from '../common/cli-command';
import { UsersService } from '../users/users.service';
import { LedgerService } from './money/ledger.service';
import { ReportsFromLedger } from '../royalties/earnings/reports-from-ledger.service';
import { AttachmentsService } from './tickets/attachments.service';

const positiveId = (raw: string | undefined, usage: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(usage);
  return n;
};

/**
 * Add a royalty credit to a user's ledger (the `revenue` operator command): `usd` is text with at
 * most two decimals, turned into cents without floating-point arithmetic. Audited as actor `cli`
 * (`revenue.credit`, before and after balance in USD, docs/decisions/008). Answers a line for the console.
 */
export async function creditRevenue(app: Parameters<CliCommand['run']>[0], email: string | undefined, usd: string | undefined, note: string): Promise<string> {
  const user = await app.get(UsersService).findByEmail(email ?? '');
  const cents = usdToCents(usd ?? '');
  if (!user || cents === null || cents <= 0) throw new Error('revenue <email> <usd, e.g. 250 or 99.50> [usd-to-inr rate] [note...]');
  const balance = await app.get(LedgerService).credit(user.id, cents, note || 'Royalty credit');
  await app.get(AuditService).record(CLI_ACTOR, 'revenue.credit', 'user', user.id, { balance_usd: centsToUsd(balance - cents) }, { credited_usd: centsToUsd(cents), note: note || 'Royalty credit', balance_usd: centsToUsd(balance) });
  return `${user.email} credited ${centsToUsd(cents)} USD; balance ${centsToUsd(balance)} USD`;
}

/** Operator commands of the support area (README "Operator commands"); the ticket and payout outcomes are the console's (ops/console/desk.cli.ts). */
export const SUPPORT_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'report-attach',
    usage: `report-attach <report_id> <file.csv>   (RECEIVED, downloadable by the artist; bell)`,
    run: async (app, [id, file]) => {
      if (!file) throw new Error('report-attach <report_id> <file.csv>');
      // Every row must carry one of the artist's codes; audited (docs/decisions/019-money-engine.md).
      const report = await app.get(ReportsFromLedger).attachFile(positiveId(id, 'report-attach <report_id> <file.csv>'), file, CLI_ACTOR);
      return `report ${report.report_id} received (${report.rows} rows)`;
    },
  },
  {
    name: 'ledger',
    usage: 'ledger <email>   (every ledger entry of a user and the balance, USD)',
    run: async (app, [email]) => {
      const user = await app.get(UsersService).findByEmail(email ?? '');
      if (!user) throw new Error('ledger <email>');
      const ledger = app.get(LedgerService);
      const lines = (await ledger.entries(user.id)).map((e) => `${e.created_at.toISOString()}  ${e.kind.padEnd(16)} ${centsToUsd(e.amount_cents).padStart(12)}  ${e.note}`);
      return [...lines, `balance ${centsToUsd(await ledger.balanceCents(user.id))} USD`].join('\n');
    },
  },
  {
    name: 'purge-ticket-uploads',
    usage: 'purge-ticket-uploads [hours=24]   (delete attachments never sent with a ticket)',
    run: async (app, [hours = '24']) => {
      const h = Number(hours);
      if (!Number.isFinite(h) || h < 1) throw new Error('purge-ticket-uploads [hours ≥ 1]');
      return `${await app.get(AttachmentsService).purgeUnbound(h)} unsent attachment(s) deleted`;
    },
  },
];
