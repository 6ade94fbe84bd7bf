import { defineSettings, intSetting } from '../config/settings';

/**
 * The auth module's settings (docs/decisions/035): the login session lifetime and the account endpoints'
 * rate limits (docs/decisions/026). README's `<!-- settings:auth -->` table is generated from this list.
 */
/** `authSettings.of(config)` → `{ sessionTtlHours, rateLimit: { authLimit, authTtlMs, ipLimit, accountLimit } }`. */
export const authSettings = defineSettings('auth', {
  sessionTtlHours: {
    variables: ['SESSION_TTL_HOURS'],
    default: '`72`',
    meaning: 'login session lifetime',
    parse: ({ env }) => intSetting(env, 'SESSION_TTL_HOURS', 72, 1, 24 * 90),
  },
  rateLimit: {
    variables: ['AUTH_RATE_LIMIT', 'AUTH_RATE_TTL_SECONDS', 'AUTH_IP_RATE_LIMIT', 'AUTH_ACCOUNT_RATE_LIMIT'],
    default: '`10`, `60`, `30`, `20`',
    meaning: 'account calls (login, sign-up, password reset) per client IP and e-mail per window of `AUTH_RATE_TTL_SECONDS`; per client IP across e-mails (password spraying); per e-mail across IPs ([decision 026](docs/decisions/026-hardening.md))',
    parse: ({ env }) => ({
      authLimit: intSetting(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
      authTtlMs: intSetting(env, 'AUTH_RATE_TTL_SECONDS', 60, 1, 86_400) * 1000,
      ipLimit: intSetting(env, 'AUTH_IP_RATE_LIMIT', 30, 1, 1_000_000),
      accountLimit: intSetting(env, 'AUTH_ACCOUNT_RATE_LIMIT', 20, 1, 1_000_000),
    }),
  },
});
