import type * as yup from 'yup';
import type { changePasswordSchema, forgetPasswordSchema, loginSchema, resendOtpSchema, signupSchema, verifyEmailOtpSchema, verifyForgetOtpSchema } from './auth.schemas';
import type { AwayStatus, CaptchaVerification, RevokeStatus, UserDetails } from './auth.types';
import { defineRoute } from '../common/endpoint';
import type { captchaVerifyQuerySchema, notificationsQuerySchema } from './auth.server';
import { USER_DETAILS_PATH } from './auth.request';

const token = { token: 'string' } as const;
/** `link`: the in-app page the notification is about (its release, ticket or payout), or null (docs/decisions/017). */
export type NotificationRow = { notification_id: number; notification: string; created_at: number; link?: string | null };
export type PublicAppConfig = { support_email: string; public_site_url: string };

/** Account, session, profile, captcha and bell endpoints (core §7). Paths as published. */
export const AUTH_ENDPOINTS = {
  signup: defineRoute<yup.InferType<typeof signupSchema>, undefined, 'POST'>({ method: 'POST', path: 'signup', access: 'public', tag: 'auth', fields: { signup_token: 'string' } }),
  verifyEmailOTP: defineRoute<yup.InferType<typeof verifyEmailOtpSchema>, undefined, 'POST'>({ method: 'POST', path: 'verifyEmailOTP', access: 'public', tag: 'auth', fields: token }),
  resendEmailOTP: defineRoute<yup.InferType<typeof resendOtpSchema>, undefined, 'POST'>({ method: 'POST', path: 'resendEmailOTP', access: 'public', tag: 'auth' }),
  login: defineRoute<yup.InferType<typeof loginSchema>, undefined, 'POST'>({ method: 'POST', path: 'login', access: 'public', tag: 'auth', fields: token }),
  forgetPassword: defineRoute<yup.InferType<typeof forgetPasswordSchema>, undefined, 'POST'>({ method: 'POST', path: 'forgetPassword', access: 'public', tag: 'auth' }),
  VerifyForgetPasswordOTP: defineRoute<yup.InferType<typeof verifyForgetOtpSchema>, undefined, 'POST'>({ method: 'POST', path: 'VerifyForgetPasswordOTP', access: 'public', tag: 'auth', fields: token }),
  ChangeUserPassword: defineRoute<yup.InferType<typeof changePasswordSchema>, undefined, 'POST'>({ method: 'POST', path: 'ChangeUserPassword', access: 'reset', tag: 'auth', fields: token }),
  logout: defineRoute<Record<string, never>, undefined, 'POST'>({ method: 'POST', path: 'logout', access: 'user', tag: 'auth' }),
  getUserDetails: defineRoute<undefined, UserDetails, 'GET'>({ method: 'GET', path: USER_DETAILS_PATH, access: 'user', tag: 'users' }),
  checkAwayStatus: defineRoute<undefined, AwayStatus, 'GET'>({ method: 'GET', path: 'checkAwayStatus', access: 'user', tag: 'platform' }),
  checkUserRevokeStatus: defineRoute<undefined, RevokeStatus, 'GET'>({ method: 'GET', path: 'checkUserRevokeStatus', access: 'user', tag: 'users', fields: { revoked: 'integer' } }),
  getAppConfig: defineRoute<undefined, PublicAppConfig, 'GET'>({ method: 'GET', path: 'getAppConfig', access: 'public', tag: 'platform' }),
  captchaChallenge: defineRoute<undefined, unknown, 'GET'>({ method: 'GET', path: 'captcha/challenge', access: 'public', tag: 'captcha', file: false }),
  capchaVerification: defineRoute<yup.InferType<typeof captchaVerifyQuerySchema>, CaptchaVerification, 'POST'>({ method: 'POST', path: 'capchaVerification', access: 'public', tag: 'captcha' }),
  getNotificationsForUser: defineRoute<yup.InferType<typeof notificationsQuerySchema>, NotificationRow[], 'GET'>({ method: 'GET', path: 'getNotificationsForUser', access: 'user', tag: 'notifications', list: true }),
  checkNotificationBell: defineRoute<undefined, undefined, 'GET'>({ method: 'GET', path: 'checkNotificationBell', access: 'user', tag: 'notifications', fields: { notification_icon: 'integer' } }),
  health: defineRoute<undefined, { database: string; engine: string }, 'GET'>({ method: 'GET', path: 'health', access: 'public', tag: 'health' }),
  healthReady: defineRoute<undefined, { database: string; engine: string }, 'GET'>({ method: 'GET', path: 'health/ready', access: 'public', tag: 'health' }),
  healthLive: defineRoute<undefined, { process: string; uptime_s: number }, 'GET'>({ method: 'GET', path: 'health/live', access: 'public', tag: 'health' }),
} as const;
