import type { Browser, Page } from 'playwright-core';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SUPPORT_MESSAGES as SM, SUPPORT_UI as SUI } from '@portal/contracts';
import { launchBrowser, newPage } from './support/browser';
import { newUser, signUpInBrowser } from './support/flows';
import { createAndSubmitSingle } from './support/audio-release';
import { makeJpeg, makeWav } from './support/media';
import { makePng } from './support/support-area';
import { ROOT, type Portal } from './support/portal';
import { s3Env, startHaproxy, startRedis, startS3rver, type Service } from '../api/test/infra/services';
import { otpOf, startInstance, type Instance } from '../api/test/infra/instances';

/**
 * The browser journey through the balancer (docs/decisions/018-scale-out.md): redis-server, s3rver, two
 * built API instances serving the shell and remotes, haproxy in front, all started here on free ports.
 * Sign up, create and submit a single with artwork and audio, open a ticket with an attachment: every
 * page load and call is dealt round robin between the two instances.
 */
describe('the portal through haproxy with two instances', () => {
  let redis: Service;
  let s3: Service;
  let lb: Service;
  const instances: Instance[] = [];
  let dataDir: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-scale-'));
    [redis, s3] = await Promise.all([startRedis(), startS3rver('portal-files')]);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      STATIC_ROOT: ROOT,
      CAPTCHA_COST: '1',
      CAPTCHA_MAX_COUNTER: '200',
      AUTH_IP_RATE_LIMIT: '1000',
      // The journeys' fixture artwork is small: QC measures it and refuses nothing, as in e2e/support/portal.ts.
      STORE_QC: 'report',
      LOG_REQUESTS: 'true',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
      TRUST_PROXY: 'loopback',
      REDIS_URL: redis.url,
      ...s3Env(s3),
    };
    delete env.DATABASE_URL;
    instances.push(await startInstance('A', env));
    instances.push(await startInstance('B', env));
    lb = await startHaproxy(instances.map((i) => i.port));
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    page.setDefaultTimeout(15_000);
  });
  afterAll(async () => {
    await browser?.close();
    await lb?.stop();
    for (const i of instances) await i.stop();
    await Promise.all([redis?.stop(), s3?.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  });
  afterEach(() => expect(errors).toEqual([]));

  it('signs up, creates and submits a single, and opens a ticket with an attachment', async () => {
    const user = newUser('balanced');
    // The OTP mail is a job: whichever instance took it wrote the shared outbox.
    const otp = otpOf(dataDir, user.email.toLowerCase(), 30_000);
    let known: string | undefined;
    void otp.then((o) => (known = o));
    const portal = { url: lb.url, dataDir, lastOtp: () => known } as unknown as Portal;
    await signUpInBrowser(page, portal, user);

    const id = await createAndSubmitSingle(page, lb.url, { title: `Balanced ${Date.now().toString(36)}`, trackTitle: 'Two Instances', artist: 'Haproxy Duo', artworkFile: makeJpeg('balanced-art', 1400), audioFile: makeWav('balanced-track', 3, 440) });
    expect(id).toBeGreaterThan(0);

    await page.goto(`${lb.url}/tickets`);
    await page.getByRole('button', { name: SUI.tickets.newTicket }).click();
    const dialog = page.getByRole('dialog', { name: SUI.tickets.dialogTitle });
    await dialog.getByLabel(SUI.tickets.reasonLabel).selectOption('Delivery Status');
    await dialog.getByLabel(SUI.tickets.concernLabel).fill('Submitted through the balancer.');
    await dialog.getByLabel(SUI.tickets.attachLabel, { exact: true }).setInputFiles([makePng('balanced-proof')]);
    await dialog.getByRole('list', { name: SUI.tickets.attachedList }).getByText(/balanced-proof/).waitFor();
    await dialog.getByRole('button', { name: SUI.tickets.submit }).click();
    await page.getByRole('status').filter({ hasText: SM.ticketCreated }).first().waitFor({ state: 'visible' });
    await page.getByRole('row').filter({ hasText: 'Delivery Status' }).first().waitFor();
    // Both instances answered API calls of this journey (their request logs; the health checks aside).
    const apiCalls = (i: Instance) => i.logs.filter((l) => {
      const m = l.message as { path?: string } | undefined;
      return typeof m?.path === 'string' && m.path.startsWith('/api/') && !m.path.startsWith('/api/health');
    }).length;
    for (const i of instances) expect(apiCalls(i)).toBeGreaterThan(5);
  });
});
