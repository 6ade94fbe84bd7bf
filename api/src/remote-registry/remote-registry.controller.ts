import { REMOTE_REGISTRY_ENDPOINTS as E, type RemoteActivationRow, type RemoteRollbackResult, type RemoteVersionRow, type EndpointRequest } from '@portal/contracts';
import { ok, okList } from '../common/envelope';
import { CurrentUser } from '../common/auth.decorators';
import type { AuthUser } from '../common/request-context';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../common/http/validation.pipe';
import { RemoteAdminController } from './ops-access.policy';
import { RemoteRegistryService } from './remote-registry.service';
import { AuditService } from '../audit/audit.service';
import { StaffService } from '../staff/staff.service';
import { DeployTokensService } from './deploy-over-http/deploy-tokens.service';
import { RemoteLoadReportsService } from './canary/load-reports.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** Remote versions in the operations console (docs/decisions/007): list, audit, rollback; admins only. */
@RemoteAdminController()
export class RemoteRegistryController {
  constructor(
    private readonly registry: RemoteRegistryService,
    private readonly staff: StaffService,
    private readonly audit: AuditService,
    private readonly tokens: DeployTokensService,
    private readonly reports: RemoteLoadReportsService,
  ) {}

  /** GET /api/ops/remotes[?remote=] → body: RemoteVersionRow[] newest first, total. */
  @Endpoint(E.listRemoteVersions)
  async versions(@ValidQuery(E.listRemoteVersions) query: R<'listRemoteVersions'>) {
    const counts = await this.reports.windowCounts();
    const rows: RemoteVersionRow[] = (await this.registry.list(query.remote)).map((v) => ({
      ...v,
      reports: counts.get(`${v.remote}/${v.version}`) ?? { loads: 0, failures: 0 },
      deployed_at: new Date(v.deployed_at).toISOString(),
      activated_at: v.activated_at ? new Date(v.activated_at).toISOString() : null,
      last_live_at: v.last_live_at ? new Date(v.last_live_at).toISOString() : null,
      bad: v.bad ? { ...v.bad, at: new Date(v.bad.at).toISOString() } : null,
    }));
    return okList('Remote versions.', rows);
  }

  /** GET /api/ops/remotes/activations[?remote=] → body: the newest 50 audit rows, total. */
  @Endpoint(E.listRemoteActivations)
  async activations(@ValidQuery(E.listRemoteActivations) query: R<'listRemoteActivations'>) {
    const rows: RemoteActivationRow[] = (await this.registry.activations(query.remote)).map((a) => ({
      remote: a.remote,
      action: a.action,
      from_version: a.from_version,
      to_version: a.to_version,
      outcome: a.outcome,
      reason: a.reason,
      actor: a.actor,
      created_at: new Date(a.created_at).toISOString(),
    }));
    return okList('Remote activations.', rows);
  }

  /**
   * POST /api/ops/remotes/rollback `{ remote, to? }` → body: RemoteRollbackResult. Every attempt is in the
   * activation audit as the caller's e-mail; a done one is also a `remote.rollback` row of the console audit.
   */
  @Endpoint(E.rollbackRemote)
  async rollback(@ValidBody(E.rollbackRemote) body: R<'rollbackRemote'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const r = await this.registry.rollback(body.remote, actor.email, { to: body.to, force: body.force });
    await this.audit.record(actor, 'remote.rollback', 'remote', r.remote, { version: r.from }, { version: r.to, manifest_url: r.manifest_url });
    const result: RemoteRollbackResult = { remote: r.remote, from: r.from, to: r.to, manifest_url: r.manifest_url };
    return ok(`${r.remote} rolled back to ${r.to}.`, { body: result });
  }

  /**
   * POST /api/ops/remotes/mark-bad `{ remote, version, reason }` → body `{ remote, version, live }`: rollback
   * skips the version and activations refuse it unless forced (docs/decisions/021). In the activation audit
   * and the console's audit (`remote.mark-bad`). 404 unknown version.
   */
  @Endpoint(E.markRemoteVersionBad)
  async markBad(@ValidBody(E.markRemoteVersionBad) body: R<'markRemoteVersionBad'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const r = await this.registry.markBad(body.remote, body.version, body.reason, actor.email);
    await this.audit.record(actor, 'remote.mark-bad', 'remote', r.remote, null, { version: r.version, reason: body.reason });
    return ok(`${r.remote} ${r.version} marked bad.`, { body: r });
  }

  /** GET /api/ops/remotes/tokens → body: RemoteDeployTokenRow[] newest first (never a token), total. */
  @Endpoint(E.listRemoteDeployTokens)
  async listTokens() {
    return okList('Deploy tokens.', await this.tokens.list());
  }

  /**
   * POST /api/ops/remotes/tokens/create `{ remote, name }` → body: RemoteDeployTokenCreated, the token shown this
   * once (docs/decisions/021). Console audit `remote.token.create` (without the token).
   */
  @Endpoint(E.createRemoteDeployToken)
  async createToken(@ValidBody(E.createRemoteDeployToken) body: R<'createRemoteDeployToken'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const created = await this.tokens.create(body.remote, body.name, actor.email);
    await this.audit.record(actor, 'remote.token.create', 'remote_deploy_token', created.id, null, { remote: created.remote, name: created.name });
    return ok(`Deploy token "${created.name}" for ${created.remote} created: copy it now, it is not shown again.`, { body: created });
  }

  /** POST /api/ops/remotes/tokens/revoke `{ id }` → body: the revoked RemoteDeployTokenRow; 404 unknown. Console audit `remote.token.revoke`. */
  @Endpoint(E.revokeRemoteDeployToken)
  async revokeToken(@ValidBody(E.revokeRemoteDeployToken) body: R<'revokeRemoteDeployToken'>, @CurrentUser() user: AuthUser) {
    const actor = await this.staff.actor(user);
    const row = await this.tokens.revoke(body.id);
    await this.audit.record(actor, 'remote.token.revoke', 'remote_deploy_token', row.id, { revoked_at: null }, { revoked_at: row.revoked_at, remote: row.remote, name: row.name });
    return ok(`Deploy token "${row.name}" revoked.`, { body: row });
  }
}
