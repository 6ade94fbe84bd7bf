import { Command } from 'nest-commander';
import { centsToUsd } from '@portal/contracts';
import { OperatorCommand } from '../../common/cli/operator-command';
import { CLI_ACTOR } from '../../audit/audit.service';
import { OpsDeskService } from './ops-desk.service';

const positiveId = (raw: string | undefined, usage: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(usage);
  return n;
};

/*
 * Operator commands of the desks (README "Operator commands"): ticket replies and closing, payouts paid
 * or rejected. They go through the console's desk service, so the same rules apply and each writes an
 * audit row (actor `cli`, docs/decisions/008, 023).
 */

/** `ticket-reply <ticket_id> "<text>"`: reply as Support Team (bell + e-mail to the artist); prints `replied to ticket <id>`. */
@Command({ name: 'ticket-reply', arguments: '<ticket_id> <text...>', description: 'reply as Support Team: bell + e-mail to the artist' })
export class TicketReplyCommand extends OperatorCommand {
  constructor(private readonly desk: OpsDeskService) {
    super();
  }

  async answer([id, ...text]: string[]): Promise<string> {
    const ticket = await this.desk.reply(positiveId(id, 'ticket-reply <ticket_id> "<text>"'), text.join(' '), CLI_ACTOR);
    return `replied to ticket ${ticket.ticket_id}`;
  }
}

/** `ticket-close <ticket_id>`: mark DONE (no more replies; bell); prints `ticket <id> is done`. */
@Command({ name: 'ticket-close', arguments: '<ticket_id>', description: 'mark DONE: no more replies; bell' })
export class TicketCloseCommand extends OperatorCommand {
  constructor(private readonly desk: OpsDeskService) {
    super();
  }

  async answer([id]: string[]): Promise<string> {
    const ticket = await this.desk.close(positiveId(id, 'ticket-close <ticket_id>'), CLI_ACTOR);
    return `ticket ${ticket.ticket_id} is done`;
  }
}

/** `payout-paid <payout_id> <payment reference>`: the payout is paid (bell); prints `payout <id> paid (<reference>)`. */
@Command({ name: 'payout-paid', arguments: '<payout_id> <reference...>', description: 'the payout is paid, with its payment reference; bell' })
export class PayoutPaidCommand extends OperatorCommand {
  constructor(private readonly desk: OpsDeskService) {
    super();
  }

  async answer([id, ...ref]: string[]): Promise<string> {
    const { row: payout } = await this.desk.paid(positiveId(id, 'payout-paid <payout_id> <reference>'), ref.join(' '), CLI_ACTOR);
    return `payout ${payout.payout_id} paid (${payout.reference})`;
  }
}

/** `payout-reject <payout_id> "<reason>"`: credit the amount back (bell); prints `payout <id> rejected; <usd> USD credited back`. */
@Command({ name: 'payout-reject', arguments: '<payout_id> <reason...>', description: 'reject the payout: credits the amount back; bell' })
export class PayoutRejectCommand extends OperatorCommand {
  constructor(private readonly desk: OpsDeskService) {
    super();
  }

  async answer([id, ...reason]: string[]): Promise<string> {
    const { row: payout } = await this.desk.reject(positiveId(id, 'payout-reject <payout_id> "<reason>"'), reason.join(' '), CLI_ACTOR);
    return `payout ${payout.payout_id} rejected; ${centsToUsd(payout.amount_cents)} USD credited back`;
  }
}

export const OPS_DESK_COMMANDS = [TicketReplyCommand, TicketCloseCommand, PayoutPaidCommand, PayoutRejectCommand];
