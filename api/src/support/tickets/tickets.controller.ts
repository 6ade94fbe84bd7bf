import { Controller, Param, Req, Res } from '@nestjs/common';
import type { Response } from 'express';
import { SUPPORT_ENDPOINTS as E, SUPPORT_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { bearerToken } from '../../auth/auth.guard';
import { SessionService } from '../../auth/session.service';
import { CurrentUser } from '../../common/auth.decorators';
import { DomainError } from '../../common/domain-error';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { sendNamed } from '../../common/http/send-file';
import { ATTACHMENT_LINK_SCOPE, AttachmentsService } from './attachments.service';
import { TicketsService } from './tickets.service';

/** Tickets and their attachments (areas §2 "Tickets list", "Ticket detail", §5, §7). Per user only. */
@Controller()
export class TicketsController {
  constructor(
    private readonly tickets: TicketsService,
    private readonly attachments: AttachmentsService,
    private readonly sessions: SessionService,
  ) {}

  /** POST /api/uploadTicketAttachment (multipart `attachement`) → body `{ filename, name, size, mime }`. Errors: 400, 413, 415. */
  @Endpoint(E.uploadTicketAttachment)
  async upload(@CurrentUser() user: AuthUser, @Req() req: PortalRequest) {
    return ok(M.attachmentUploaded, { body: await this.attachments.receive(user.id, req) });
  }

  /** POST /api/createTicket `{ reason, reply, attachement }` → body TicketRow. Errors: 400. */
  @Endpoint(E.createTicket)
  async create(@CurrentUser() user: AuthUser, @ValidBody(E.createTicket) dto: EndpointRequest<typeof E.createTicket>) {
    return ok(M.ticketCreated, { body: await this.tickets.create(user.id, dto) });
  }

  /** GET /api/getTicketListForUser?status&limit&offset|page → body TicketRow[], total. */
  @Endpoint(E.getTicketListForUser)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getTicketListForUser) q: EndpointRequest<typeof E.getTicketListForUser>) {
    const { rows, total } = await this.tickets.list(user.id, q);
    return ok(M.ticketList, { body: rows, total });
  }

  /** GET /api/getTicketById?ticket_id → body TicketDetail. Errors: 404. */
  @Endpoint(E.getTicketById)
  async byId(@CurrentUser() user: AuthUser, @ValidQuery(E.getTicketById) q: EndpointRequest<typeof E.getTicketById>) {
    return ok(M.ticketLoaded, { body: await this.tickets.detail(user.id, q.ticket_id) });
  }

  /** POST /api/replyTicket `{ ticket_id, reply, attachement }` → body TicketDetail. Errors: 400, 404, 409. */
  @Endpoint(E.replyTicket)
  async reply(@CurrentUser() user: AuthUser, @ValidBody(E.replyTicket) dto: EndpointRequest<typeof E.replyTicket>) {
    return ok(M.replySent, { body: await this.tickets.reply(user.id, dto) });
  }

  /**
   * GET /api/files/ticket/:filename → the bytes, for the owner's token in Authorization or through the
   * attachment's signed `url` (docs/decisions/026: never the login token in a URL). Errors: 401 status 0, 404.
   */
  @Endpoint(E.ticketAttachmentFile)
  async file(@Param('filename') filename: string, @Req() req: PortalRequest, @Res() res: Response, @ValidQuery(E.ticketAttachmentFile) q: EndpointRequest<typeof E.ticketAttachmentFile>) {
    if (q.sig !== undefined || q.expires !== undefined) {
      if (!this.attachments.links.verify(ATTACHMENT_LINK_SCOPE, filename, q.expires, q.sig)) throw DomainError.notFound(M.attachmentNotFound);
      await sendNamed(res, await this.attachments.open(null, filename));
      return;
    }
    const user = await this.sessions.authenticate(bearerToken(req), 'login');
    await sendNamed(res, await this.attachments.open(user.id, filename));
  }
}
