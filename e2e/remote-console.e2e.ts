import type { Browser } from 'playwright-core';
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOAD_TOKENS_HEADER, OPS_UI, fillMessage } from '@portal/contracts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { ROOT } from './support/portal';
import { enrolTotp } from './support/flows';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- plain CommonJS fixtures shared with the bench
const fixtures = require('../scripts/remote/test-fixtures.js') as {
  startVersionedPortal(o?: object): Promise<VersionedPortal>;
  incompatibleCandidate(dist: string, versions: Record<string, string>, suffix?: string): { dist: string; version: string; cleanup(): void };
};
type VersionedPortal = { url: string; dataDir: string; env: NodeJS.ProcessEnv; remote(...args: string[]): Promise<{ code: number; out: string }>; stop(): Promise<void> };

const U = OPS_UI.remotes;

/**
 * docs/decisions/021 in the operations console: an admin sees each remote's versions with bad marks,
 * the version that was live before and the load errors the shell's beacon reported; marks a version bad
 * with a reason; creates a deploy token shown once. Screens at 1280 and 600 px.
 */
describe('remote versions in the operations console', () => {
  let portal: VersionedPortal;
  let browser: Browser;
  let token: string;
  let email: string;
  let b: { dist: string; version: string; cleanup(): void };
  let a: string;

  beforeAll(async () => {
    process.env.CAPTCHA_REQUIRED = 'false';
    portal = await fixtures.startVersionedPortal();
    const registry = (await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>;
    a = /\/([^/]+)\/mf-manifest\.json$/.exec(registry.mfe_releases!)![1]!;
    b = fixtures.incompatibleCandidate(join(portal.dataDir, 'remotes', 'mfe-releases', a), {}, 'b');
    expect((await portal.remote('deploy', 'mfe-releases', '--from', b.dist)).code).toBe(0);
    // The shell's beacon reported loads of the live version by three browsers, each with the load token
    // its /remotes.json answer issued (docs/decisions/029): one failed.
    for (const outcome of ['ok', 'ok', 'load_error']) {
      const tokens = JSON.parse((await fetch(`${portal.url}/remotes.json`)).headers.get(LOAD_TOKENS_HEADER) ?? '{}') as Record<string, string>;
      await fetch(`${portal.url}/api/remotes/beacon`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ remote: 'mfe_releases', version: b.version, outcome, token: tokens.mfe_releases }) });
    }
    const post = (p: string, body: object) => fetch(`${portal.url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    email = `ops.${Date.now()}@example.com`;
    await post('signup', { name: 'Ops Admin', email, phone: '9123456785', address: 'Ops Road', password: 'ops-pass-123' });
    const outbox = join(portal.dataDir, 'outbox');
    const otp = readdirSync(outbox).map((f) => JSON.parse(readFileSync(join(outbox, f), 'utf8'))).find((m: { to: string }) => m.to === email).meta.otp;
    token = (await post('verifyEmailOTP', { email, otp })).token;
    await new Promise<void>((resolve, reject) => {
      const c = spawn(process.execPath, [join(ROOT, 'api/dist/cli.js'), 'staff', 'add', email, 'admin'], { env: portal.env });
      c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`staff add exited ${code}`))));
    });
    browser = await launchBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    b?.cleanup();
  });

  it('shows versions, load errors and bad marks; marks one bad; creates a deploy token shown once', async () => {
    const { page, errors } = await newPage(browser);
    await page.context().addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto(`${portal.url}/ops/remotes`);
    await page.getByText(OPS_UI.totp.enrolIntro).waitFor({ timeout: 20_000 });
    await enrolTotp(page);

    const table = page.getByRole('table', { name: `${U.heading}: mfe_releases` });
    await table.waitFor({ timeout: 20_000 });
    await table.getByText(fillMessage(U.errorRate, { failures: 1, loads: 3 })).waitFor();
    await table.getByText(U.wasLive).waitFor();

    await table.getByRole('button', { name: `${U.markBad} ${a}` }).click();
    await page.getByRole('dialog').getByLabel(U.badReason, { exact: false }).fill('Checkout button does nothing');
    await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await table.getByText(fillMessage(U.badBy, { by: email.toLowerCase(), reason: 'Checkout button does nothing' })).waitFor();
    expect(await table.getByRole('button', { name: `${U.rollback} ${a}` }).count()).toBe(0);

    await page.getByLabel(U.tokenName, { exact: false }).fill('releases CI');
    await page.getByRole('button', { name: U.createToken }).click();
    const shown = (await page.getByTestId('deploy-token').textContent())!;
    expect(shown).toMatch(/^rdt_/);
    await page.getByRole('table', { name: U.tokens }).getByText('releases CI').waitFor();

    await screenshot(page, 'remote-console-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await page.waitForTimeout(300);
    await screenshot(page, 'remote-console-600');
    // The token deploys over HTTP; the CLI refuses the bad version.
    const refused = await portal.remote('rollback', 'mfe-releases');
    expect(refused.code).toBe(1);
    expect(errors).toEqual([]);
  });
});
