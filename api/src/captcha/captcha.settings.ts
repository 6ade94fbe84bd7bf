import { ConfigError, defineSettings, intSetting } from '../config/settings';

/**
 * The captcha module's settings (docs/decisions/035): whether account calls need a pass and the ALTCHA
 * proof-of-work difficulty (docs/decisions/001). Its signing secret is the core's (`CAPTCHA_HMAC_SECRET`,
 * generated locally like `JWT_SECRET`). README's `<!-- settings:captcha -->` table is generated from this list.
 */
/** `captchaSettings.of(config)` → `{ required, cost, maxCounter, ttlSeconds }`. */
export const captchaSettings = defineSettings('captcha', {
  required: {
    variables: ['CAPTCHA_REQUIRED'],
    default: '`true`',
    meaning: 'login, sign-up and forgot-password need a captcha pass',
    parse: ({ env }) => {
      const raw = env.CAPTCHA_REQUIRED;
      if (raw === undefined || raw === '') return true;
      if (/^(1|true|yes|on)$/i.test(raw)) return true;
      if (/^(0|false|no|off)$/i.test(raw)) return false;
      throw new ConfigError(`CAPTCHA_REQUIRED must be true or false (got "${raw}").`);
    },
  },
  cost: {
    variables: ['CAPTCHA_COST'],
    default: '`1000`',
    meaning: 'ALTCHA proof of work: PBKDF2 iterations per try',
    parse: ({ env }) => intSetting(env, 'CAPTCHA_COST', 1000, 1, 10_000_000),
  },
  maxCounter: {
    variables: ['CAPTCHA_MAX_COUNTER'],
    default: '`5000`',
    meaning: 'the solver tries up to this many values (the challenge picks one between half of it and it)',
    parse: ({ env }) => intSetting(env, 'CAPTCHA_MAX_COUNTER', 5000, 2, 10_000_000),
  },
  ttlSeconds: {
    variables: ['CAPTCHA_TTL_SECONDS'],
    default: '`600`',
    meaning: 'a challenge and the pass it gives expire after this',
    parse: ({ env }) => intSetting(env, 'CAPTCHA_TTL_SECONDS', 600, 10, 86_400),
  },
});
