import { centsToUsd } from '@portal/contracts';
import type { CliCommand } from '../../common/cli-command';
import { CLI_ACTOR } from '../../audit/audit.service';
import { OpsDeskService } from './ops-desk.service';

const positiveId = (raw: string | undefined, usage: string): number => {
  const n = Number(raw);
  if (!Number.isInteger(n) || n <= 0) throw new Error(usage);
  return n;
};

/**
 * Operator commands of the desks (README "Operator commands"): ticket replies and closing, payouts paid
 * or rejected. They go through the console's desk service, so the same rules apply and each writes an
 * audit row (actor `cli`, docs/decisions/008, 023).
 */
export const OPS_DESK_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'ticket-reply',
    usage: 'ticket-reply <ticket_id> "<text>"   (reply as Support Team: bell + e-mail to the artist)',
    run: async (app, [id, ...text]) => {
      const ticketId = positiveId(id, 'ticket-reply <ticket_id> "<text>"');
      // Through the console's desk service: the same rules, and an audit row (docs/decisions/008).
      const ticket = await app.get(OpsDeskService).reply(ticketId, text.join(' '), CLI_ACTOR);
      return `replied to ticket ${ticket.ticket_id}`;
    },
  },
  {
    name: 'ticket-close',
    usage: 'ticket-close <ticket_id>   (mark DONE: no more replies; bell)',
    run: async (app, [id]) => {
      const ticket = await app.get(OpsDeskService).close(positiveId(id, 'ticket-close <ticket_id>'), CLI_ACTOR);
      return `ticket ${ticket.ticket_id} is done`;
    },
  },
  {
    name: 'payout-paid',
    usage: 'payout-paid <payout_id> <payment reference>   (bell)',
    run: async (app, [id, ...ref]) => {
      const { row: payout } = await app.get(OpsDeskService).paid(positiveId(id, 'payout-paid <payout_id> <reference>'), ref.join(' '), CLI_ACTOR);
      return `payout ${payout.payout_id} paid (${payout.reference})`;
    },
  },
  {
    name: 'payout-reject',
    usage: 'payout-reject <payout_id> "<reason>"   (credits the amount back; bell)',
    run: async (app, [id, ...reason]) => {
      const { row: payout } = await app.get(OpsDeskService).reject(positiveId(id, 'payout-reject <payout_id> "<reason>"'), reason.join(' '), CLI_ACTOR);
      return `payout ${payout.payout_id} rejected; ${centsToUsd(payout.amount_cents)} USD credited back`;
    },
  },
];
