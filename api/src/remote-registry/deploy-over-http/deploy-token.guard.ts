import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { DomainError } from '../../common/domain-error';
import type { RemoteDeployTokenEntity } from '../remote-registry.entities';
import { remoteName } from '../remote-registry.service';
import { DeployTokensService } from './deploy-tokens.service';

/** The request of a route behind DeployTokenGuard: the verified token. */
export type DeployTokenRequest = Request & { deployToken?: RemoteDeployTokenEntity };

/**
 * Guard of the CI routes `/api/ops/remotes/:remote/*` (docs/decisions/021): `Authorization: Bearer
 * <deploy token>`; 401 without a live token, 403 when the token is scoped to another remote than `:remote`.
 */
@Injectable()
export class DeployTokenGuard implements CanActivate {
  constructor(private readonly tokens: DeployTokensService) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const req = ctx.switchToHttp().getRequest<DeployTokenRequest>();
    const header = req.headers.authorization ?? '';
    const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1];
    const row = token ? await this.tokens.verify(token) : null;
    if (!row) throw new DomainError(401, 'This needs a valid deploy token (Authorization: Bearer <token>).', { code: 'deploy_token_required' });
    const remote = remoteName(String(req.params.remote ?? ''));
    if (row.remote !== remote) throw new DomainError(403, `This deploy token is for ${row.remote}, not ${remote}.`, { code: 'deploy_token_scope' });
    req.deployToken = row;
    return true;
  }
}
