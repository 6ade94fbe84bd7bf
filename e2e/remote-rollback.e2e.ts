import type { Browser } from 'playwright-core';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RELEASE_UI } from '@portal/contracts';
import { spawn, type ChildProcess } from 'node:child_process';
import { launchBrowser, screenshot } from './support/browser';
import { ROOT } from './support/portal';
import { waitFor } from './support/wait-for';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS fixtures shared with the bench
const fixtures = require('../scripts/remote/test-fixtures.js') as {
  startVersionedPortal(o?: object): Promise<VersionedPortal>;
  buildChangedReleases(o: { replace(s: string): string }): Promise<Candidate>;
  incompatibleCandidate(dist: string, versions: Record<string, string>, suffix?: string): Candidate;
  remoteCommand(env: NodeJS.ProcessEnv, ...args: string[]): Promise<{ code: number; out: string; ms: number }>;
  freePort(): Promise<number>;
};
type Candidate = { dist: string; version: string; cleanup(): void };
type VersionedPortal = { url: string; dataDir: string; env: NodeJS.ProcessEnv; origins: Record<string, string>; remote(...args: string[]): Promise<{ code: number; out: string; ms: number }>; stop(): Promise<void> };

const OLD_TEXT = RELEASE_UI.select.intro;
const NEW_TEXT = 'What would you like to release today? (build B)';

/**
 * docs/decisions/021 "Done when": rollback goes back to the version that was live before (A, B,
 * rollback, C, rollback lands on A, and a fresh page shows A), and a version marked bad is never made
 * live again by a rollback. A is the repository's mfe-releases build, B a changed build (its own text),
 * C a copy of A under another version name (same text: the page's manifest URL tells them apart).
 */
