import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS, launchChromium } from '../../scripts/chromium';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './portal';
import { settleLayout } from './wait-for';

/** Flags of DESIGN.md (scripts/chromium.js, shared with the bench scripts). */
export { CHROMIUM_ARGS };

/** Debian's Chromium, headless, with the flags of DESIGN.md. */
export function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** A page that records console errors and failed responses of the portal's own origin. */
export async function newPage(browser: Browser, width = 1280, height = 900): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width, height } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    // The browser logs every 4xx answer as "Failed to load resource"; the journeys provoke those on
    // purpose (wrong password, refused upload). Anything else logged as an error is the app's fault.
    if (m.type() === 'error' && !/^Failed to load resource: the server responded with a status of 4\d\d/.test(m.text())) errors.push(`console: ${m.text()}`);
  });
  return { page, errors };
}

/**
 * axe-core rules left out, each with its reason (docs/decisions/010). Everything else of WCAG 2.0/2.1/2.2 A and
 * AA and axe's best practices is checked.
 * - none today.
 */
const AXE_DISABLED_RULES: Record<string, string> = {};

let axeSource: string | undefined;

/**
 * Run axe-core on the page as it is now and fail, naming each rule, its impact and the offending
 * elements, on any violation (docs/decisions/010). The journeys call it on every screen they visit, through
 * {@link screenshot} (each screen a journey looks at is photographed) or directly.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A screen still rendering (remote chunks arriving after a navigation) would be judged half-drawn:
  // wait for the network to settle and the page's main landmark with its heading (up to 10 s; without
  // them axe reports the missing landmark or heading).
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForSelector('main h1', { timeout: 10_000 }).catch(() => undefined);
  // Colours are checked once entry animations (dialogs rising, toasts fading in) stand still: mid-animation
  // axe reads blended colours. Endless ones (spinners) are not waited for.
  const stillAnimations = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
    );
  await stillAnimations();
  axeSource ??= readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  let violations = await runAxe(page);
  // A toast may start its exit (its 3 s timer) after the wait above, and axe then reads its fading,
  // blended colours (seen: a toast's text at 28 % opacity, contrast 1.68): judge such a screen once more
  // after every finite animation ended and two frames were painted. A real violation is still there.
  if (violations.length) {
    await stillAnimations();
    await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
    violations = await runAxe(page);
  }
  if (violations.length) throw new Error(`axe-core found ${violations.length} violation(s) on ${screen}:\n  ${violations.join('\n  ')}`);
}

/** One axe-core run over the page (axe already injected): each violation as a readable line. */
function runAxe(page: Page): Promise<string[]> {
  return page.evaluate(async (disabled) => {
    type AxeResult = { violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> };
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: object): Promise<AxeResult> } }).axe;
    const rules = Object.fromEntries(disabled.map((id) => [id, { enabled: false }]));
    const result = await axe.run(document, { resultTypes: ['violations'], rules });
    return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary?.split('\n').slice(1, 2).join(' ').trim() ?? ''}`).join('\n')}`);
  }, Object.keys(AXE_DISABLED_RULES));
}

/** Save a screenshot under .screenshots/ (git-ignored) for a person to look at, after checking the screen with axe-core. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await expectAccessible(page, name);
  const dir = join(ROOT, '.screenshots');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.png`);
  // Grow the viewport to the page's height instead of fullPage: the shell's fixed drawer and top bar
  // would otherwise be painted mid-page in the stitched capture.
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  const height = await page.evaluate(() => Math.max(document.documentElement.scrollHeight, document.body.scrollHeight));
  if (height > size.height) await page.setViewportSize({ width: size.width, height: Math.min(height, 4000) });
  await page.screenshot({ path: file });
  if (height > size.height) await page.setViewportSize(size);
  return file;
}

/**
 * Screenshots of the screen as it is, at 1280 px and then at each narrower width (`name-<width>.png`
 * under .screenshots/, each checked with axe-core by `screenshot`), ending back at 1280 × 900.
 * `height`: the narrow viewports' height (a phone's 823 or the desk's 900). After each narrowing it
 * waits for the layout to reflow and transitions to end (settleLayout).
 */
export async function screenshotsAt(page: Page, name: string, widths: readonly number[] = [412], { height = 900 }: { height?: number } = {}): Promise<void> {
  await screenshot(page, `${name}-1280`);
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await settleLayout(page);
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await settleLayout(page);
}
