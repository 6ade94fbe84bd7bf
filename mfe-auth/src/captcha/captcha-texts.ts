import { AUTH_TEXT } from '@portal/contracts';

/**
 * The captcha box's own words, from @portal/contracts (AUTH_TEXT.captchaBox*): the English texts the ALTCHA
 * widget showed before we replaced it with our own checkbox (docs/decisions/010 "The captcha"). The spec
 * quotes none of them (its captcha texts are the toasts in AUTH_MESSAGES).
 */
export const CAPTCHA_BOX_TEXT = {
  label: AUTH_TEXT.captchaBoxLabel,
  verifying: AUTH_TEXT.captchaBoxVerifying,
  verified: AUTH_TEXT.captchaBoxVerified,
  error: AUTH_TEXT.captchaBoxError,
  expired: AUTH_TEXT.captchaBoxExpired,
  retry: AUTH_TEXT.captchaBoxRetry,
} as const;
