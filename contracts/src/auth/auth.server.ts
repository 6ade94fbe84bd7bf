import * as yup from 'yup';
import { SHELL } from '../common/ui';
import { changePasswordSchema, forgetPasswordSchema, loginSchema, resendOtpSchema, signupSchema, verifyEmailOtpSchema, verifyForgetOtpSchema } from './auth.schemas';
import { CAPTCHA_HEADER } from './auth.types';
import type { ServerDocs } from '../common/endpoint-server';

const captchaHeader = { name: CAPTCHA_HEADER, required: true, description: 'captcha_token from capchaVerification (single use)' };
/** Documentation of getUserDetails' body (core §3 User). */
const userDetailsDoc = yup.object({
  user_id: yup.number().integer().required(),
  name: yup.string().required(),
  email: yup.string().required(),
  phone: yup.string().required(),
  address: yup.string().required(),
  revenue: yup.number().required().meta({ description: 'USD' }),
  conversionRate: yup.number().required().meta({ description: 'INR per USD' }),
});
const awayDoc = yup.object({ status: yup.string().oneOf(['yes', 'no']).required(), text: yup.string().required() });
const revokedDoc = yup.object({ revoked: yup.number().oneOf([0, 1]).required() });
const appConfigDoc = yup.object({ support_email: yup.string().required(), public_site_url: yup.string().required() });
const captchaDoc = yup.object({ success: yup.boolean().required(), captcha_token: yup.string().optional() });
const notificationDoc = yup.object({
  notification_id: yup.number().integer().required(),
  notification: yup.string().required(),
  created_at: yup.number().integer().required().meta({ description: 'epoch ms' }),
});
/** `?offset=` of the bell's list (rows to skip; 20 per page, core §2 bell). */
export const notificationsQuerySchema = yup.object({
  offset: yup
    .number()
    .transform((_: unknown, raw: unknown) => (typeof raw === 'string' && /^\d{1,9}$/.test(raw.trim()) ? Number(raw) : typeof raw === 'number' && raw >= 0 ? Math.floor(raw) : 0))
    .optional()
    .default(0),
});
/** `?responseCapcha=` of capchaVerification (a base64 ALTCHA payload; misspelling as published). */
export const captchaVerifyQuerySchema = yup.object({ responseCapcha: yup.string().max(10_000).optional().default('') });

/** Validation and documentation of AUTH_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const AUTH_SERVER = {
  signup: {
    summary: 'Start a sign-up and mail a 5 digit verification code',
    description:
      'core §4, §5 "Signup, checked in this order". The account exists once the code is verified, with exactly this attempt’s details ' +
      '(another sign-up of the same e-mail is its own attempt with its own code). Answers `signup_token`, which names this attempt to ' +
      'verifyEmailOTP and resendEmailOTP. 400 the first failing message or a bad captcha; 429 rate limit. A registered e-mail gets the same answer and its owner a notice by mail (decision 022).',
    body: signupSchema,
    headers: [captchaHeader],
    errors: [400, 429],
  },
  verifyEmailOTP: {
    summary: 'Verify the sign-up code; answers a login token',
    description:
      'core §5 OTP: 5 digits, 10 minutes, 5 attempts. `signup_token` names the attempt (required when the e-mail has several). ' +
      '400 invalid or expired; 409 e-mail verified meanwhile; 429 too many attempts.',
    body: verifyEmailOtpSchema,
    errors: [400, 409, 429],
  },
  resendEmailOTP: {
    summary: 'Send a new code (type "verification", or empty for password recovery)',
    description: 'The same answer for every e-mail, known or not; inside the 30 s floor (core §5) nothing is sent. Limited per client IP.',
    body: resendOtpSchema,
    errors: [400, 429],
  },
  login: {
    summary: 'Log in; answers a token',
    description:
      'core §4, §5 Login. 400 invalid e-mail or password, or a bad captcha; 403 not verified (a new code is mailed, and the answer ' +
      'carries the attempt’s `signup_token` for the OTP screen); 429 rate limit.',
    body: loginSchema,
    headers: [captchaHeader],
    codes: { 403: ['not_verified'] },
    errors: [400, 403, 429],
  },
  forgetPassword: {
    summary: 'Mail a recovery code; never reveals whether the e-mail exists',
    body: forgetPasswordSchema,
    headers: [captchaHeader],
    errors: [400, 429],
  },
  VerifyForgetPasswordOTP: {
    summary: 'Verify the recovery code; answers a temporary reset token',
    description: 'The reset token (15 minutes) opens only ChangeUserPassword (core §4).',
    body: verifyForgetOtpSchema,
    errors: [400, 429],
  },
  ChangeUserPassword: {
    summary: 'Set a new password with the reset token; answers a login token',
    description: 'core §5 recovery: fewer than 5 characters refused with the "6 characters" message (as observed). Ends every other session.',
    body: changePasswordSchema,
    errors: [400, 429],
  },
  logout: {
    summary: 'End the current session on the server',
    errors: [],
  },
  getUserDetails: {
    summary: 'The caller’s profile, revenue (USD) and USD→INR conversion rate',
    response: userDetailsDoc,
    errors: [],
  },
  checkAwayStatus: {
    summary: 'Away / maintenance mode and its text (core §3, §6)',
    response: awayDoc,
    errors: [],
  },
  checkUserRevokeStatus: {
    summary: 'Whether the caller is revoked (1 blocks release creation, core §6)',
    response: revokedDoc,
    errors: [],
  },
  getAppConfig: {
    summary: 'Public settings the browser needs (support address, public site)',
    response: appConfigDoc,
    errors: [],
  },
  captchaChallenge: {
    summary: 'ALTCHA challenge for the captcha widget (raw, not enveloped: the widget reads it as is)',
    unenveloped: true,
    response: yup.object({
      parameters: yup.object({ nonce: yup.string().required() }).required(),
      signature: yup.string(),
    }),
    errors: [],
  },
  capchaVerification: {
    summary: 'Verify a solved captcha; answers a single-use captcha_token',
    description: 'core §7: success is false for a bad, expired or replayed payload.',
    query: captchaVerifyQuerySchema,
    response: captchaDoc,
    errors: [429],
  },
  getNotificationsForUser: {
    summary: `A page of the caller’s notifications (${SHELL.notificationPageSize} per page), newest first`,
    description: 'core §2 bell: reading offset 0 clears the "new" badge.',
    query: notificationsQuerySchema,
    response: notificationDoc,
    errors: [],
  },
  checkNotificationBell: {
    summary: 'Whether the bell shows the "new" badge (top-level notification_icon 1 or 0)',
    errors: [],
  },
  health: {
    summary: 'Readiness: the database answers (503 with Retry-After while it does not)',
    response: yup.object({ database: yup.string().required(), engine: yup.string().required() }),
    reportStatuses: [503],
    errors: [503],
  },
  healthReady: {
    summary: 'Readiness (same as health)',
    response: yup.object({ database: yup.string().required(), engine: yup.string().required() }),
    reportStatuses: [503],
    errors: [503],
  },
  healthLive: {
    summary: 'Liveness: the process answers (never touches the database)',
    response: yup.object({ process: yup.string().required(), uptime_s: yup.number().integer().required() }),
    errors: [],
  },
} satisfies ServerDocs;
