import { Controller } from '@nestjs/common';
import { AUTH_ENDPOINTS as E, type RevokeStatus } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import type { AuthUser } from '../common/request-context';
import { UsersService } from './users.service';

/** The caller's revoke flag (core §7 checkUserRevokeStatus); getUserDetails, which adds the ledger balance, is the support module's. */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** GET /api/checkUserRevokeStatus → top-level `revoked: 0 | 1` (core §3, §6). */
  @Endpoint(E.checkUserRevokeStatus)
  async revoked(@CurrentUser() user: AuthUser) {
    const revoked = (await this.users.isRevoked(user.id)) ? 1 : 0;
    return ok<RevokeStatus>('Revoke status.', { revoked, body: { revoked } });
  }
}
