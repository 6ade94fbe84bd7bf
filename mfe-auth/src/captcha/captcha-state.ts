import { AUTH_TEXT } from '@portal/contracts';

/**
 * Where the captcha box is (core §7, §8):
 * - idle: nothing done yet (or a pass was spent, or the server refused a solution); ticking starts.
 * - verifying: the proof of work runs in workers, then POST /api/capchaVerification checks it.
 * - verified: the server handed out a pass; the form may submit.
 * - expired: the challenge ran out before the pass was spent; ticking starts again.
 * - error: the proof of work could not be done (no challenge, no WebCrypto, no answer in time).
 */
export type CaptchaStatus = 'idle' | 'verifying' | 'verified' | 'expired' | 'error';

/** What the box shows for a status. */
export type CaptchaView = {
  /** The checkbox is ticked (only with a pass). */
  checked: boolean;
  /** Work is under way: spinner, `aria-busy`. */
  busy: boolean;
  /** Ticking the box starts a new attempt (otherwise a tick is ignored and the box says so with `aria-disabled`). */
  startsOnTick: boolean;
  /** The line beside the checkbox, announced politely ('' for none). */
  status: string;
  /** A problem announced at once (`role="alert"`) with a Retry button; `null` for none. */
  problem: string | null;
};

/** The view of each status (the component renders only this). */
export function captchaViewOf(status: CaptchaStatus): CaptchaView {
  switch (status) {
    case 'verifying':
      return { checked: false, busy: true, startsOnTick: false, status: AUTH_TEXT.captchaBoxVerifying, problem: null };
    case 'verified':
      return { checked: true, busy: false, startsOnTick: false, status: AUTH_TEXT.captchaBoxVerified, problem: null };
    case 'expired':
      return { checked: false, busy: false, startsOnTick: true, status: '', problem: AUTH_TEXT.captchaBoxExpired };
    case 'error':
      return { checked: false, busy: false, startsOnTick: true, status: '', problem: AUTH_TEXT.captchaBoxError };
    default:
      return { checked: false, busy: false, startsOnTick: true, status: '', problem: null };
  }
}
