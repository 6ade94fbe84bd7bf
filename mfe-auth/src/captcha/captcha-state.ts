/**
 * What the Captcha component does for each `statechange` of the ALTCHA widget
 * (states of `altcha` v3: unverified, verifying, verified, code, error, expired).
 *
 * - verified: the proof of work is solved in the browser; its payload still has to pass
 *   POST /api/capchaVerification before the form may submit (core §7).
 * - expired: toast "Captcha expired. Try again ?" and disable the submit button (core §8).
 * - anything else: no valid pass, so the submit button is disabled.
 */
export type CaptchaAction =
  | { kind: 'verify'; payload: string }
  | { kind: 'expired' }
  | { kind: 'clear' };

export function captchaActionFor(state: string | undefined, payload: string | null | undefined): CaptchaAction {
  if (state === 'verified' && payload) return { kind: 'verify', payload };
  if (state === 'expired') return { kind: 'expired' };
  return { kind: 'clear' };
}

