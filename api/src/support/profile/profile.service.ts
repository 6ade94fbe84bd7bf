import { Injectable } from '@nestjs/common';
import { fillMessage, SUPPORT_MESSAGES as M, type UpdateProfileDto, type UserDetails } from '@portal/contracts';
import { hashPassword } from '../../auth/password-hasher';
import { SessionService } from '../../auth/session.service';
import { DomainError } from '../../common/domain-error';
import { MailService } from '../../mail/mail.service';
import { UsersService } from '../../users/users.service';
import { SupportConfig } from '../shared/support-config';
import { LedgerService } from '../money/ledger.service';

/**
 * updateUserProfile (areas §2 "Profile and withdrawal", §5 "Profile", §6): phone, address or
 * password; never name or e-mail. A password change ends every session of the user (the caller gets
 * a fresh token) and e-mails them.
 */
@Injectable()
export class ProfileService {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionService,
    private readonly mail: MailService,
    private readonly config: SupportConfig,
    private readonly ledger: LedgerService,
  ) {}

  /**
   * GET /api/getUserDetails body (core §3 User): the account with `revenue`, the ledger balance in USD
   * (the sum of the entries, cents / 100), and `conversionRate` (INR per USD). The two reads run at once.
   * Errors: 404 unknown user.
   */
  async details(userId: number): Promise<UserDetails> {
    const [account, cents] = await Promise.all([this.users.account(userId), this.ledger.balanceCents(userId)]);
    return { ...account, revenue: cents / 100 };
  }

  /**
   * Apply the fields present (password first when sent, else phone and/or address). Answers the
   * message, the fresh details and, after a password change, the caller's new login token.
   * Errors: 400 nothingToUpdate.
   */
  async update(userId: number, dto: UpdateProfileDto): Promise<{ message: string; details: UserDetails; token?: string }> {
    if (dto.password !== undefined) {
      // The schema checked length and confirmation; an absent confirmation is a mismatch.
      if (dto.confirmPassword !== dto.password) throw DomainError.badRequest(M.passwordMismatch);
      await this.users.setPasswordHash(userId, await hashPassword(dto.password));
      await this.sessions.revokeAll(userId);
      const token = await this.sessions.issue(userId, 'login');
      const user = await this.users.getById(userId);
      await this.mail.send({
        to: user.email,
        subject: M.passwordMailSubject,
        text: fillMessage(M.passwordMailText, { name: user.name, date: new Date().toISOString().slice(0, 16).replace('T', ' '), support: this.config.supportEmail }),
      });
      return { message: M.passwordUpdated, details: await this.details(userId), token };
    }
    const fields: { phone?: string; address?: string } = {};
    if (dto.phone !== undefined) fields.phone = dto.phone;
    if (dto.address !== undefined) fields.address = dto.address;
    if (!Object.keys(fields).length) throw DomainError.badRequest(M.nothingToUpdate, 'nothing_to_update');
    await this.users.update(userId, fields);
    return { message: M.profileUpdated, details: await this.details(userId) };
  }
}
