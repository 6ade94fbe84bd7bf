import { Controller, Param, Req, UseGuards } from '@nestjs/common';
import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_REGISTRY_ENDPOINTS as E, type EndpointRequest, type RemoteDeployResult } from '@portal/contracts';
import { Inject } from '@nestjs/common';
import { REMOTE_DEPLOY_MESSAGES } from '@portal/contracts/server';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import { DomainError } from '../../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { remoteName, RemoteRegistryService, type ActivationResult } from '../remote-registry.service';
import { unpackBundle } from './bundle-upload';
import { DeployTokenGuard, type DeployTokenRequest } from './deploy-token.guard';


const GZIP = /^application\/(gzip|x-gzip|x-tar\+gzip)\b/i;
const TAR = /^application\/(x-tar|tar)\b/i;

/** The actor of an action by deploy token in every audit row: `deploy-token:<name>`. */
const actorOf = (req: DeployTokenRequest) => `deploy-token:${req.deployToken!.name}`.slice(0, 120);
const result = (r: ActivationResult): RemoteDeployResult => ({ remote: r.remote, from: r.from, to: r.to, manifest_url: r.manifest_url, pruned: r.pruned });

/**
 * Deploys from a team's own CI (docs/decisions/021): a tarball of a built remote, then activation and
 * rollback, each with a deploy token scoped to that one remote (DeployTokenGuard). The same registry
 * service as `npm run remote`; every action is in the activation audit as `deploy-token:<name>`.
 */
@Controller()
@UseGuards(DeployTokenGuard)
export class RemoteDeployController {
  constructor(
    private readonly registry: RemoteRegistryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * POST /api/ops/remotes/:remote/versions, body: tar or tar.gz of the remote's dist/ → body:
   * RemoteDeployResult with the tarball's sha256 and size. 415 other content types, 413 too large, 400 an
   * unsafe or unreadable tarball (nothing stored), then the deploy's own answers (409, 422, 503).
   */
  @Endpoint(E.deployRemoteVersion)
  async deploy(@Param('remote') remote: string, @Req() req: DeployTokenRequest) {
    // `?force=true` (the route's body is the tarball, so its one flag is read here: only the exact text `true` forces).
    const force = req.query.force;
    const name = remoteName(remote);
    const type = req.headers['content-type'] ?? '';
    if (!GZIP.test(type) && !TAR.test(type)) {
      req.resume();
      throw new DomainError(415, REMOTE_DEPLOY_MESSAGES.bundleType, { code: 'bad_bundle_type' });
    }
    // Claimed before the upload streams in: a second deploy of this remote meanwhile gets 409 at once, naming this one.
    let release: () => Promise<void>;
    try {
      release = await this.registry.claim(name, 'an upload', actorOf(req), 'deploy');
    } catch (error) {
      req.resume();
      throw error;
    }
    const uploads = join(this.config.dataDir, 'tmp', 'remote-uploads');
    mkdirSync(uploads, { recursive: true });
    const work = mkdtempSync(join(uploads, `${name}-`));
    try {
      const bundle = await unpackBundle(req, join(work, 'bundle'), { maxBytes: this.config.remoteStore.uploadMaxBytes, gzip: GZIP.test(type) });
      const r = await this.registry.deploy(bundle.dir, actorOf(req), { remote: name, force: force === 'true', claimed: true, label: REMOTE_DEPLOY_MESSAGES.uploadedBundle });
      const body: RemoteDeployResult = { ...result(r), sha256: bundle.sha256, bytes: bundle.bytes };
      return ok(r.unchanged ? `${r.remote} ${r.to} is already live; nothing changed.` : `${r.remote} ${r.to} deployed.`, { body });
    } finally {
      rmSync(work, { recursive: true, force: true });
      await release();
    }
  }

  /** POST /api/ops/remotes/:remote/rollback `{ to?, force? }` → body: RemoteDeployResult (as the console's rollback). */
  @Endpoint(E.rollbackRemoteByToken)
  async rollback(@Param('remote') remote: string, @ValidBody(E.rollbackRemoteByToken) body: EndpointRequest<typeof E.rollbackRemoteByToken>, @Req() req: DeployTokenRequest) {
    const r = await this.registry.rollback(remote, actorOf(req), { to: body.to, force: body.force });
    return ok(`${r.remote} rolled back to ${r.to}.`, { body: result(r) });
  }

  /** POST /api/ops/remotes/:remote/activate `{ version, force? }` → body: RemoteDeployResult. */
  @Endpoint(E.activateRemoteByToken)
  async activate(@Param('remote') remote: string, @ValidBody(E.activateRemoteByToken) body: EndpointRequest<typeof E.activateRemoteByToken>, @Req() req: DeployTokenRequest) {
    const r = await this.registry.rollback(remote, actorOf(req), { to: body.version, force: body.force, action: 'activate' });
    return ok(`${r.remote} ${r.to} is live.`, { body: result(r) });
  }
}
