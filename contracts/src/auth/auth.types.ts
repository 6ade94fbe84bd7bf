/** GET /api/getUserDetails body (core §2 top bar; areas profile). revenue is in USD. */
export type UserDetails = {
  user_id: number;
  name: string;
  email: string;
  phone: string;
  address: string;
  revenue: number;
  conversionRate: number;
};
/** GET /api/checkAwayStatus body (core §3, §6). */
export type AwayStatus = { status: 'yes' | 'no'; text: string };
/** GET /api/checkUserRevokeStatus top-level field (core §3): 1 means blocked. */
export type RevokeStatus = { revoked: 0 | 1 };
/** POST /api/capchaVerification body. `captcha_token` is presented on login, signup and forgetPassword in the X-Captcha-Token header. */
export type CaptchaVerification = { success: boolean; captcha_token?: string };
/** Header carrying the single-use captcha pass. */
export const CAPTCHA_HEADER = 'x-captcha-token';
