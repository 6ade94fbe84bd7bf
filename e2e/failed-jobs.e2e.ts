import type { Browser } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { fillMessage, JOB_MESSAGES, JOBS_UI, OPS_UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { freePort, startPortal, type Portal } from './support/portal';
import { enrolTotp } from './support/flows';
import { waitFor } from './support/wait-for';

const until = async <T>(what: string, fn: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> => (await waitFor(fn, { timeout: ms, interval: 100, what })) as T;

/**
 * Failed jobs in the operations console (docs/decisions/018-scale-out.md), on the production
 * transport: the portal on a redis-server this test starts (BullMQ). A mail job fails for real (its dev
 * outbox is a file), an admin sees it under Platform → Failed jobs with its error and tries, fixes the
 * cause, retries it from the page and sees the list empty. Screens at 1280 and 412 px; no console error.
 */
describe('failed jobs page', () => {
  let redis: ChildProcess;
  let redisPort: number;
  let portal: Portal;
  let browser: Browser;
  let queue: Queue;
  let token: string;

  beforeAll(async () => {
    redisPort = await freePort();
    redis = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    portal = await startPortal({ env: { CAPTCHA_REQUIRED: 'false', REDIS_URL: `redis://127.0.0.1:${redisPort}` } });
    const post = (p: string, body: object) => fetch(`${portal.url}/api/${p}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((r) => r.json());
    const email = `jobs.${Date.now()}@example.com`;
    await post('signup', { name: 'Jobs Admin', email, phone: '9123456785', address: 'Queue Road', password: 'ops-pass-123' });
    const otp = await until('the OTP mail', () => portal.lastOtp(email));
    token = (await post('verifyEmailOTP', { email, otp })).token;
    await portal.cli('staff', 'add', email, 'admin');
    queue = new Queue('mail.send', { connection: { host: '127.0.0.1', port: redisPort }, prefix: 'portal:jobs' });
    browser = await launchBrowser();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await queue?.close();
    await portal?.stop();
    redis?.kill();
  });

  it('lists a failed mail with its error; retry after the fix empties the list', async () => {
    const outbox = join(portal.dataDir, 'outbox');
    renameSync(outbox, `${outbox}.kept`);
    writeFileSync(outbox, 'not a directory');
    // Two mails the portal's own worker fails (one try each).
    for (const n of [1, 2]) await queue.add('mail.send', { to: `listener${n}@example.com`, subject: 'Your statement is ready', text: 'hello' }, { jobId: `e2e-mail-${n}`, attempts: 1 });
    await until('two failed jobs', async () => (await queue.getFailedCount()) === 2 || undefined);

    const { page, errors } = await newPage(browser);
    await page.context().addInitScript((t) => localStorage.setItem('token', t), token);
    await page.goto(`${portal.url}/ops/jobs`);
    await page.getByText(OPS_UI.totp.enrolIntro).waitFor({ timeout: 20_000 });
    await enrolTotp(page);

    const table = page.getByRole('table', { name: fillMessage(JOBS_UI.queueCaption, { queue: 'mail.send', count: 2 }) });
    await table.waitFor({ timeout: 20_000 });
    await page.getByRole('link', { name: JOBS_UI.tab }).waitFor();
    expect(await page.getByRole('link', { name: JOBS_UI.tab }).getAttribute('aria-current')).toBe('page');
    expect(await table.getByText(/EEXIST|ENOTDIR/).count()).toBe(2);
    await page.getByTestId('jobs-transport').getByText(JOBS_UI.transport.distributed).waitFor();
    await screenshot(page, 'ops-failed-jobs-1280');
    await page.setViewportSize({ width: 412, height: 900 });
    await table.getByRole('button', { name: `${JOBS_UI.retry} e2e-mail-1` }).waitFor();
    await screenshot(page, 'ops-failed-jobs-412');
    await page.setViewportSize({ width: 1280, height: 900 });

    rmSync(outbox);
    renameSync(`${outbox}.kept`, outbox);
    for (const n of [1, 2]) {
      await page.getByRole('button', { name: `${JOBS_UI.retry} e2e-mail-${n}` }).click();
      await page.getByText(JOB_MESSAGES.retried).first().waitFor();
      await page.getByRole('button', { name: `${JOBS_UI.retry} e2e-mail-${n}` }).waitFor({ state: 'detached', timeout: 20_000 });
    }
    await page.getByText(JOBS_UI.empty).waitFor({ timeout: 20_000 });
    await until('both mails delivered', () => readdirSync(outbox).filter((f) => /listener[12]/.test(f)).length === 2 || undefined);
    await screenshot(page, 'ops-failed-jobs-empty-1280');
    await page.setViewportSize({ width: 412, height: 900 });
    await screenshot(page, 'ops-failed-jobs-empty-412');
    expect(errors).toEqual([]);
  }, 180_000);
});
