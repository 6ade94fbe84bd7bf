import { Injectable } from '@nestjs/common';
import { AUTH_MESSAGES as M, type LoginPayload, type SignupPayload } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { CaptchaService } from '../captcha/captcha.service';
import { UsersService } from '../users/users.service';
import { OtpService } from './otp.service';
import { hashPassword, verifyPassword } from './password-hasher';
import { SessionService } from './session.service';
import { SignupAttemptsService } from './signup-attempts.service';
import { observe } from '../observability/metrics';

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
    private readonly signups: SignupAttemptsService,
  ) {}

  /**
   * POST /api/signup. Records a sign-up attempt with its own details and code and mails the code; the
   * account is created only when that code is verified (docs/decisions/026: a second sign-up of an unverified
   * e-mail never changes the first one's password). Answers the attempt's `signup_token`. An e-mail
   * that already has an account gets the same answer, and its owner a notice instead of a code
   * (decision 022: no account call reveals whether an e-mail is registered).
   * Errors: 400 with the first failing core §5 message, 400 captcha.
   */
  async signup(dto: SignupPayload, ip: string, captchaToken?: string): Promise<{ message: string; signup_token: string }> {
    await this.captcha.consume(captchaToken);
    const existing = await this.users.findByEmail(dto.email);
    const hash = await hashPassword(dto.password);
    const signup_token = existing
      ? await this.signups.startForExistingAccount(dto, hash, ip, existing)
      : await this.signups.start(dto, hash, ip);
    return { message: M.signupSuccess, signup_token };
  }

  /**
   * POST /api/verifyEmailOTP `{ email, otp, signup_token? }` → a login token for the account created
   * from that attempt. Errors: 400 invalid/expired, 409 verified meanwhile, 429 too many attempts.
   */
  async verifyEmail(dto: { email: string; otp: string; signup_token?: string }): Promise<{ message: string; token: string }> {
    const user = await this.signups.verify(dto.email, dto.otp, dto.signup_token);
    return { message: M.otpVerified, token: await this.sessions.issue(user.id, 'login') };
  }

  /**
   * POST /api/resendEmailOTP `{ email, type, signup_token? }`: type "verification" resends a sign-up
   * attempt's code, empty the recovery code of a verified account. Every e-mail gets the same answer,
   * and inside the 30 s floor nothing is sent, silently (docs/decisions/026: no enumeration).
   */
  async resend(dto: { email: string; type: string; signup_token?: string }): Promise<{ message: string }> {
    if (dto.type === 'verification') {
      await this.signups.resend(dto.email, dto.signup_token);
      return { message: M.otpSent };
    }
    const user = await this.users.findByEmail(dto.email);
    if (user?.email_verified_at) await this.otps.send(user, 'forgot', true);
    return { message: M.forgotSent };
  }

  /**
   * POST /api/login `{ email, password }` → a login token. Errors: 400 validation or captcha,
   * 401-free 400 "Invalid email or password." for any bad pair, 403 unverified (`code: not_verified`;
   * notVerified when a new code was mailed, notVerifiedCodeSent inside the 30 s floor, when none was).
   */
  async login(dto: LoginPayload, captchaToken?: string): Promise<{ message: string; token: string }> {
    await this.captcha.consume(captchaToken);
    const account = await this.users.credentialsByEmail(dto.email);
    const user = account?.user;
    if (!user) {
      // Only sign-up attempts: the attempt whose password this is gets a new code (core §4 "verify first").
      const pending = await this.signups.loginPending(dto.email, dto.password);
      if (pending) throw new DomainError(403, pending.sent ? M.notVerified : M.notVerifiedCodeSent, { code: 'not_verified', extra: { signup_token: pending.token } });
    }
    const valid = await verifyPassword(account?.passwordHash ?? (await DUMMY_HASH), dto.password);
    if (!user || !valid) {
      observe.authFailure('credentials'); // docs/decisions/038
      throw DomainError.badRequest(M.invalidCredentials);
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
    await this.users.setPasswordHash(userId, await hashPassword(dto.password));
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
