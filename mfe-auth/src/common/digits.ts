/**
 * Keeps the digits of `value`, at most `max` of them. The phone field (core §5: "input cannot exceed
 * 10") and the OTP field (5 numeric digits) pass every keystroke and paste through it.
 */
export function digitsOnly(value: string, max: number): string {
  return value.replace(/\D+/g, '').slice(0, max);
}
