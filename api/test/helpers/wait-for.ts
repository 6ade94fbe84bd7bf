/**
 * Waiting in tests: on a condition, never for a guessed number of milliseconds (docs/conventions.md,
 * "Tests"). A fixed sleep is either too short on a loaded CI machine (a flaky test) or longer than
 * needed everywhere (a slow one); `waitFor` returns as soon as the condition holds and fails with a
 * message naming what never happened.
 */

/** How `waitFor` polls: give up after `timeout` ms, ask again every `interval` ms; `what` names the condition in the error. */
export type WaitOptions = { timeout?: number; interval?: number; what?: string };

/**
 * Calls `condition` until it answers something truthy and resolves to that value (so a wait can also
 * fetch: `const otp = await waitFor(() => t.lastOtp(email))`). A condition that throws counts as not
 * yet met. Rejects with `timed out after <timeout> ms waiting for <what>` (plus the last error thrown,
 * if any) once `timeout` ms passed. Defaults: timeout 5000 ms, interval 25 ms.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, { timeout = 5000, interval = 25, what = 'a condition' }: WaitOptions = {}): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
  const end = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await condition();
      if (value) return value as Exclude<T, false | null | undefined | 0 | ''>;
    } catch (e) {
      lastError = e;
    }
    if (Date.now() >= end) {
      const cause = lastError === undefined ? '' : ` (last error: ${lastError instanceof Error ? lastError.message : String(lastError)})`;
      throw new Error(`timed out after ${timeout} ms waiting for ${what}${cause}`);
    }
    await new Promise((r) => setTimeout(r, interval));
  }
}

/**
 * Lets `ms` milliseconds of wall-clock time pass. Only for tests where time passing IS the behaviour
 * under test (a window must close, a TTL expire, a backoff elapse, a period show that nothing more
 * happens); every call site says which in a comment. Anything else waits with `waitFor`.
 */
export function letTimePass(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
