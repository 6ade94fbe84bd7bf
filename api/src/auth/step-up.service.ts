import { Injectable } from '@nestjs/common';
import { AUTH_LIMITS, AUTH_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { AuthUser } from '../common/request-context';
import { UsersService } from '../users/users.service';
import { verifyPassword } from './password-hasher';

/**
 * Step-up for money and credentials (OWASP ASVS V6 re-authentication, decision 022): a password change
 * from /profile and a change of bank details go through when the caller's session logged in within
 * AUTH_LIMITS.stepUpFreshMinutes (15), or when the request carries the account's current password in
 * `current_password`. The spec's payloads (areas §7) therefore keep working for a fresh session.
 */
@Injectable()
export class StepUpService {
  constructor(private readonly users: UsersService) {}

  /**
   * Resolves when `user` may make a sensitive change now. `currentPassword`: what the form sent, if any.
   * Errors: 403 stepUpWrongPassword (`step_up_wrong_password`) for a wrong password; 403 stepUpRequired
   * (`step_up_required`) when the login is older than 15 minutes and no password came.
   */
  async assert(user: AuthUser, currentPassword: string | undefined): Promise<void> {
    if (currentPassword !== undefined && currentPassword !== '') {
      if (await verifyPassword(await this.users.passwordHashOf(user.id), currentPassword)) return;
      throw DomainError.forbidden(M.stepUpWrongPassword, 'step_up_wrong_password');
    }
    if (Date.now() - user.loginAt <= AUTH_LIMITS.stepUpFreshMinutes * 60_000) return;
    throw DomainError.forbidden(M.stepUpRequired, 'step_up_required');
  }
}
