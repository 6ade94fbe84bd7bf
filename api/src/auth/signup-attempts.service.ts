import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { DataSource, LessThan, MoreThan, Repository } from 'typeorm';
import { AUTH_LIMITS, AUTH_MESSAGES as M, fillMessage, type SignupPayload } from '@portal/contracts';
import { APP_CONFIG, defaultPortalUrl, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { MailService } from '../mail/mail.service';
import type { User } from '../users/user';
import { UsersService } from '../users/users.service';
import { PendingSignupEntity } from './pending-signup.entity';
import { verifyPassword } from './password-hasher';
import { Transactions } from '../database/transactions';

/** How long a sign-up attempt can be verified (its code still expires after 10 minutes, core §5). */
const ATTEMPT_TTL_MS = 24 * 3_600_000;
/** Live attempts per e-mail that a verification or a login looks at (newest first). */
const ATTEMPTS_CHECKED = 5;

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Sign-up attempts of e-mails without a verified account (docs/decisions/026, account pre-hijacking; core §4, §5 OTP).
 * Each attempt keeps its own details, its own 5-digit code (HMAC, 10 minutes, 5 wrong tries, 30 s resend
 * floor) and an opaque `signup_token` given only to the browser that made it. A code verifies only its
 * own attempt; the account is created with exactly that attempt's details and every other attempt of
 * the e-mail ends. Whoever signs up second with someone else's e-mail therefore never chooses the
 * password the mailbox owner ends up with.
 */
@Injectable()
export class SignupAttemptsService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(PendingSignupEntity) private readonly attempts: Repository<PendingSignupEntity>,
    @InjectDataSource() private readonly db: DataSource,
    private readonly transactions: Transactions,
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  /** Record an attempt with an argon2 `password_hash` and mail its code; answers its `signup_token`. */
  async start(dto: SignupPayload, passwordHash: string, ip: string): Promise<string> {
    await this.attempts.delete({ email: dto.email.toLowerCase(), expires_at: LessThan(new Date()) });
    const { saved, token } = await this.record(dto, passwordHash, ip, new Date(0));
    await this.sendCode(saved);
    return token;
  }

  /** Save a new attempt without a code (`code_sent_at` as given); answers the row and its `signup_token`. */
  private async record(dto: SignupPayload, passwordHash: string, ip: string, codeSentAt: Date): Promise<{ saved: PendingSignupEntity; token: string }> {
    const token = randomBytes(24).toString('base64url');
    const saved = await this.attempts.save(
      this.attempts.create({
        email: dto.email.toLowerCase(),
        name: dto.name,
        phone: dto.phone,
        address: dto.address,
        password_hash: passwordHash,
        signup_ip: ip.slice(0, 64),
        token_hash: sha256(token),
        code_hash: '',
        code_expires_at: new Date(0),
        code_sent_at: codeSentAt,
        code_attempts: 0,
        expires_at: new Date(Date.now() + ATTEMPT_TTL_MS),
      }),
    );
    return { saved, token };
  }

  /**
   * Mail a new code for the attempt named by `signupToken` (or, without one, the e-mail's only live
   * attempt). Inside the 30 s floor, or when nothing matches, it sends nothing: the caller answers the
   * same either way, so the answer reveals nothing about the e-mail.
   */
  async resend(email: string, signupToken?: string): Promise<void> {
    const attempt = await this.pick(email.toLowerCase(), signupToken);
    if (attempt && Date.now() - attempt.code_sent_at.getTime() >= AUTH_LIMITS.otpResendFloorSeconds * 1000) await this.sendCode(attempt);
  }

  /**
   * The login of an e-mail that has only attempts: when the password is an attempt's, mail that attempt
   * a new code (not inside the 30 s floor) and answer its token so the OTP screen can verify it, with
   * `sent` saying whether a new code went out; else null.
   */
  async loginPending(email: string, password: string): Promise<{ token: string; sent: boolean } | null> {
    for (const attempt of await this.live(email.toLowerCase())) {
      if (!(await verifyPassword(attempt.password_hash, password))) continue;
      const token = randomBytes(24).toString('base64url');
      await this.attempts.update({ id: attempt.id }, { token_hash: sha256(token) });
      const sent = Date.now() - attempt.code_sent_at.getTime() >= AUTH_LIMITS.otpResendFloorSeconds * 1000;
      if (sent) await this.sendCode(attempt);
      return { token, sent };
    }
    return null;
  }

  /**
   * A sign-up of an e-mail that already has a verified account (decision 022: answered like any sign-up,
   * so the answer reveals nothing). Records an attempt that can never be verified (no code exists) and
   * mails the account's owner a notice instead of a code, at most once per 30 s floor. Answers its token.
   */
  async startForExistingAccount(dto: SignupPayload, passwordHash: string, ip: string, owner: { name: string; email: string }): Promise<string> {
    const email = dto.email.toLowerCase();
    const recent = await this.attempts.exists({ where: { email, code_sent_at: MoreThan(new Date(Date.now() - AUTH_LIMITS.otpResendFloorSeconds * 1000)) } });
    const { token } = await this.record(dto, passwordHash, ip, new Date());
    if (!recent) {
      await this.mail.send({
        to: owner.email,
        subject: M.accountExistsMailSubject,
        text: fillMessage(M.accountExistsMailText, { name: owner.name, url: defaultPortalUrl(this.config) }),
        meta: { purpose: 'account-exists' },
      });
    }
    return token;
  }

  /**
   * Verify `code` for the attempt named by `signupToken` (without one: only when the e-mail has exactly
   * one live attempt). On success, in one transaction, create the verified account with that attempt's
   * details and delete every attempt of the e-mail. Errors: 400 otpInvalid / otpExpired, 429
   * otpTooManyAttempts (5 wrong tries), 409 emailTaken (verified meanwhile).
   */
  async verify(email: string, code: string, signupToken?: string): Promise<User> {
    const lower = email.toLowerCase();
    const attempt = await this.pick(lower, signupToken);
    if (!attempt) throw DomainError.badRequest(M.otpInvalid);
    if (attempt.code_attempts >= AUTH_LIMITS.otpMaxAttempts) throw DomainError.tooMany(M.otpTooManyAttempts);
    if (attempt.code_expires_at.getTime() <= Date.now()) throw DomainError.badRequest(M.otpExpired);
    if (!timingSafeEqual(Buffer.from(attempt.code_hash, 'hex'), Buffer.from(this.hash(attempt.id, code), 'hex'))) {
      const tries = attempt.code_attempts + 1;
      await this.attempts.update({ id: attempt.id }, { code_attempts: tries });
      throw tries >= AUTH_LIMITS.otpMaxAttempts ? DomainError.tooMany(M.otpTooManyAttempts) : DomainError.badRequest(M.otpInvalid);
    }
    return this.transactions.run(async (m) => {
      // Conditional delete: of two concurrent correct submissions only one creates the account.
      const gone = await m.delete(PendingSignupEntity, { id: attempt.id });
      if (!gone.affected) throw DomainError.badRequest(M.otpInvalid);
      const user = await this.users.createVerified(m, { name: attempt.name, email: lower, phone: attempt.phone, address: attempt.address, password_hash: attempt.password_hash, signup_ip: attempt.signup_ip });
      if (!user) throw DomainError.conflict(M.emailTaken);
      await m.delete(PendingSignupEntity, { email: lower });
      return user;
    });
  }

  /** The e-mail's live attempts, newest first (at most ATTEMPTS_CHECKED). */
  private live(email: string): Promise<PendingSignupEntity[]> {
    return this.attempts.find({ where: { email, expires_at: MoreThan(new Date()) }, order: { id: 'DESC' }, take: ATTEMPTS_CHECKED });
  }

  /** The attempt a token names, or the only live attempt of the e-mail when no token is given. */
  private async pick(email: string, signupToken?: string): Promise<PendingSignupEntity | null> {
    const live = await this.live(email);
    if (signupToken) return live.find((a) => a.token_hash === sha256(signupToken)) ?? null;
    return live.length === 1 ? live[0] : null;
  }

  private async sendCode(attempt: PendingSignupEntity): Promise<void> {
    const code = String(randomInt(0, 10 ** AUTH_LIMITS.otpLength)).padStart(AUTH_LIMITS.otpLength, '0');
    const now = new Date();
    await this.attempts.update(
      { id: attempt.id },
      { code_hash: this.hash(attempt.id, code), code_expires_at: new Date(now.getTime() + AUTH_LIMITS.otpTtlMinutes * 60_000), code_sent_at: now, code_attempts: 0 },
    );
    await this.mail.send({
      to: attempt.email,
      subject: 'Your verification code',
      text:
        `Hello ${attempt.name},\n\nYour code to verify your email is ${code}. It expires in ${AUTH_LIMITS.otpTtlMinutes} minutes.\n\n` +
        `It is for the sign-up of ${attempt.name} (phone ending ${attempt.phone.slice(-4)}). If that was not you, ignore this mail: ` +
        `no account is created without this code.`,
      meta: { otp: code, purpose: 'verification' },
    });
  }

  private hash(attemptId: number, code: string): string {
    return createHmac('sha256', this.config.jwtSecret).update(`signup:${attemptId}:${code}`).digest('hex');
  }
}
