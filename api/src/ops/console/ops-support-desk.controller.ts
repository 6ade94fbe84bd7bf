import { Req } from '@nestjs/common';
import {
  fillMessage,
  pageOffset,
  SUPPORT_DESK_ENDPOINTS as SD,
  SUPPORT_DESK_MESSAGES as M,
  type EndpointRequest,
  type SupportDeskAge,
  type SupportDeskAssigned,
  type SupportDeskStatus,
} from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok, okList } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsSupportDeskService } from './ops-support-desk.service';

type R<K extends keyof typeof SD> = EndpointRequest<(typeof SD)[K]>;

/**
 * Support desk (docs/decisions/023-staff-desks.md "Support desk"): the ticket queue with filters, a
 * ticket's thread and attachments, replies with attachments, close, assignment. Support staff (and
 * admins) whose session passed TOTP; every action audited.
 */
@StaffController('support')
export class OpsSupportDeskController {
  constructor(
    private readonly desk: OpsSupportDeskService,
    private readonly staff: StaffService,
  ) {}

  /** GET ops/support/tickets?status&reason&age&assigned&page&limit → body SupportDeskRow[], total. Errors: 400. */
  @Endpoint(SD.supportTickets)
  async list(@ValidQuery(SD.supportTickets) q: R<'supportTickets'>, @CurrentUser() user: AuthUser) {
    const filter = { status: q.status as SupportDeskStatus, reason: q.reason, age: q.age as SupportDeskAge, assigned: q.assigned as SupportDeskAssigned };
    const { rows, total } = await this.desk.list(filter, await this.staff.actor(user), q.limit, pageOffset(q));
    return ok(M.list, { body: rows, total });
  }

  /** GET ops/support/thread?ticket_id → body SupportDeskThread. Errors: 404. */
  @Endpoint(SD.supportThread)
  async thread(@ValidQuery(SD.supportThread) q: R<'supportThread'>) {
    return ok(M.thread, { body: await this.desk.thread(q.ticket_id) });
  }

  /** GET ops/support/members → body SupportMember[]. */
  @Endpoint(SD.supportMembers)
  async members() {
    return okList(M.members, await this.desk.members());
  }

  /** POST ops/support/attachment (multipart `attachement`) → body TicketAttachment. Errors: 400, 413, 415, 429. */
  @Endpoint(SD.supportUploadAttachment)
  async upload(@Req() req: PortalRequest, @CurrentUser() user: AuthUser) {
    return ok(M.uploaded, { body: await this.desk.upload(req, await this.staff.actor(user)) });
  }

  /** POST ops/support/reply `{ ticket_id, text, attachement }` → body SupportDeskThread. Errors: 400, 404, 409. */
  @Endpoint(SD.supportReply)
  async reply(@ValidBody(SD.supportReply) b: R<'supportReply'>, @CurrentUser() user: AuthUser) {
    const t = await this.desk.reply(b.ticket_id as number, b.text as string, (b.attachement ?? []) as string[], await this.staff.actor(user));
    return ok(fillMessage(M.replied, { id: t.ticket_id }), { body: t });
  }

  /** POST ops/support/close `{ ticket_id }` → body SupportDeskThread. Errors: 404. */
  @Endpoint(SD.supportClose)
  async close(@ValidBody(SD.supportClose) b: R<'supportClose'>, @CurrentUser() user: AuthUser) {
    const t = await this.desk.close(b.ticket_id, await this.staff.actor(user));
    return ok(fillMessage(M.closed, { id: t.ticket_id }), { body: t });
  }

  /** POST ops/support/assign `{ ticket_id, user_id | null }` → body SupportDeskThread. Errors: 400, 404. */
  @Endpoint(SD.supportAssign)
  async assign(@ValidBody(SD.supportAssign) b: R<'supportAssign'>, @CurrentUser() user: AuthUser) {
    const t = await this.desk.assign(b.ticket_id, b.user_id, await this.staff.actor(user));
    const message = t.assigned_to === null ? fillMessage(M.unassigned, { id: t.ticket_id }) : fillMessage(M.assigned, { id: t.ticket_id, email: t.assigned_email });
    return ok(message, { body: t });
  }
}
