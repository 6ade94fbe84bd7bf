import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type Server, type Socket } from 'node:net';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_TEXT, RELEASE_UI, REMOTE_UPDATE_TEXT, SHELL_TEXT } from '@portal/contracts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { ROOT } from './support/portal';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS fixtures shared with the bench
const fixtures = require('../scripts/remote/test-fixtures.js') as {
  freePort(): Promise<number>;
  startVersionedPortal(o?: { overrides?: Record<string, string> }): Promise<VersionedPortal>;
  buildChangedReleases(o: { replace(s: string): string }): Promise<Candidate>;
  incompatibleCandidate(dist: string, versions: Record<string, string>, suffix?: string): Candidate;
};
type Candidate = { dist: string; version: string; cleanup(): void };
type VersionedPortal = {
  url: string;
  dataDir: string;
  api: { pid: number; exitCode: number | null };
  remote(...args: string[]): Promise<{ code: number; out: string; ms: number }>;
  stop(): Promise<void>;
};

const OLD_TEXT = RELEASE_UI.select.intro;
const NEW_TEXT = 'What would you like to release today? (deployed alone)';

/**
 * Acceptance (docs/decisions/007): the portal runs with each remote's version store on its own port and the
 * registry in the database. A changed mfe-releases, built alone, is deployed with `npm run remote --
 * deploy`; a fresh page shows it with no shell build and no API restart; `remote rollback` brings the old
 * text back; pages opened before keep working or offer the reload; an incompatible candidate is refused.
 * mfe_tools_rights points (REMOTES_JSON) at a server that accepts connections and never answers.
 */
