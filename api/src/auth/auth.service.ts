import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES as M, type LoginPayload, type SignupPayload } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { CaptchaService } from '../captcha/captcha.service';
import { UsersService } from '../users/users.service';
import { OtpService } from './otp.service';
import { hashPassword, verifyPassword } from './password-hasher';
import { SessionService } from './session.service';

// Verified against when the e-mail is unknown, so a miss costs the same time as a wrong password.
const DUMMY_HASH = hashPassword('not-a-real-password-' + Math.random());

/**
 * The account flows of core §4 and §7, every rule of core §5 enforced here with the spec's messages.
 * Each method takes a DTO already validated by the shared schema (AUTH_ENDPOINTS) and answers what the
 * controller wraps in the envelope.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersService,
    private readonly otps: OtpService,
    private readonly sessions: SessionService,
    private readonly captcha: CaptchaService,
  ) {}

  /**
   * POST /api/signup. Creates an unverified account (or refreshes one that never verified) and mails
   * a verification OTP. Errors: 400 with the first failing core §5 message, 400 captcha, 409 e-mail taken.
   */
  async signup(dto: SignupPayload, ip: string, captchaToken?: string): Promise<{ message: string }> {
    await this.captcha.consume(captchaToken);
    const email = dto.email.toLowerCase();
    const password_hash = await hashPassword(dto.password);
    const fields = { name: dto.name, email, phone: dto.phone, address: dto.address, password_hash, signup_ip: ip.slice(0, 64) };
    let user = await this.users.findByEmail(email);
    if (user?.email_verified_at) throw DomainError.conflict(M.emailTaken);
    if (user) await this.users.update(user.id, fields);
    else {
      try {
        user = await this.users.create(fields);
      } catch {
        throw DomainError.conflict(M.emailTaken); // lost a race with another signup of the same e-mail
      }
    }
    await this.otps.send({ ...user, ...fields }, 'verification', true);
    return { message: M.signupSuccess };
  }

  /** POST /api/verifyEmailOTP `{ email, otp }` → a login token. Errors: 400 invalid/expired, 429 too many attempts. */
  async verifyEmail(dto: { email: string; otp: string }): Promise<{ message: string; token: string }> {
    const user = await this.users.findByEmail(dto.email);
    if (!user || user.email_verified_at) throw DomainError.badRequest(M.otpInvalid);
    await this.otps.verify(user.id, 'verification', dto.otp);
    await this.users.update(user.id, { email_verified_at: new Date() });
    return { message: M.otpVerified, token: await this.sessions.issue(user.id, 'login') };
  }

  /**
   * POST /api/resendEmailOTP `{ email, type }`: type "verification" resends the sign-up code, empty the
   * recovery code. Unknown or ineligible e-mails get the same answer (nothing revealed). 429 inside 30 s.
   */
  async resend(dto: { email: string; type: string }): Promise<{ message: string }> {
    const purpose = dto.type === 'verification' ? 'verification' : 'forgot';
    const user = await this.users.findByEmail(dto.email);
    const eligible = user && (purpose === 'verification' ? !user.email_verified_at : !!user.email_verified_at);
    if (eligible) await this.otps.send(user, purpose);
    return { message: purpose === 'verification' ? M.otpSent : M.forgotSent };
  }

  /**
   * POST /api/login `{ email, password }` → a login token. Errors: 400 validation or captcha,
   * 401-free 400 "Invalid email or password." for any bad pair, 403 unverified (a new code is mailed).
   */
  async login(dto: LoginPayload, captchaToken?: string): Promise<{ message: string; token: string }> {
    await this.captcha.consume(captchaToken);
    const user = await this.users.findByEmail(dto.email);
    const valid = await verifyPassword(user?.password_hash ?? (await DUMMY_HASH), dto.password);
    if (!user || !valid) throw DomainError.badRequest(M.invalidCredentials);
    if (!user.email_verified_at) {
      await this.otps.send(user, 'verification', true);
      throw DomainError.forbidden(M.notVerified);
    }
    return { message: M.loginSuccess, token: await this.sessions.issue(user.id, 'login') };
  }

  /** POST /api/forgetPassword `{ email }`: mails a recovery code to a verified account; the answer never reveals whether the e-mail exists. */
  async forgetPassword(dto: { email: string }, captchaToken?: string): Promise<{ message: string }> {
    await this.captcha.consume(captchaToken);
    const user = await this.users.findByEmail(dto.email);
    if (user?.email_verified_at) await this.otps.send(user, 'forgot', true);
    return { message: M.forgotSent };
  }

  /** POST /api/VerifyForgetPasswordOTP `{ email, OTP }` → a reset token (15 min, only for ChangeUserPassword). */
  async verifyForgot(dto: { email: string; OTP: string }): Promise<{ message: string; token: string }> {
    const user = await this.users.findByEmail(dto.email);
    if (!user || !user.email_verified_at) throw DomainError.badRequest(M.otpInvalid);
    await this.otps.verify(user.id, 'forgot', dto.OTP);
    return { message: M.forgotVerified, token: await this.sessions.issue(user.id, 'reset') };
  }

  /**
   * POST /api/ChangeUserPassword `{ password }` with the reset token → a login token. The reset token is
   * spent and every other session of the user ends. Errors: 400 with the core §5 recovery messages.
   */
  async changePassword(userId: number, resetSessionId: string, dto: { password: string }): Promise<{ message: string; token: string }> {
    await this.users.update(userId, { password_hash: await hashPassword(dto.password) });
    await this.sessions.revoke(resetSessionId);
    await this.sessions.revokeAll(userId);
    return { message: M.passwordChanged, token: await this.sessions.issue(userId, 'login') };
  }

  /** POST /api/logout: ends the caller's session on the server. */
  async logout(sessionId: string): Promise<{ message: string }> {
    await this.sessions.revoke(sessionId);
    return { message: M.loggedOut };
  }
}
