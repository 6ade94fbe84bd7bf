import type { Page } from 'playwright-core';

/**
 * Waiting in browser journeys: on a condition, never for a guessed number of milliseconds
 * (docs/conventions.md, "Tests"). In the page, prefer Playwright's own waits (a locator's `waitFor`,
 * `page.waitForFunction`, `page.waitForResponse`); `waitFor` is for conditions outside the page
 * (a mail in the outbox, a port that answers, a box that moved).
 */

/** How `waitFor` polls: give up after `timeout` ms, ask again every `interval` ms; `what` names the condition in the error. */
export type WaitOptions = { timeout?: number; interval?: number; what?: string };

/**
 * Calls `condition` until it answers something truthy and resolves to that value. A condition that
 * throws counts as not yet met. Rejects with `timed out after <timeout> ms waiting for <what>` (plus
 * the last error thrown, if any). Defaults: timeout 5000 ms, interval 50 ms.
 */
export async function waitFor<T>(condition: () => T | Promise<T>, { timeout = 5000, interval = 50, what = 'a condition' }: WaitOptions = {}): Promise<Exclude<T, false | null | undefined | 0 | ''>> {
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
 * Resolves once the page has taken its viewport's width, its web fonts are loaded and no finite CSS
 * animation or transition is running (a spinner's endless one does not count), then after two more frames so the reflow is
 * painted: what a screenshot after `setViewportSize` or a toast's arrival waits for. Rejects after
 * `timeout` ms.
 */
export async function settleLayout(page: Page, timeout = 10_000): Promise<void> {
  const width = page.viewportSize()?.width ?? null;
  await page.waitForFunction(
    (w) => (w === null || window.innerWidth === w) && document.fonts.status === 'loaded' && document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    width,
    { timeout, polling: 'raf' },
  );
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}
