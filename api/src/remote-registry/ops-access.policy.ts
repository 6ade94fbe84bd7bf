import { applyDecorators, CanActivate, Controller, ExecutionContext, Injectable, UseGuards } from '@nestjs/common';
import type { AuthUser, PortalRequest } from '../common/request-context';
import { DomainError } from '../common/domain-error';

/**
 * Who may use the remote-version endpoints of the operations console. RemoteRegistryModule provides
 * the staff policy of the operations console (docs/decisions/008: an admin whose session passed TOTP).
 */
export abstract class OpsAccessPolicy {
  /** True when `user` is an admin of the operations console. */
  abstract isAdmin(user: AuthUser): Promise<boolean>;
}

/** Message of the 403 answered to a caller who is not an admin of the operations console. */
export const OPS_ADMIN_REQUIRED = 'This needs an admin of the operations console.';

/** Route guard of `/api/ops/remotes*`: runs after the global AuthGuard (a login session is there), 403 unless admin. */
@Injectable()
export class OpsAdminGuard implements CanActivate {
  constructor(private readonly policy: OpsAccessPolicy) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const user = ctx.switchToHttp().getRequest<PortalRequest>().user;
    if (!user || !(await this.policy.isAdmin(user))) throw new DomainError(403, OPS_ADMIN_REQUIRED, { code: 'ops_admin_required' });
    return true;
  }
}

/** A controller of the console's remote-version endpoints: every route behind OpsAdminGuard (admins only). */
export const RemoteAdminController = (): ClassDecorator => applyDecorators(Controller(), UseGuards(OpsAdminGuard));
