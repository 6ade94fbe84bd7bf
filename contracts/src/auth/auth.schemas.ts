import * as yup from 'yup';
import { AUTH_LIMITS } from './auth.limits';
import { AUTH_MESSAGES as M } from './auth.messages';

// Both the forms and the API validate with these schemas, so the checks and their order
// (core §5 "Signup, checked in this order") are the same on both sides.

const email = yup.string().trim().required(M.emailRequired).email(M.emailInvalid).max(AUTH_LIMITS.emailMax, M.emailInvalid);

/** POST /api/login payload (core §5 Login). */
export const loginSchema = yup.object({
  email,
  password: yup.string().required(M.passwordRequired).max(AUTH_LIMITS.passwordMax),
});
export type LoginPayload = yup.InferType<typeof loginSchema>;

/** POST /api/signup payload, checked in the order of core §5 (ip is read server side). */
export const signupSchema = yup.object({
  name: yup.string().trim().required(M.nameRequired).max(AUTH_LIMITS.nameMax, M.nameRequired),
  email,
  phone: yup
    .string()
    .trim()
    .required(M.phoneRequired)
    .matches(new RegExp(`^\\d{${AUTH_LIMITS.phoneDigits}}$`), M.phoneInvalid),
  address: yup.string().trim().required(M.addressRequired).max(AUTH_LIMITS.addressMax),
  password: yup
    .string()
    .required(M.passwordRequired)
    .min(AUTH_LIMITS.signupPasswordMin, M.passwordLength)
    .max(AUTH_LIMITS.passwordMax),
  ip: yup.string().optional(),
});
export type SignupPayload = yup.InferType<typeof signupSchema>;

/** The signup form adds the two checkboxes to the wire payload (core §2 /signup, §5). */
export const signupFormSchema = signupSchema.shape({
  terms: yup.boolean().oneOf([true], M.termsRequired).required(M.termsRequired),
  emailUpdates: yup.boolean().oneOf([true], M.emailUpdatesRequired).required(M.emailUpdatesRequired),
});

/** A 5 numeric digit OTP (core §5 OTP). */
export const otpSchema = yup
  .string()
  .required(M.otpFormat)
  .matches(new RegExp(`^\\d{${AUTH_LIMITS.otpLength}}$`), M.otpFormat);

/** The opaque token of one sign-up attempt, answered by signup (and by a login of an unverified e-mail). */
const signupToken = yup.string().trim().max(64).optional();

/** POST /api/verifyEmailOTP payload; `signup_token` names the attempt the code is for (docs/decisions/026). */
export const verifyEmailOtpSchema = yup.object({ email, otp: otpSchema, signup_token: signupToken });
/** POST /api/VerifyForgetPasswordOTP payload (field OTP upper-case, as published). */
export const verifyForgetOtpSchema = yup.object({ email, OTP: otpSchema });
/** POST /api/resendEmailOTP payload. */
export const resendOtpSchema = yup.object({ email, type: yup.string().max(32).optional().default(''), signup_token: signupToken });
/** POST /api/forgetPassword payload. */
export const forgetPasswordSchema = yup.object({ email });

/**
 * New password of the recovery flow (core §5): both required, fewer than 5 characters rejected with
 * the "6 characters" message (as observed), the two must match.
 */
export const newPasswordFormSchema = yup.object({
  password: yup
    .string()
    .required(M.newPasswordRequired)
    .min(AUTH_LIMITS.recoveryPasswordMin, M.passwordLength)
    .max(AUTH_LIMITS.passwordMax),
  confirmPassword: yup
    .string()
    .required(M.newPasswordRequired)
    .oneOf([yup.ref('password')], M.newPasswordMismatch),
});
/** POST /api/ChangeUserPassword payload (the server sees only `password`). */
export const changePasswordSchema = yup.object({
  password: yup
    .string()
    .required(M.newPasswordRequired)
    .min(AUTH_LIMITS.recoveryPasswordMin, M.passwordLength)
    .max(AUTH_LIMITS.passwordMax),
});
