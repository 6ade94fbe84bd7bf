import { Controller } from '@nestjs/common';
import { AUTH_ENDPOINTS as E } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import type { AuthUser } from '../common/request-context';
import { UsersService } from './users.service';

/** The caller's own account (core §7 getUserDetails, checkUserRevokeStatus). */
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  /** GET /api/getUserDetails → body `{ user_id, name, email, phone, address, revenue (USD), conversionRate }`. */
  @Endpoint(E.getUserDetails)
  async details(@CurrentUser() user: AuthUser) {
    return ok('User details.', { body: await this.users.details(user.id) });
  }

  /** GET /api/checkUserRevokeStatus → top-level `revoked: 0 | 1` (core §3, §6). */
  @Endpoint(E.checkUserRevokeStatus)
  async revoked(@CurrentUser() user: AuthUser) {
    const revoked = (await this.users.isRevoked(user.id)) ? 1 : 0;
    return ok('Revoke status.', { revoked, body: { revoked } });
  }
}
