import { PUBLIC_SITE_PATH, SHELL } from '@portal/contracts';
import { useSession } from '../session/session.store';

let redirectTimer: ReturnType<typeof setTimeout> | null = null;

/**
 * Ends the session after a `status: 0` answer (core §4, §8): clears the token at once and, after
 * SHELL.sessionOverRedirectMs (0.5 s), goes to PUBLIC_SITE_PATH with a full navigation so every
 * store and remote starts clean. Several failing calls at once schedule one redirect.
 */
export function endSession(): void {
  useSession.getState().clear();
  if (redirectTimer !== null || typeof window === 'undefined') return;
  redirectTimer = setTimeout(() => {
    redirectTimer = null;
    window.location.assign(PUBLIC_SITE_PATH);
  }, SHELL.sessionOverRedirectMs);
}
