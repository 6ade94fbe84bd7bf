import { AUTH_LIMITS } from './auth.limits';

/**
 * How many characters a digits-only field (Phone, OTP) accepts before it is cleaned: room for a pasted
 * "+91 98765 43210" or "Your code: 12 345", so the browser's own maxLength never cuts a paste short and
 * keeps a different number (docs/decisions/017).
 */
export const DIGIT_INPUT_MAX_CHARS = 32;

/**
 * The 10 digits a person meant when typing or pasting a phone number (core §5 Phone: "input cannot
 * exceed 10"): spaces, dashes and brackets dropped, then an international "00"/"+" 91 country code or
 * a trunk "0" removed when the number is longer than 10 digits, then cut to 10.
 * `phoneInputDigits('+91 98765 43210')` → `'9876543210'`; `phoneInputDigits('098765-43210')` → `'9876543210'`.
 */
export function phoneInputDigits(value: string, max: number = AUTH_LIMITS.phoneDigits): string {
  let digits = String(value ?? '').replace(/\D+/g, '');
  if (digits.length > max && digits.startsWith('00')) digits = digits.slice(2);
  if (digits.length >= max + 2 && digits.startsWith('91')) digits = digits.slice(2);
  if (digits.length > max && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, max);
}

/**
 * The digits of a typed or pasted one-time code (core §5 OTP: 5 numeric digits): every non-digit
 * dropped before the cut, so "12ab3456" keeps "12345" instead of the browser's "12ab3" → "123".
 */
export function codeInputDigits(value: string, length: number = AUTH_LIMITS.otpLength): string {
  return String(value ?? '').replace(/\D+/g, '').slice(0, length);
}
