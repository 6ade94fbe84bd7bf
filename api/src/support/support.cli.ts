import { Command } from 'nest-commander';
import { centsToUsd, usdToCents } from '@portal/contracts';
import { AuditService, CLI_ACTOR } from '../audit/audit.service';
import { OperatorCommand } from '../common/cli/operator-command';
import { UsersService } from '../users/users.service';
import { LedgerService } from './money/ledger.service';
import { AttachmentsService } from './tickets/attachments.service';

const REVENUE_USAGE = 'revenue <email> <usd, e.g. 250 or 99.50> [usd-to-inr rate] [note...]';

/**
 * `revenue <email> <usd> [usd-to-inr rate] [note...]`: add a royalty credit to a user's ledger (the
 * balance is the ledger sum: this adds an entry, never sets a number). `usd` is text with at most two
 * decimals, turned into cents without floating-point arithmetic; the rate, when given, becomes the user's
 * conversion rate. Audited as actor `cli` (`revenue.credit`, `user.conversion_rate`, docs/decisions/008).
 * Prints `<email> credited <usd> USD; balance <usd> USD[ rate=<rate>]`.
 */
@Command({
  name: 'revenue',
  arguments: '<email> <usd> [rate] [note...]',
  description: 'adds a ledger credit (the balance is the ledger sum); rate: the usd-to-inr rate of the user',
})
export class RevenueCommand extends OperatorCommand {
  constructor(
    private readonly users: UsersService,
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {
    super();
  }

  async answer([email, usd, rate, ...note]: string[]): Promise<string> {
    if (rate && !(Number.isFinite(Number(rate)) && Number(rate) > 0)) throw new Error('the usd-to-inr rate must be a positive number');
    const credited = await this.credit(email, usd, note.join(' '));
    if (rate) {
      const user = (await this.users.findByEmail(email ?? ''))!;
      await this.users.update(user.id, { conversion_rate: Number(rate) });
      await this.audit.record(CLI_ACTOR, 'user.conversion_rate', 'user', user.id, { conversion_rate: user.conversion_rate }, { conversion_rate: Number(rate) });
    }
    return `${credited}${rate ? ` rate=${rate}` : ''}`;
  }

  /** The credit of `revenue` without a rate: answers `<email> credited <usd> USD; balance <usd> USD`; throws the usage line on a bad user or amount. */
  async credit(email: string | undefined, usd: string | undefined, note: string): Promise<string> {
    const user = await this.users.findByEmail(email ?? '');
    const cents = usdToCents(usd ?? '');
    if (!user || cents === null || cents <= 0) throw new Error(REVENUE_USAGE);
    const balance = await this.ledger.credit(user.id, cents, note || 'Royalty credit');
    await this.audit.record(CLI_ACTOR, 'revenue.credit', 'user', user.id, { balance_usd: centsToUsd(balance - cents) }, { credited_usd: centsToUsd(cents), note: note || 'Royalty credit', balance_usd: centsToUsd(balance) });
    return `${user.email} credited ${centsToUsd(cents)} USD; balance ${centsToUsd(balance)} USD`;
  }
}

/** `ledger <email>`: every ledger entry of a user (date, kind, USD, note), then `balance <usd> USD`. */
@Command({ name: 'ledger', arguments: '<email>', description: 'every ledger entry of a user and the balance, USD' })
export class LedgerCommand extends OperatorCommand {
  constructor(
    private readonly users: UsersService,
    private readonly ledger: LedgerService,
  ) {
    super();
  }

  async answer([email]: string[]): Promise<string> {
    const user = await this.users.findByEmail(email ?? '');
    if (!user) throw new Error('ledger <email>');
    const lines = (await this.ledger.entries(user.id)).map((e) => `${e.created_at.toISOString()}  ${e.kind.padEnd(16)} ${centsToUsd(e.amount_cents).padStart(12)}  ${e.note}`);
    return [...lines, `balance ${centsToUsd(await this.ledger.balanceCents(user.id))} USD`].join('\n');
  }
}

/** `purge-ticket-uploads [hours=24]`: delete ticket attachments uploaded that long ago and never sent with a ticket; prints the count. */
@Command({ name: 'purge-ticket-uploads', arguments: '[hours]', description: 'delete attachments never sent with a ticket, older than hours (default 24, at least 1)' })
export class PurgeTicketUploadsCommand extends OperatorCommand {
  constructor(private readonly attachments: AttachmentsService) {
    super();
  }

  async answer([hours = '24']: string[]): Promise<string> {
    const h = Number(hours);
    if (!Number.isFinite(h) || h < 1) throw new Error('purge-ticket-uploads [hours ≥ 1]');
    return `${await this.attachments.purgeUnbound(h)} unsent attachment(s) deleted`;
  }
}

/**
 * Operator commands of the support area (README "Operator commands"), providers of SupportModule; the
 * ticket and payout outcomes are the console's (ops/console/desk.cli.ts), `report-attach` is the
 * royalties module's (royalties.cli.ts, decision 033).
 */
export const SUPPORT_COMMANDS = [RevenueCommand, LedgerCommand, PurgeTicketUploadsCommand];
