/** Limits of the account flows (core §5, §9 and DESIGN.md "Mail, captcha, identity"). */
export const AUTH_LIMITS = {
  otpLength: 5,
  otpResendFloorSeconds: 30,
  otpTtlMinutes: 10,
  otpMaxAttempts: 5,
  phoneDigits: 10,
  signupPasswordMin: 6,
  /** Recovery check as observed: fewer than 5 is rejected, with the "6 characters" message (core §5). */
  recoveryPasswordMin: 5,
  nameMax: 100,
  emailMax: 254,
  addressMax: 500,
  passwordMax: 128,
  resetTokenTtlMinutes: 15,
  /** A login at most this old lets a password or bank-details change through without the current password (ASVS V6, decision 022). */
  stepUpFreshMinutes: 15,
  captchaTokenTtlMinutes: 10,
} as const;

/** `type` values of resendEmailOTP (core §7): "verification", or empty for the forgot flow. */
export type OtpPurpose = 'verification' | 'forgot';
