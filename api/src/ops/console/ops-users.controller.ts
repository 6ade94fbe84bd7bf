import { OPS_ENDPOINTS as E, OPS_MESSAGES as M, pageOffset } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { StaffController, StaffOnly } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsConsoleService } from './ops-console.service';
import type { Q, B } from './ops-request';

/** Users (docs/decisions/008): support finds and opens users; revoking is the admin's. */
@StaffController('support')
export class OpsUsersController {
  constructor(
    private readonly console: OpsConsoleService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.searchUsers)
  async search(@ValidQuery(E.searchUsers) q: Q<'searchUsers'>) {
    const { rows, total } = await this.console.searchUsers(q.q, q.limit, pageOffset(q));
    return ok(M.users, { body: rows, total });
  }

  @Endpoint(E.userDetail)
  async detail(@ValidQuery(E.userDetail) q: Q<'userDetail'>) {
    return ok(M.user, { body: await this.console.userDetail(q.user_id) });
  }

  @Endpoint(E.setUserRevoked)
  @StaffOnly('admin')
  async revoke(@ValidBody(E.setUserRevoked) b: B<'setUserRevoked'>, @CurrentUser() user: AuthUser) {
    const row = await this.console.setRevoked(b.user_id, b.revoked, await this.staff.actor(user));
    return ok(b.revoked ? M.revoked : M.restored, { body: row });
  }
}
