import type { ExecutionContext } from '@nestjs/common';
import { Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerOptions } from '@nestjs/throttler';
import type { AppConfig } from '../config/app-config';
import { authSettings } from './auth.settings';

/** The e-mail of an account call's body, lowercased ('' when none). */
function emailOf(req: Record<string, unknown>): string {
  const body = (req.body ?? {}) as { email?: unknown };
  return typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
}

/**
 * The three buckets of the account endpoints (docs/decisions/026), each per AUTH_RATE_TTL_SECONDS:
 * - `auth`: per client IP and e-mail (AUTH_RATE_LIMIT): one attacker cannot hammer one account, and one
 *   busy office IP does not lock out everyone behind it;
 * - `auth-ip`: per client IP across e-mails (AUTH_IP_RATE_LIMIT): password spraying and e-mail probing;
 * - `auth-account`: per e-mail across IPs (AUTH_ACCOUNT_RATE_LIMIT): a botnet on one account.
 * The client IP is the socket's, or X-Forwarded-For's only from TRUST_PROXY.
 */
export function authThrottlers(config: AppConfig): ThrottlerOptions[] {
  const rateLimit = authSettings.of(config).rateLimit;
  const ttl = rateLimit.authTtlMs;
  // One bucket across all account endpoints (login, signup, resend...), not one per route.
  const generateKey = (_ctx: ExecutionContext, tracker: string, name: string) => `${name}:${tracker}`;
  return [
    { name: 'auth', ttl, limit: rateLimit.authLimit, generateKey, getTracker: (req) => `${String(req.ip)}|${emailOf(req)}` },
    { name: 'auth-ip', ttl, limit: rateLimit.ipLimit, generateKey, getTracker: (req) => String(req.ip) },
    {
      name: 'auth-account',
      ttl,
      generateKey,
      limit: rateLimit.accountLimit,
      getTracker: (req) => emailOf(req),
      skipIf: (ctx: ExecutionContext) => !emailOf(ctx.switchToHttp().getRequest<Record<string, unknown>>()),
    },
  ];
}

/** The guard of the account endpoints: the buckets of `authThrottlers()`. */
@Injectable()
export class AuthThrottlerGuard extends ThrottlerGuard {}