describe('remote rollback by activation history', () => {
  let portal: VersionedPortal;
  let browser: Browser;
  let b: Candidate;
  let c: Candidate;
  let token: string;
  let a: string;

  beforeAll(async () => {
    process.env.CAPTCHA_REQUIRED = 'false';
    [b, portal] = await Promise.all([
      fixtures.buildChangedReleases({ replace: (s) => s.replace('{RELEASE_UI.select.intro}', `{${JSON.stringify(NEW_TEXT)}}`) }),
      fixtures.startVersionedPortal(),
    ]);
    a = await liveVersion();
    c = fixtures.incompatibleCandidate(join(portal.dataDir, 'remotes', 'mfe-releases', a), {}, 'c');
    browser = await launchBrowser();
    const post = (p: string, body: object) => fetch(`${portal.url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const email = `rollback.${Date.now()}@example.com`;
    await post('signup', { name: 'Rollback Tester', email, phone: '9123456783', address: 'Ops Road', password: 'rollback-pass1' });
    const outbox = join(portal.dataDir, 'outbox');
    const otp = readdirSync(outbox).map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8'))).find((m: { to: string }) => m.to === email).meta.otp;
    token = (await post('verifyEmailOTP', { email, otp })).token;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    b?.cleanup();
    c?.cleanup();
  });

  async function liveVersion(): Promise<string> {
    const registry = (await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>;
    return /\/([^/]+)\/mf-manifest\.json$/.exec(registry.mfe_releases!)![1]!;
  }

  /** A fresh browser context (empty cache) on /select_release: the text it shows and the mfe_releases version it loaded. */
  async function freshPage(shot?: string, seen: { origins?: string[]; errors?: string[] } = {}): Promise<{ text: string; version: string }> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const versions: string[] = [];
    page.on('console', (m) => m.type() === 'error' && seen.errors?.push(m.text()));
    page.on('request', (r) => {
      const m = /\/([^/]+)\/mf-manifest\.json$/.exec(r.url());
      if (m && r.url().includes(':') && !r.url().startsWith(portal.url)) {
        versions.push(m[1]!);
        seen.origins?.push(new URL(r.url()).origin);
      }
    });
    await page.goto(`${portal.url}/select_release`);
    const text = (await page.waitForFunction((texts) => texts.find((t) => document.body.innerText.includes(t)), [NEW_TEXT, OLD_TEXT], { timeout: 20_000 }).then((h) => h.jsonValue())) as string;
    if (shot) await screenshot(page, shot);
    await context.close();
    const releases = versions.filter((v) => v === a || v === b.version || v === c.version);
    return { text, version: releases[releases.length - 1] ?? '' };
  }

  it('A, B, rollback, C, rollback lands on A, and a fresh page shows A', async () => {
    expect(await freshPage()).toEqual({ text: OLD_TEXT, version: a });
    expect((await portal.remote('deploy', 'mfe-releases', '--from', b.dist)).code).toBe(0);
    expect(await freshPage('remote-rollback-b-1280')).toEqual({ text: NEW_TEXT, version: b.version });
    const first = await portal.remote('rollback', 'mfe-releases');
    expect(first.out).toContain(`rolled back to ${a} (was ${b.version})`);
    expect((await portal.remote('deploy', 'mfe-releases', '--from', c.dist)).code).toBe(0);
    expect(await freshPage()).toEqual({ text: OLD_TEXT, version: c.version });

    const second = await portal.remote('rollback', 'mfe-releases');
    expect(second.code).toBe(0);
    expect(second.out).toContain(`rolled back to ${a} (was ${c.version})`);
    expect(await liveVersion()).toBe(a);
    expect(await freshPage('remote-rollback-a-1280')).toEqual({ text: OLD_TEXT, version: a });
  });

  it('never makes a version marked bad live again by rollback', async () => {
    // History: A, C, B. C is marked bad: a rollback from B skips it and lands on A.
    expect((await portal.remote('deploy', 'mfe-releases', '--from', c.dist)).code).toBe(0);
    expect((await portal.remote('deploy', 'mfe-releases', '--from', b.dist)).code).toBe(0);
    const mark = await portal.remote('mark-bad', 'mfe-releases', c.version, '--reason', 'blank catalogue on Safari');
    expect(mark).toMatchObject({ code: 0, out: `mfe_releases: ${c.version} marked bad.` });
    const list = await portal.remote('list', 'mfe-releases');
    expect(list.out).toMatch(new RegExp(`^!\\s+mfe_releases\\s+${c.version.replace(/\./g, '\\.')}.*BAD since .* by e2e@ops: blank catalogue on Safari`, 'm'));

    const back = await portal.remote('rollback', 'mfe-releases');
    expect(back.out).toContain(`rolled back to ${a} (was ${b.version})`);
    expect(await freshPage()).toEqual({ text: OLD_TEXT, version: a });

    const refused = await portal.remote('rollback', 'mfe-releases', '--to', c.version);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain(`${c.version} is marked bad (blank catalogue on Safari, by e2e@ops): not activated; use --force`);
    expect(await liveVersion()).toBe(a);
    // Nothing else was live before A: a plain rollback refuses rather than reach for the bad one.
    const none = await portal.remote('rollback', 'mfe-releases');
    expect(none.code).toBe(1);
    expect(await liveVersion()).toBe(a);
  });

  it('moves a remote to its own origin with a deploy, without an API restart: the page loads it under the CSP', async () => {
    const port = await fixtures.freePort();
    const store: ChildProcess = spawn(process.execPath, [join(ROOT, 'scripts/remote/serve-store.js'), 'mfe-releases', String(port), '--store', join(portal.dataDir, 'remotes')], { stdio: 'ignore' });
    try {
      const moved = `http://localhost:${port}`;
      await waitFor(() => fetch(`${moved}/`).then(() => true), { interval: 100, what: `the store on ${moved}` }).catch(() => undefined);
      const env = { ...portal.env, REMOTE_ORIGINS: JSON.stringify({ ...portal.origins, mfe_releases: moved }) };
      const r = await fixtures.remoteCommand(env, 'deploy', 'mfe-releases', '--from', join(portal.dataDir, 'remotes', 'mfe-releases', a));
      expect(r.code).toBe(0);
      expect(r.out).toContain(`${a} stays live, now from ${moved}/${a}/mf-manifest.json`);
      const doc = await fetch(`${portal.url}/select_release`);
      expect(doc.headers.get('content-security-policy')).toMatch(new RegExp(`script-src [^;]*${moved.replace(/[.:/]/g, '\\$&')}`));
      const seen = { origins: [] as string[], errors: [] as string[] };
      expect(await freshPage('remote-moved-origin-1280', seen)).toEqual({ text: OLD_TEXT, version: a });
      expect(seen.origins).toContain(moved);
      expect(seen.errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
    } finally {
      store.kill('SIGTERM');
    }
  });
});
