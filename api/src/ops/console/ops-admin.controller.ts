import { OPS_ENDPOINTS as E, OPS_MESSAGES as M, pageOffset } from '@portal/contracts';
import { ok, okList } from '../../common/envelope';
import { CurrentUser } from '../../common/auth.decorators';
import type { AuthUser } from '../../common/request-context';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import { AuditService } from '../../audit/audit.service';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';
import { OpsConsoleService } from './ops-console.service';
import type { Q, B } from './ops-request';

/** Platform and audit (docs/decisions/008): admins only. */
@StaffController('admin')
export class OpsAdminController {
  constructor(
    private readonly console: OpsConsoleService,
    private readonly audit: AuditService,
    private readonly staff: StaffService,
  ) {}

  @Endpoint(E.platformStatus)
  async platform() {
    return ok(M.platform, { body: await this.console.platformState() });
  }

  @Endpoint(E.setAwayMode)
  async away(@ValidBody(E.setAwayMode) b: B<'setAwayMode'>, @CurrentUser() user: AuthUser) {
    const state = await this.console.setAway(b.on, b.text, await this.staff.actor(user));
    return ok(state.away ? M.awayOn : M.awayOff, { body: state });
  }

  /** GET ops/staff → body OpsStaffRow[] (docs/decisions/016). */
  @Endpoint(E.staffMembers)
  async staffMembers(@CurrentUser() user: AuthUser) {
    return okList(M.staffList, await this.staff.list(user.id));
  }

  /** POST ops/staff/add `{ email, role }` → body OpsStaffRow. Errors: 400 staffNoAccount / staffRoleInvalid, 403 staffSelf. */
  @Endpoint(E.addStaff)
  async addStaff(@ValidBody(E.addStaff) b: B<'addStaff'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffAdded, { body: await this.staff.addByConsole(b.email, b.role, await this.staff.actor(user)) });
  }

  /** POST ops/staff/roles `{ user_id, roles }` → body OpsStaffRow. Errors: 400, 403 staffSelf, 404. */
  @Endpoint(E.setStaffRoles)
  async setStaffRoles(@ValidBody(E.setStaffRoles) b: B<'setStaffRoles'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffRolesChanged, { body: await this.staff.setRoles(b.user_id, b.roles as string[], await this.staff.actor(user)) });
  }

  /** POST ops/staff/remove `{ user_id }` → body `{ user_id }`. Errors: 403 staffSelf, 404. */
  @Endpoint(E.removeStaff)
  async removeStaff(@ValidBody(E.removeStaff) b: B<'removeStaff'>, @CurrentUser() user: AuthUser) {
    await this.staff.removeById(b.user_id, await this.staff.actor(user));
    return ok(M.staffRemoved, { body: { user_id: b.user_id } });
  }

  /** POST ops/staff/reset-totp `{ user_id }` → body OpsStaffRow. Errors: 403 staffSelf, 404. */
  @Endpoint(E.resetStaffTotp)
  async resetStaffTotp(@ValidBody(E.resetStaffTotp) b: B<'resetStaffTotp'>, @CurrentUser() user: AuthUser) {
    return ok(M.staffTotpReset, { body: await this.staff.resetTotp(b.user_id, await this.staff.actor(user)) });
  }

  @Endpoint(E.listAudit)
  async list(@ValidQuery(E.listAudit) q: Q<'listAudit'>) {
    const { rows, total } = await this.audit.list({ ...q, offset: pageOffset(q) });
    return ok(M.audit, { body: rows, total });
  }
}
