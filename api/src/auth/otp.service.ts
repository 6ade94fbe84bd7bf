import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { AUTH_LIMITS, AUTH_MESSAGES } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/user';
import { OtpEntity } from './otp.entity';

export type OtpPurposeKey = 'verification' | 'forgot';

/**
 * One-time codes (core §5 "OTP: 5 numeric digits", §9): stored as HMAC-SHA256, valid 10 minutes,
 * at most 5 wrong tries, a new code no sooner than 30 s after the last one.
 */
@Injectable()
export class OtpService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(OtpEntity) private readonly otps: Repository<OtpEntity>,
    private readonly mail: MailService,
  ) {}

  /** Seconds until a new code may be sent to this user for this purpose (0 when allowed now). */
  async secondsUntilResend(userId: number, purpose: OtpPurposeKey): Promise<number> {
    const last = await this.otps.findOne({ where: { user_id: userId, purpose }, order: { id: 'DESC' } });
    if (!last) return 0;
    const wait = AUTH_LIMITS.otpResendFloorSeconds * 1000 - (Date.now() - last.created_at.getTime());
    return wait > 0 ? Math.ceil(wait / 1000) : 0;
  }

  /**
   * Create a code, replace earlier ones and mail it. Throws 429 "Please wait for 30 sec" inside the
   * resend floor unless `quietFloor`, in which case it sends nothing and returns false.
   */
  async send(user: User, purpose: OtpPurposeKey, quietFloor = false): Promise<boolean> {
    if ((await this.secondsUntilResend(user.id, purpose)) > 0) {
      if (quietFloor) return false;
      throw DomainError.tooMany(AUTH_MESSAGES.resendWait);
    }
    const code = String(randomInt(0, 10 ** AUTH_LIMITS.otpLength)).padStart(AUTH_LIMITS.otpLength, '0');
    await this.otps.update({ user_id: user.id, purpose, consumed_at: IsNull() }, { consumed_at: new Date() });
    await this.otps.insert({
      user_id: user.id,
      purpose,
      code_hash: this.hash(user.id, purpose, code),
      expires_at: new Date(Date.now() + AUTH_LIMITS.otpTtlMinutes * 60_000),
      attempts: 0,
      consumed_at: null,
      created_at: new Date(),
    });
    const what = purpose === 'verification' ? 'verify your email' : 'reset your password';
    await this.mail.send({
      to: user.email,
      subject: purpose === 'verification' ? 'Your verification code' : 'Your password reset code',
      text: `Hello ${user.name},\n\nYour code to ${what} is ${code}. It expires in ${AUTH_LIMITS.otpTtlMinutes} minutes.\n\nIf you did not ask for it, ignore this mail.`,
      meta: { otp: code, purpose },
    });
    return true;
  }

  /**
   * Check a code. Throws DomainError: 400 "Invalid OTP." (wrong or none), 400 "OTP has expired…",
   * 429 "Too many wrong attempts…" (after 5 wrong tries the code is dead). Consumes it on success.
   */
  async verify(userId: number, purpose: OtpPurposeKey, code: string): Promise<void> {
    const otp = await this.otps.findOne({ where: { user_id: userId, purpose, consumed_at: IsNull() }, order: { id: 'DESC' } });
    if (!otp) throw DomainError.badRequest(AUTH_MESSAGES.otpInvalid);
    if (otp.attempts >= AUTH_LIMITS.otpMaxAttempts) throw DomainError.tooMany(AUTH_MESSAGES.otpTooManyAttempts);
    if (otp.expires_at.getTime() <= Date.now()) throw DomainError.badRequest(AUTH_MESSAGES.otpExpired);
    const expected = Buffer.from(otp.code_hash, 'hex');
    const given = Buffer.from(this.hash(userId, purpose, code), 'hex');
    if (!timingSafeEqual(expected, given)) {
      const attempts = otp.attempts + 1;
      await this.otps.update({ id: otp.id }, { attempts });
      throw attempts >= AUTH_LIMITS.otpMaxAttempts ? DomainError.tooMany(AUTH_MESSAGES.otpTooManyAttempts) : DomainError.badRequest(AUTH_MESSAGES.otpInvalid);
    }
    // Conditional update: two concurrent correct submissions cannot both succeed.
    const res = await this.otps.update({ id: otp.id, consumed_at: IsNull() }, { consumed_at: new Date() });
    if (!res.affected) throw DomainError.badRequest(AUTH_MESSAGES.otpInvalid);
  }

  private hash(userId: number, purpose: string, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`otp:${userId}:${purpose}:${code}`).digest('hex');
  }
}
