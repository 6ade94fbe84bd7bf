import { applyDecorators, CanActivate, Controller, ExecutionContext, Injectable, SetMetadata, UseGuards } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { OPS_MESSAGES as M, type StaffRole } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import { StaffService } from './staff.service';

export const STAFF_ROLE = 'portal:staff-role';
/** The role a console controller or method needs (admin always passes). */
export const StaffOnly = (role: StaffRole) => SetMetadata(STAFF_ROLE, role);

/**
 * Guard of every `/api/ops/*` controller: runs after the global AuthGuard (no token → 401), then
 * answers one 403 text for an artist, a staff member without the role, and a session that has not
 * passed TOTP, so a refusal tells nothing about the account.
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly staff: StaffService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const role = this.reflector.getAllAndOverride<StaffRole>(STAFF_ROLE, [ctx.getHandler(), ctx.getClass()]) ?? 'admin';
    const user = ctx.switchToHttp().getRequest<PortalRequest>().user;
    if (!user || !(await this.staff.allows(user, role))) throw new DomainError(403, M.forbidden, { code: 'forbidden' });
    return true;
  }
}

/** A console controller (`/api/ops/*`): every route behind StaffGuard, needing `role` unless a method says otherwise (StaffOnly). */
export const StaffController = (role: StaffRole): ClassDecorator => applyDecorators(Controller(), UseGuards(StaffGuard), StaffOnly(role));