describe('deploy and roll back one remote', () => {
  let portal: VersionedPortal;
  let browser: Browser;
  let changed: Candidate;
  let hang: Server;
  const sockets: Socket[] = [];
  const user = { name: 'Meera Iyer', email: `meera.${Date.now()}@example.com`, phone: '9123456781', address: 'MG Road, Pune', password: 'meera-pass1' };
  let session: Awaited<ReturnType<BrowserContext['storageState']>>;
  const errors: string[] = [];
  const shellMtime = () => statSync(join(ROOT, 'shell/dist/main.js')).mtimeMs;
  let shellBuiltAt: number;

  beforeAll(async () => {
    hang = createServer((socket) => sockets.push(socket)); // accepts, never answers
    const hangPort = await fixtures.freePort();
    await new Promise<void>((r) => hang.listen(hangPort, '127.0.0.1', r));
    [changed, portal] = await Promise.all([
      fixtures.buildChangedReleases({ replace: (s) => s.replace('{RELEASE_UI.select.intro}', `{${JSON.stringify(NEW_TEXT)}}`) }),
      fixtures.startVersionedPortal({ overrides: { mfe_tools_rights: `http://127.0.0.1:${hangPort}/mf-manifest.json` } }),
    ]);
    shellBuiltAt = shellMtime();
    browser = await launchBrowser();

    const { altcha, deriveKey } = await import('../api/dist/captcha/altcha');
    const post = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${portal.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
    const challenge = await (await fetch(`${portal.url}/api/captcha/challenge`)).json();
    const solution = await altcha.solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const pass = await post(`capchaVerification?responseCapcha=${encodeURIComponent(payload)}`, {});
    await post('signup', user, { 'x-captcha-token': pass.body.captcha_token });
    const outbox = join(portal.dataDir, 'outbox');
    const otp = readdirSync(outbox).map((f: string) => JSON.parse(readFileSync(join(outbox, f), 'utf8'))).find((m: { to: string }) => m.to === user.email)?.meta?.otp;
    await post('verifyEmailOTP', { email: user.email, otp });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    changed?.cleanup();
    for (const s of sockets) s.destroy();
    hang?.close();
  });

  /** A page of its own context (fresh cache) with the signed-in session, recording console errors. */
  async function freshPage(path: string, allowed: RegExp[] = []): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: session });
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      if (/^Failed to load resource: the server responded with a status of 4\d\d/.test(text) || allowed.some((re) => re.test(text))) return;
      errors.push(`console: ${text}`);
    });
    await page.goto(`${portal.url}${path}`);
    return page;
  }

  it('signs in through the browser with every remote from its own port and version folder', async () => {
    const registry = (await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>;
    expect(registry.mfe_releases).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/0\.1\.0-[0-9a-f]{10}\/mf-manifest\.json$/);
    const { page, errors: loginErrors } = await newPage(browser);
    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await page.waitForFunction((n) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === n && !b.disabled), AUTH_TEXT.loginButton, { timeout: 30_000 });
    await page.getByRole('button', { name: AUTH_TEXT.loginButton, exact: true }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    session = await page.context().storageState();
    expect(loginErrors).toEqual([]);
    await page.context().close();
  });

  it('deploys a changed mfe-releases built alone: fresh pages show it, open pages keep working, rollback restores it', async () => {
    const before = await freshPage('/select_release');
    await before.getByText(OLD_TEXT).waitFor();
    const apiPid = portal.api.pid;

    const deploy = await portal.remote('deploy', 'mfe-releases', '--from', changed.dist);
    expect(deploy.code).toBe(0);
    expect(deploy.out).toContain(`deployed ${changed.version}`);

    const after = await freshPage('/select_release');
    await after.getByText(NEW_TEXT).waitFor({ timeout: 15_000 });
    await screenshot(after, 'remote-deploy-new-version-1280');
    await after.context().close();

    // The page opened before the deploy keeps its version: other routes of the remote still load.
    await before.getByRole('link', { name: 'Catalog' }).first().click();
    await before.getByRole('heading', { name: RELEASE_UI.catalog.title }).first().waitFor();
    await before.getByRole('link', { name: 'Dashboard' }).first().click();
    await before.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    expect(await before.getByText(SHELL_TEXT.remoteUnavailable).count()).toBe(0);
    await before.context().close();

    const rollback = await portal.remote('rollback', 'mfe-releases');
    expect(rollback.code).toBe(0);
    expect(rollback.out).toContain(`(was ${changed.version})`);
    const restored = await freshPage('/select_release');
    await restored.getByText(OLD_TEXT).waitFor({ timeout: 15_000 });
    expect(await restored.getByText(NEW_TEXT).count()).toBe(0);
    await restored.context().close();

    expect(portal.api.exitCode).toBeNull();
    expect(portal.api.pid).toBe(apiPid);
    expect(shellMtime()).toBe(shellBuiltAt);
    const history = await portal.remote('history', 'mfe-releases');
    expect(history.out).toMatch(/rollback\s+activated\s+\S+ → 0\.1\.0-/);
    expect(errors).toEqual([]);
  });

  it('refuses a candidate that asks for another React major, and the live version stays', async () => {
    const live = ((await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>).mfe_releases;
    const candidate = fixtures.incompatibleCandidate(changed.dist, { react: '18.3.1', 'react-dom': '18.3.1' });
    try {
      const refused = await portal.remote('deploy', 'mfe-releases', '--from', candidate.dist);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain('react 18.3.1 (the shell has react 19.');
      expect(refused.out).toContain('The live version stays.');
    } finally {
      candidate.cleanup();
    }
    expect(((await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>).mfe_releases).toBe(live);
    const page = await freshPage('/select_release');
    await page.getByText(OLD_TEXT).waitFor();
    await page.context().close();
    expect(errors).toEqual([]);
  });

  it('lets one of two deploy commands started at the same time win; the other changes nothing', async () => {
    const list = await portal.remote('list', 'mfe-releases');
    const revision = Number(/\(revision (\d+)\)/.exec(list.out)![1]);
    const liveBefore = ((await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>).mfe_releases;
    const other = fixtures.incompatibleCandidate(changed.dist, {}, 'concurrent');
    try {
      // Two processes that both read `revision` (as two operators would from `remote list`).
      const [a, b] = await Promise.all([
        portal.remote('deploy', 'mfe-releases', '--from', changed.dist, '--expect-revision', String(revision), '--by', 'first'),
        portal.remote('deploy', 'mfe-releases', '--from', other.dist, '--expect-revision', String(revision), '--by', 'second'),
      ]);
      expect([a.code, b.code].sort()).toEqual([0, 1]);
      const loser = a.code === 1 ? a : b;
      // The loser names the winner: its claim still held ("won: <version> by …") or, when the winner has
      // already finished and released it, the live version ("won (live is …)").
      expect(loser.out).toMatch(/Another (deploy|activation) of mfe_releases won[: (].*nothing changed/);
      const winner = a.code === 0 ? changed.version : other.version;
      const liveAfter = ((await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>).mfe_releases;
      expect(liveAfter).not.toBe(liveBefore);
      expect(liveAfter).toContain(`/${winner}/`);
      const history = await portal.remote('history', 'mfe-releases');
      expect(history.out.split('\n').slice(0, 2).map((l) => /deploy\s+(\w+)/.exec(l)![1]).sort()).toEqual(['activated', 'conflict']);
    } finally {
      // Back to the original build for the next test, also when an expectation above failed.
      const back = await portal.remote('rollback', 'mfe-releases', '--to', /\/(0\.1\.0-[0-9a-f]+)\//.exec(liveBefore)![1]!);
      other.cleanup();
      expect(back.code).toBe(0);
    }
  });

  it('offers "A new version is available" to a page whose version was removed after a deploy, and the reload shows the new one', async () => {
    const stale = await freshPage('/select_release', [/ChunkLoadError|Loading chunk|RUNTIME-\d+|Failed to fetch/]);
    await stale.getByText(OLD_TEXT).waitFor();
    const oldUrl = ((await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>).mfe_releases;
    const deploy = await portal.remote('deploy', 'mfe-releases', '--from', changed.dist);
    expect(deploy.code).toBe(0);
    // As when the old version has been pruned from the store (more than REMOTE_KEEP_VERSIONS deploys later).
    const oldVersion = /\/(0\.1\.0-[0-9a-f]+)\//.exec(oldUrl)![1]!;
    rmSync(join(portal.dataDir, 'remotes', 'mfe-releases', oldVersion), { recursive: true, force: true });

    await stale.getByRole('link', { name: 'Catalog' }).first().click();
    await stale.getByText(REMOTE_UPDATE_TEXT.newVersion).waitFor({ timeout: 20_000 });
    expect(await stale.getByRole('navigation').first().isVisible()).toBe(true);
    await screenshot(stale, 'remote-deploy-new-version-offer-1280');
    await stale.getByRole('button', { name: REMOTE_UPDATE_TEXT.reload }).click();
    await stale.getByRole('heading', { name: RELEASE_UI.catalog.title }).first().waitFor({ timeout: 15_000 });
    await stale.getByRole('link', { name: 'Create Release' }).first().click();
    await stale.getByText(NEW_TEXT).waitFor({ timeout: 15_000 });
    await stale.context().close();
    expect(errors).toEqual([]);
  });

  it('shows the area fallback for a remote that accepts connections but never answers, while other areas work', async () => {
    const page = await freshPage('/marketing/promotions', [/did not answer|signal timed out|Failed to fetch|RUNTIME-\d+/]);
    const started = Date.now();
    await page.getByText(SHELL_TEXT.remoteUnavailable).waitFor({ timeout: 30_000 });
    expect(Date.now() - started).toBeLessThan(20_000);
    await screenshot(page, 'remote-deploy-hanging-remote-1280');
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await page.getByRole('heading', { name: RELEASE_UI.catalog.title }).first().waitFor();
    expect(await page.getByText(SHELL_TEXT.remoteUnavailable).count()).toBe(0);
    await page.context().close();
    expect(errors).toEqual([]);
  });
});
