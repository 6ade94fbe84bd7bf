import { Controller, Req, Res } from '@nestjs/common';
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
import { REPORT_LINK_SCOPE, ReportsService } from './reports.service';

/** Report requests and received report files (areas §2 "Reports", §5, §7 "report list, request report"). */
@Controller()
export class ReportsController {
  constructor(
    private readonly reports: ReportsService,
    private readonly sessions: SessionService,
  ) {}

  /** POST /api/requestReport `{ store, start_date, end_date }` (epoch ms) → body ReportRow. Errors: 400. */
  @Endpoint(E.requestReport)
  async request(@CurrentUser() user: AuthUser, @ValidBody(E.requestReport) dto: EndpointRequest<typeof E.requestReport>) {
    return ok(M.reportRequested, { body: await this.reports.request(user.id, dto) });
  }

  /** GET /api/getRequestedReports?limit&offset|page → body ReportRow[], total. */
  @Endpoint(E.getRequestedReports)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getRequestedReports) q: EndpointRequest<typeof E.getRequestedReports>) {
    const { rows, total } = await this.reports.list(user.id, q);
    return ok(M.reportList, { body: rows, total });
  }

  /**
   * GET /api/downloadReport?report_id → the CSV, for the owner's token in Authorization or through the
   * row's signed `download_url` (docs/decisions/026: never the login token in a URL). Errors: 401 status 0, 404, 409.
   */
  @Endpoint(E.downloadReport)
  async download(@ValidQuery(E.downloadReport) q: EndpointRequest<typeof E.downloadReport>, @Req() req: PortalRequest, @Res() res: Response) {
    if (q.sig !== undefined || q.expires !== undefined) {
      if (!this.reports.links.verify(REPORT_LINK_SCOPE, String(q.report_id), q.expires, q.sig)) throw DomainError.notFound(M.reportNotFound);
      await sendNamed(res, await this.reports.open(null, q.report_id));
      return;
    }
    const user = await this.sessions.authenticate(bearerToken(req), 'login');
    await sendNamed(res, await this.reports.open(user.id, q.report_id));
  }
}
