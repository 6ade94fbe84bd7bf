import { Controller, Logger, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { REMOTE_BEACON_TEXT, REMOTE_REGISTRY_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import { AuditService } from '../../audit/audit.service';
import { StaffService } from '../../staff/staff.service';
import { RemoteAdminController } from '../ops-access.policy';
import { RemoteCanaryService } from './canary.service';
import { RemoteLoadReportsService } from './load-reports.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** Canaries and staff pins in the operations console (docs/decisions/021); admins only, each action audited. */
@RemoteAdminController()
export class RemoteCanaryController {
  constructor(
    private readonly canary: RemoteCanaryService,
    private readonly staff: StaffService,
    private readonly audit: AuditService,
  ) {}

  /** POST /api/ops/remotes/canary `{ remote, version, percent, force? }` → body: RemoteCanaryResult. Audit `remote.canary`. */
  @Endpoint(E.startRemoteCanary)
  async start(@ValidBody(E.startRemoteCanary) body: R<'startRemoteCanary'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const r = await this.canary.start(body.remote, body.version, body.percent, actor.email, body.force);
    await this.audit.record(actor, 'remote.canary', 'remote', r.remote, { live: r.live }, { canary: r.canary, percent: r.percent });
    return ok(`${r.remote} ${r.canary} is served to ${r.percent} % of browsers.`, { body: r });
  }

  /** POST /api/ops/remotes/canary/stop `{ remote }` → body: RemoteCanaryResult (no canary). Audit `remote.canary.stop`. */
  @Endpoint(E.stopRemoteCanary)
  async stop(@ValidBody(E.stopRemoteCanary) body: R<'stopRemoteCanary'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const r = await this.canary.stop(body.remote, actor.email);
    await this.audit.record(actor, 'remote.canary.stop', 'remote', r.remote, null, { live: r.live });
    return ok(`${r.remote}: canary stopped.`, { body: r });
  }

  /** POST /api/ops/remotes/canary/promote `{ remote }` → body: RemoteRollbackResult. Audit `remote.canary.promote`. */
  @Endpoint(E.promoteRemoteCanary)
  async promote(@ValidBody(E.promoteRemoteCanary) body: R<'promoteRemoteCanary'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const r = await this.canary.promote(body.remote, actor.email);
    await this.audit.record(actor, 'remote.canary.promote', 'remote', r.remote, { version: r.from }, { version: r.to });
    return ok(`${r.remote} ${r.to} is live for everyone.`, { body: { remote: r.remote, from: r.from, to: r.to, manifest_url: r.manifest_url } });
  }

  /** POST /api/ops/remotes/pin `{ remote, version | null }` → sets this browser's signed pin cookie. Audit `remote.pin`. */
  @Endpoint(E.pinRemoteVersion)
  async pin(@ValidBody(E.pinRemoteVersion) body: R<'pinRemoteVersion'>, @CurrentUser() user: AuthUser, @Req() req: Request, @Res({ passthrough: true }) res: Response) {
    const actor = await this.staff.actor(user);
    res.setHeader('Set-Cookie', await this.canary.pinCookie(req.headers.cookie, body.remote, body.version ?? null, req.secure));
    await this.audit.record(actor, 'remote.pin', 'remote', body.remote, null, { version: body.version ?? null });
    return ok(body.version ? `This browser now loads ${body.remote} ${body.version}.` : `This browser loads ${body.remote}'s live version again.`, { body: { remote: body.remote, version: body.version ?? null } });
  }
}

/**
 * The shell's beacon (docs/decisions/021, 029): public, no personal data. A report counts only with the
 * load token `/remotes.json` issued for its remote, version and browser; every well-formed report gets
 * the same answer, so a forger learns nothing from it.
 */
@Controller()
export class RemoteBeaconController {
  private readonly logger = new Logger(RemoteBeaconController.name);

  constructor(private readonly reports: RemoteLoadReportsService) {}

  /** POST /api/remotes/beacon `{ remote, version, outcome, token? }` → 200 REMOTE_BEACON_TEXT.received, always (400 only for a malformed body). */
  @Endpoint(E.reportRemoteLoad)
  async report(@ValidBody(E.reportRemoteLoad) body: R<'reportRemoteLoad'>) {
    const r = await this.reports.record(body.remote, body.version, body.outcome, body.token);
    if (r.rolledBack) this.logger.warn({ msg: 'beacon report triggered an automatic rollback', remote: body.remote, version: body.version });
    return ok(REMOTE_BEACON_TEXT.received);
  }
}
