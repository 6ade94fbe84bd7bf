import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { IsNull, MoreThan, Repository } from 'typeorm';
import { AUTH_MESSAGES } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DomainError } from '../common/domain-error';
import { CaptchaPassEntity } from './captcha-pass.entity';
import { ALTCHA_ALGORITHM, altcha, deriveKey, verifyAltchaPayload, type AltchaChallenge } from './altcha';
import { captchaSettings } from './captcha.settings';

/**
 * Self-hosted ALTCHA proof of work (DESIGN "Mail, captcha, identity"): issues challenges, verifies a
 * solved payload once (replays fail), and hands out a single-use pass that login, signup and
 * forgetPassword spend (docs/decisions/001).
 */
@Injectable()
export class CaptchaService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(CaptchaPassEntity) private readonly passes: Repository<CaptchaPassEntity>,
  ) {}

  /** A signed challenge for the widget; it expires after CAPTCHA_TTL_SECONDS. */
  createChallenge(): Promise<AltchaChallenge> {
    const { cost, maxCounter, ttlSeconds } = captchaSettings.of(this.config);
    const hmacSecret = this.config.captchaSecret;
    return altcha.createChallenge({
      algorithm: ALTCHA_ALGORITHM,
      cost,
      counter: altcha.randomInt(Math.floor(maxCounter / 2), maxCounter),
      deriveKey,
      hmacSignatureSecret: hmacSecret,
      hmacKeySignatureSecret: hmacSecret + ':key',
      expiresAt: Math.floor(Date.now() / 1000) + ttlSeconds,
    });
  }

  /**
   * Verify a base64 ALTCHA payload (the `responseCapcha` query parameter of capchaVerification).
   * Returns `{ success: true, captcha_token }` once per solved challenge, `{ success: false }` otherwise.
   */
  async verify(payload: string | undefined): Promise<{ success: boolean; captcha_token?: string }> {
    if (!payload || payload.length > 20_000) return { success: false };
    const hmac = this.config.captchaSecret;
    const result = await verifyAltchaPayload(payload, deriveKey, hmac, hmac + ':key').catch(() => null);
    if (!result || result.error || !result.payload) return { success: false };
    const challengeId = String(result.payload.challenge.parameters.data?.challengeId ?? result.payload.challenge.parameters.nonce);
    const expiresAt = new Date(Date.now() + captchaSettings.of(this.config).ttlSeconds * 1000);
    try {
      await this.passes.insert({ id: challengeId.slice(0, 128), expires_at: expiresAt, used_at: null });
    } catch {
      return { success: false }; // this challenge was already verified once: a replay
    }
    return { success: true, captcha_token: this.sign(challengeId, expiresAt.getTime()) };
  }

  /**
   * Spend a pass from the X-Captcha-Token header. Throws DomainError 400 ("Captcha verification
   * failed.") when it is missing, forged, expired or already spent. No-op when CAPTCHA_REQUIRED=false.
   */
  async consume(token: string | undefined): Promise<void> {
    if (!captchaSettings.of(this.config).required) return;
    const id = token && this.open(token);
    if (!id) throw DomainError.badRequest(AUTH_MESSAGES.captchaFailed);
    const now = new Date();
    const res = await this.passes.update({ id, used_at: IsNull(), expires_at: MoreThan(now) }, { used_at: now });
    if (!res.affected) throw DomainError.badRequest(AUTH_MESSAGES.captchaFailed);
  }

  private sign(id: string, expMs: number): string {
    const body = Buffer.from(JSON.stringify({ id, exp: expMs })).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }
  private open(token: string): string | null {
    const [body, mac] = token.split('.');
    if (!body || !mac) return null;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const { id, exp } = JSON.parse(Buffer.from(body, 'base64url').toString()) as { id: string; exp: number };
      return exp > Date.now() ? id : null;
    } catch {
      return null;
    }
  }
  private mac(body: string): string {
    return createHmac('sha256', this.config.captchaSecret).update('captcha-pass:' + body).digest('base64url');
  }
}
