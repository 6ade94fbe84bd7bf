import type { Page } from 'playwright-core';

/**
 * Waiting in browser journeys: on a condition, never for a guessed number of milliseconds
 * (docs/conventions.md, "Tests"). In the page, prefer Playwright's own waits (a locator's `waitFor`,
 * `page.waitForFunction`, `page.waitForResponse`); `waitFor` is for conditions outside the page
 * (a mail in the outbox, a port that answers, a box that moved).
 */

// One waitFor for every test tier (api/test/helpers/wait-for.ts): condition, timeout, interval, `what` in the error.
export { waitFor, type WaitOptions } from '../../api/test/helpers/wait-for';

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
