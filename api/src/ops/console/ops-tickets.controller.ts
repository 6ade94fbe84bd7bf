import { OPS_ENDPOINTS as E, OPS_MESSAGES as M, pageOffset } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsDeskService } from './ops-desk.service';
import type { Q, B } from './ops-request';

/** Support desk (docs/decisions/008): open tickets, reply as Support Team, close. */
@StaffController('support')
export class OpsTicketsController {
  constructor(
    private readonly desk: OpsDeskService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.openTickets)
  async list(@ValidQuery(E.openTickets) q: Q<'openTickets'>) {
    const { rows, total } = await this.desk.openTickets(q.limit, pageOffset(q));
    return ok(M.tickets, { body: rows, total });
  }

  @Endpoint(E.replyTicket)
  async reply(@ValidBody(E.replyTicket) b: B<'replyTicket'>, @CurrentUser() user: AuthUser) {
    return ok(M.ticketReplied, { body: await this.desk.reply(b.ticket_id, b.text, await this.staff.actor(user)) });
  }

  @Endpoint(E.closeTicket)
  async close(@ValidBody(E.closeTicket) b: B<'closeTicket'>, @CurrentUser() user: AuthUser) {
    return ok(M.ticketClosed, { body: await this.desk.close(b.ticket_id, await this.staff.actor(user)) });
  }
}
