import { Req } from '@nestjs/common';
import { fillMessage, pageOffset, ROYALTY_ENDPOINTS as E, ROYALTY_MESSAGES as M, STAFF_DESK_ENDPOINTS as SD, STAFF_DESK_MESSAGES, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok, okList } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser, PortalRequest } from '../../common/request-context';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { StatementImportsService } from '../import/statement-imports.service';
import { UnmatchedService } from '../matching/unmatched.service';
import { ReportsFromLedger } from '../earnings/reports-from-ledger.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/**
 * The statements desk of the console (docs/decisions/019-money-engine.md): finance (or admin) whose
 * session passed TOTP. Upload, preview, start, discard, progress, rollback, confirm, unmatched rows and their
 * linking, report fulfilment from the ledger. Every action is audited by the services.
 */
@StaffController('finance')
export class StatementsDeskController {
  constructor(
    private readonly imports: StatementImportsService,
    private readonly unmatched: UnmatchedService,
    private readonly reports: ReportsFromLedger,
    private readonly staff: StaffService,
  ) {}

  /** POST ops/statements/upload (multipart `file`) → StatementUpload. Errors: 400, 409, 413. */
  @Endpoint(E.statementUpload)
  async upload(@Req() req: PortalRequest, @CurrentUser() user: AuthUser) {
    return ok(M.uploaded, { body: await this.imports.upload(req, await this.staff.actor(user)) });
  }

  /** POST ops/statements/start → StatementImportRow (queued). Errors: 400, 404, 409. */
  @Endpoint(E.statementStart)
  async start(@ValidBody(E.statementStart) b: R<'statementStart'>, @CurrentUser() user: AuthUser) {
    const row = await this.imports.start(b as Parameters<StatementImportsService['start']>[0], await this.staff.actor(user));
    return ok(fillMessage(M.started, { id: row.import_id }), { body: row });
  }

  /** GET ops/statements?status&limit&page → StatementImportRow[], total. */
  @Endpoint(E.statementImports)
  async list(@ValidQuery(E.statementImports) q: R<'statementImports'>) {
    const { rows, total } = await this.imports.list(q.status, q.limit, pageOffset(q));
    return ok(M.imports, { body: rows, total });
  }

  /** GET ops/statements/detail?import_id → StatementImportRow. Errors: 404. */
  @Endpoint(E.statementImport)
  async detail(@ValidQuery(E.statementImport) q: R<'statementImport'>) {
    return ok(M.imports, { body: await this.imports.detail(q.import_id) });
  }

  /** POST ops/statements/rollback → StatementImportRow. Errors: 404, 409. */
  @Endpoint(E.statementRollback)
  async rollback(@ValidBody(E.statementRollback) b: R<'statementRollback'>, @CurrentUser() user: AuthUser) {
    return ok(fillMessage(M.rolledBack, { id: b.import_id }), { body: await this.imports.rollback(b.import_id, await this.staff.actor(user)) });
  }

  /** POST ops/statements/discard → StatementImportRow (discarded). Errors: 404, 409. */
  @Endpoint(E.statementDiscard)
  async discard(@ValidBody(E.statementDiscard) b: R<'statementDiscard'>, @CurrentUser() user: AuthUser) {
    return ok(fillMessage(M.discarded, { id: b.import_id }), { body: await this.imports.discard(b.import_id, await this.staff.actor(user)) });
  }

  /** POST ops/statements/confirm → StatementImportRow. Errors: 404, 409. */
  @Endpoint(E.statementConfirm)
  async confirm(@ValidBody(E.statementConfirm) b: R<'statementConfirm'>, @CurrentUser() user: AuthUser) {
    return ok(fillMessage(M.confirmed, { id: b.import_id }), { body: await this.imports.confirm(b.import_id, await this.staff.actor(user)) });
  }

  /** GET ops/statements/presets → StatementPreset[]. */
  @Endpoint(E.statementPresets)
  async presets() {
    return okList(M.presets, await this.imports.presets());
  }

  /** GET ops/statements/unmatched?import_id&limit&page → UnmatchedCodeRow[], total. */
  @Endpoint(E.unmatchedCodes)
  async unmatchedList(@ValidQuery(E.unmatchedCodes) q: R<'unmatchedCodes'>) {
    const { rows, total } = await this.unmatched.list(q.import_id, q.limit, pageOffset(q));
    return ok(M.unmatched, { body: rows, total });
  }

  /** POST ops/statements/link { code_kind, code, track_id } → { rows, amount_micros }. Errors: 400, 404. */
  @Endpoint(E.linkUnmatched)
  async link(@ValidBody(E.linkUnmatched) b: R<'linkUnmatched'>, @CurrentUser() user: AuthUser) {
    const r = await this.unmatched.link(b.code_kind as 'isrc' | 'upc', b.code, b.track_id, await this.staff.actor(user));
    return ok(UnmatchedService.message(r), { body: r });
  }

  /** GET ops/reports/queue?limit&page → ReportQueueRow[] (pending, oldest first), total (issue 38 item 10). */
  @Endpoint(SD.reportQueue)
  async reportQueue(@ValidQuery(SD.reportQueue) q: EndpointRequest<typeof SD.reportQueue>) {
    const { rows, total } = await this.reports.queue(q.limit, pageOffset(q));
    return ok(STAFF_DESK_MESSAGES.reportQueue, { body: rows, total });
  }

  /** GET ops/reports/preview?report_id → ReportPreview (the first rows the report would hold). Errors: 404, 409. */
  @Endpoint(SD.reportPreview)
  async reportPreview(@ValidQuery(SD.reportPreview) q: EndpointRequest<typeof SD.reportPreview>) {
    return ok(STAFF_DESK_MESSAGES.reportPreview, { body: await this.reports.preview(q.report_id) });
  }

  /** POST ops/reports/fulfil { report_id } → { report_id, rows }. Errors: 404, 409. */
  @Endpoint(E.fulfilReport)
  async fulfil(@ValidBody(E.fulfilReport) b: R<'fulfilReport'>, @CurrentUser() user: AuthUser) {
    const r = await this.reports.fulfil(b.report_id, await this.staff.actor(user));
    return ok(fillMessage(M.reportFulfilled, { id: r.report_id, rows: r.rows }), { body: r });
  }
}
