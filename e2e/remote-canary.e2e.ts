import type { Browser, BrowserContext, Page } from 'playwright-core';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RELEASE_UI, REMOTE_UPDATE_TEXT, SHELL_TEXT } from '@portal/contracts';
import { launchBrowser, screenshot } from './support/browser';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS fixtures shared with the bench
const fixtures = require('../scripts/remote/test-fixtures.js') as {
  startVersionedPortal(o?: object): Promise<VersionedPortal>;
  buildChangedReleases(o: { replace(s: string): string }): Promise<Candidate>;
};
type Candidate = { dist: string; version: string; cleanup(): void };
type VersionedPortal = { url: string; dataDir: string; remote(...args: string[]): Promise<{ code: number; out: string; ms: number }>; stop(): Promise<void> };

const OLD_TEXT = RELEASE_UI.select.intro;
const NEW_TEXT = 'What would you like to release today? (canary)';
const WINDOW_SECONDS = 60;

/**
 * docs/decisions/021 "Done when": a canary at 50 % serves two browser contexts different versions and
 * each keeps its own; a canary whose remote throws on load is rolled back by itself (from the shell's
 * beacon reports) within the configured window, and a fresh page shows the previous version.
 */
describe('remote canary and automatic rollback', () => {
  let portal: VersionedPortal;
  let browser: Browser;
  let b: Candidate;
  let a: string;
  let token: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    Object.assign(process.env, {
      CAPTCHA_REQUIRED: 'false',
      REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS: String(WINDOW_SECONDS),
      REMOTE_AUTO_ROLLBACK_MIN_LOADS: '2',
      REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS: '2',
      REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT: '50',
    });
    [b, portal] = await Promise.all([
      fixtures.buildChangedReleases({ replace: (s) => s.replace('{RELEASE_UI.select.intro}', `{${JSON.stringify(NEW_TEXT)}}`) }),
      fixtures.startVersionedPortal(),
    ]);
    a = await liveVersion();
    // B stored but not live: deployed, then rolled back.
    expect((await portal.remote('deploy', 'mfe-releases', '--from', b.dist)).code).toBe(0);
    expect((await portal.remote('rollback', 'mfe-releases')).code).toBe(0);
    browser = await launchBrowser();
    const post = (p: string, body: object) => fetch(`${portal.url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const email = `canary.${Date.now()}@example.com`;
    await post('signup', { name: 'Canary Tester', email, phone: '9123456784', address: 'Ops Road', password: 'canary-pass1' });
    const outbox = join(portal.dataDir, 'outbox');
    const otp = readdirSync(outbox).map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8'))).find((m: { to: string }) => m.to === email).meta.otp;
    token = (await post('verifyEmailOTP', { email, otp })).token;
  }, 180_000);

  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
    await portal?.stop();
    b?.cleanup();
  });

  async function liveVersion(): Promise<string> {
    const registry = (await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>;
    return /\/([^/]+)\/mf-manifest\.json$/.exec(registry.mfe_releases!)![1]!;
  }

  /** A new browser (context: its own cookies and cache) signed in. */
  async function newBrowser(): Promise<BrowserContext> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    contexts.push(context);
    return context;
  }

  /** Load /select_release in `page`: which text it shows, or the area's fallback. */
  async function shows(page: Page): Promise<string> {
    await page.goto(`${portal.url}/select_release`);
    const texts = [NEW_TEXT, OLD_TEXT, SHELL_TEXT.remoteUnavailable, REMOTE_UPDATE_TEXT.newVersion];
    return (await page.waitForFunction((t) => t.find((x) => document.body.innerText.includes(x)), texts, { timeout: 30_000 }).then((h) => h.jsonValue())) as string;
  }

  it('serves a 50 % canary to some browsers and not others, each keeping its own version', async () => {
    const r = await portal.remote('canary', 'mfe-releases', b.version, '--percent', '50');
    expect(r).toMatchObject({ code: 0, out: `mfe_releases: ${b.version} is served to 50 % of browsers (live stays ${a}).` });
    const found: Record<string, Page> = {};
    for (let i = 0; i < 16 && !(found[NEW_TEXT] && found[OLD_TEXT]); i++) {
      const page = await (await newBrowser()).newPage();
      const text = await shows(page);
      found[text] ??= page;
    }
    expect(Object.keys(found).sort()).toEqual([NEW_TEXT, OLD_TEXT].sort());
    await screenshot(found[NEW_TEXT]!, 'remote-canary-b-1280');
    // Each browser keeps its own version on the next loads.
    for (const text of [NEW_TEXT, OLD_TEXT]) for (let i = 0; i < 2; i++) expect(await shows(found[text]!)).toBe(text);
    expect((await portal.remote('canary', 'mfe-releases', '--stop')).code).toBe(0);
    expect(await shows(found[NEW_TEXT]!)).toBe(OLD_TEXT);
  });

  it('rolls a canary that throws on load back by itself within the window; fresh pages show the previous version', async () => {
    // A candidate whose /select_release module throws as it loads: A's files, its exposed chunk replaced.
    const dir = mkdtempSync(join(tmpdir(), 'remote-boom-'));
    try {
      cpSync(join(portal.dataDir, 'remotes', 'mfe-releases', a), dir, { recursive: true });
      const info = JSON.parse(readFileSync(join(dir, 'version.json'), 'utf8'));
      info.version = `${info.packageVersion}-boom`;
      writeFileSync(join(dir, 'version.json'), JSON.stringify(info));
      const chunk = readdirSync(dir).find((f) => /^__federation_expose_SelectReleasePage\.[0-9a-f]+\.js$/.test(f))!;
      writeFileSync(join(dir, chunk), 'throw new Error("canary boom");');
      for (const copy of [`${chunk}.br`, `${chunk}.gz`]) rmSync(join(dir, copy), { force: true });
      expect((await portal.remote('deploy', 'mfe-releases', '--from', dir)).code).toBe(0);
      expect((await portal.remote('rollback', 'mfe-releases')).code).toBe(0);
      expect((await portal.remote('canary', 'mfe-releases', info.version, '--percent', '90')).code).toBe(0);
      const started = Date.now();

      // Browsers load; those in the canary fail and their shell reports it.
      let failed: Page | undefined;
      for (let i = 0; i < 12 && (await liveCanary()); i++) {
        const page = await (await newBrowser()).newPage();
        const text = await shows(page);
        if (text === SHELL_TEXT.remoteUnavailable || text === REMOTE_UPDATE_TEXT.newVersion) failed ??= page;
        await page.waitForTimeout(300); // the beacon is sent after the failure shows
      }
      expect(await liveCanary()).toBe(false);
      expect(Date.now() - started).toBeLessThan(WINDOW_SECONDS * 1000);
      expect(failed).toBeDefined();
      await screenshot(failed!, 'remote-canary-boom-fallback-1280');
      // The browser that failed gets the previous version on its next load, and so does a fresh one.
      expect(await shows(failed!)).toBe(OLD_TEXT);
      expect(await shows(await (await newBrowser()).newPage())).toBe(OLD_TEXT);
      const list = await portal.remote('list', 'mfe-releases');
      expect(list.out).toMatch(new RegExp(`^!\\s+mfe_releases\\s+${info.version.replace(/\./g, '\\.')}.*BAD since .* by auto-rollback: automatic rollback: \\d+ of \\d+ browsers failed to load it`, 'm'));
      const history = await portal.remote('history', 'mfe-releases');
      expect(history.out.split('\n')[0]).toMatch(/canary\s+marked\s+.*by auto-rollback/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  async function liveCanary(): Promise<boolean> {
    const list = await portal.remote('list', 'mfe-releases');
    return /-boom/.test(list.out) && !/^!\s+mfe_releases\s+\S+-boom/m.test(list.out);
  }
});
