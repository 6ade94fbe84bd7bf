import { Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';

/**
 * Rate limit of the account endpoints (AUTH_RATE_LIMIT per AUTH_RATE_TTL_SECONDS), counted per client
 * IP and e-mail, so one attacker cannot hammer an account and one busy office IP does not lock out
 * everyone behind it.
 */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {
  protected async getTracker(req: Record<string, unknown>): Promise<string> {
    const body = (req.body ?? {}) as { email?: unknown };
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
    return `${String(req.ip)}|${email}`;
  }
}
