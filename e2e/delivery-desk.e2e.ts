import type { Browser, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CONSOLE_NAV_UI, DELIVERY_DESK_UI as U, fillMessage, STORE_LOOP_MESSAGES, type DeliveryDeskRow } from '@portal/contracts';
import { startSftpServer, type SftpServer } from '../api/test/helpers/sftp-server';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { settleLayout } from './support/wait-for';
import { makeJpeg, makeMp3 } from './support/media';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { createSubmittedRelease } from './support/release-api';
import { freePort, startPortal, type Portal } from './support/portal';
import { ftpAck } from './support/store-acks';


/**
 * The console's delivery desk in a real browser (issue 38 item 12): two approved releases go to three
 * stores over SFTP — Spotify takes them, Deezer cannot be reached (a closed port) and Apple Music
 * refuses one with an acknowledgement. A reviewer finds the failed and refused deliveries on
 * /ops/deliveries (the drawer and the home count them), filters the list, and sends the refused one
 * again after a confirmation; it is delivered and leaves the queue. axe 0 violations; screenshots at
 * 1280 and 412 px.
 */
jest.setTimeout(600_000);

describe('delivery desk: failed and refused deliveries across releases, filtered and sent again', () => {
  let portal: Portal;
  let sftp: SftpServer;
  let work: string;
  let browser: Browser;
  let staff: { page: Page; errors: string[] };
  let token = '';
  const artist = newUser('desk');
  const reviewer = newUser('deskreviewer');
  const titles = ['Harbour Lights', 'Night Train to Pune'];
  const upcs: string[] = [];
  const storeDir = (store: string) => join(sftp.root, store.replace(/\W/g, '').toLowerCase());
  const deskApi = async (query: string) => {
    const res = await fetch(`${portal.url}/api/ops/deliveries/desk?${query}`, { headers: { Authorization: `Bearer ${token}` } });
    return (await res.json()) as { body: DeliveryDeskRow[]; total: number };
  };
  /** Wait until no delivery is queued or being sent. */
  const settled = async () => {
    for (let i = 0; i < 60; i++) {
      const all = await deskApi('state=all&limit=100');
      if (all.total > 0 && all.body.every((r) => r.state !== 'queued' && r.state !== 'delivering')) return all.body;
      await new Promise((r) => setTimeout(r, 500));
    }
    throw new Error('deliveries never settled');
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'delivery-desk-e2e-'));
    sftp = await startSftpServer(work);
    writeFileSync(join(work, 'id_store'), sftp.privateKey, { mode: 0o600 });
    portal = await startPortal({ env: { DELIVERY_ATTEMPTS: '1', DELIVERY_BACKOFF_MS: '500' } });
    const key = ['--key-file', join(work, 'id_store')];
    await portal.cli('delivery-target', 'Spotify', 'PADPIDA2026SPOTIFY', `sftp://${sftp.user}@127.0.0.1:${sftp.port}${storeDir('Spotify')}`, ...key, '--live');
    await portal.cli('delivery-target', 'Apple Music', 'PADPIDA2026APPLE', `sftp://${sftp.user}@127.0.0.1:${sftp.port}${storeDir('Apple Music')}`, ...key, '--live');
    await portal.cli('delivery-target', 'Deezer', 'PADPIDA2026DEEZER', `sftp://${sftp.user}@127.0.0.1:${await freePort()}/deezer`, ...key);
    browser = await launchBrowser();
    const a = await newPage(browser);
    await signUpInBrowser(a.page, portal, artist);
    const artistToken = (await a.page.evaluate(() => localStorage.getItem('token')))!;
    for (const [i, title] of titles.entries()) {
      const { releaseId } = await createSubmittedRelease(portal, artistToken, { title, trackTitle: `${title} song`, artwork: makeJpeg(`desk-cover-${i}`, 1400), audio: makeMp3(`desk-mp3-${i}`, 3, 330) });
      upcs.push(/upc=(\d+)/.exec(await portal.cli('review', String(releaseId), 'approved'))![1]);
    }
    await a.page.close();
    staff = await newPage(browser);
    staff.page.setDefaultTimeout(15_000);
    await signUpInBrowser(staff.page, portal, reviewer);
    await portal.cli('staff', 'add', reviewer.email, 'reviewer');
    await staff.page.goto(`${portal.url}/ops`);
    await enrolTotp(staff.page);
    await staff.page.getByRole('link', { name: CONSOLE_NAV_UI.queues.review, exact: true }).waitFor();
    token = (await staff.page.evaluate(() => localStorage.getItem('token')))!;
    await settled();
    // Apple Music refuses the first release (its acknowledgement on the SFTP server, read by the poll).
    const apple = storeDir('Apple Music');
    const batch = readdirSync(apple).filter((f) => /^\d{17}$/.test(f) && readdirSync(join(apple, f)).includes(upcs[0]))[0];
    mkdirSync(join(apple, 'acknowledgements'), { recursive: true });
    writeFileSync(join(apple, 'acknowledgements', 'ACK_1.xml'), ftpAck(`${batch}/${upcs[0]}/${upcs[0]}.xml`, 'ResourceCorrupt', 'Artwork could not be decoded'));
    expect(await portal.cli('deliveries', 'poll-acks', '--target', 'Apple Music')).toMatch(/1 applied/);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await sftp?.stop();
    rmSync(work, { recursive: true, force: true });
  });
  afterEach(() => expect(staff.errors).toEqual([]));

  it('the drawer and the home count the failed and refused deliveries; the desk lists them oldest first with the error or refusal', async () => {
    const p = staff.page;
    await p.goto(`${portal.url}/ops`);
    const nav = p.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel });
    await nav.getByRole('link', { name: /^Deliveries\W+3 waiting$/ }).waitFor();
    expect(await p.getByRole('row', { name: new RegExp(`^${CONSOLE_NAV_UI.queues.deliveries}`) }).textContent()).toContain('3');
    await p.getByRole('link', { name: CONSOLE_NAV_UI.queues.deliveries, exact: true }).click();
    await p.waitForURL(`${portal.url}/ops/deliveries`);
    await p.getByRole('heading', { level: 1, name: 'Deliveries' }).waitFor();
    const table = p.getByRole('table', { name: U.heading });
    const refused = table.getByRole('row').filter({ hasText: U.state.refused });
    await refused.waitFor();
    expect(await refused.textContent()).toContain(titles[0]);
    expect(await refused.textContent()).toContain(fillMessage(U.upc, { upc: upcs[0] }));
    expect(await refused.textContent()).toContain('ResourceCorrupt');
    expect(await refused.textContent()).toContain('Artwork could not be decoded');
    const failed = table.getByRole('row').filter({ hasText: U.state.failed });
    expect(await failed.count()).toBe(2);
    expect(await failed.first().textContent()).toContain('Deezer');
    // Oldest first: both Deezer failures (the first attempts) come before Apple Music's later refusal.
    expect((await table.getByRole('row').allTextContents()).slice(1).map((t) => (t.includes(U.state.refused) ? 'refused' : 'failed'))).toEqual(['failed', 'failed', 'refused']);
    await settleLayout(p);
    await screenshotsAt(p, 'delivery-desk', [412], { height: 823 });
    await p.setViewportSize({ width: 1280, height: 900 });
  });

  it('filters by state, store and feed', async () => {
    const p = staff.page;
    const table = p.getByRole('table', { name: U.heading });
    await p.getByLabel(U.stateFilter, { exact: true }).selectOption('all');
    await table.getByRole('row').nth(6).waitFor();
    expect(await table.getByRole('row').count()).toBe(7);
    await p.getByLabel(U.storeFilter, { exact: true }).selectOption('Spotify');
    await table.getByRole('row').filter({ hasText: U.state.delivered }).nth(1).waitFor();
    expect(await table.getByRole('row').count()).toBe(3);
    await settleLayout(p);
    await screenshotsAt(p, 'delivery-desk-filtered', [412], { height: 823 });
    await p.setViewportSize({ width: 1280, height: 900 });
    await p.getByLabel(U.feedFilter, { exact: true }).selectOption('test');
    await table.getByText(U.empty).waitFor();
  });

  it('sends the refused delivery again after a confirmation (by keyboard); delivered, it leaves the queue and the count', async () => {
    const p = staff.page;
    await p.goto(`${portal.url}/ops/deliveries`);
    const send = p.getByRole('button', { name: fillMessage(U.redeliverLabel, { title: titles[0], store: 'Apple Music' }) });
    await send.focus();
    await p.keyboard.press('Enter');
    const dialog = p.getByRole('dialog');
    await dialog.getByText(fillMessage(U.confirmRedeliver, { title: titles[0], upc: upcs[0], store: 'Apple Music' })).waitFor();
    await dialog.getByRole('button', { name: U.redeliver }).click();
    await p.getByText(fillMessage(STORE_LOOP_MESSAGES.redelivered, { store: 'Apple Music' })).first().waitFor();
    await settled();
    await p.reload();
    const nav = p.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel });
    await nav.getByRole('link', { name: /^Deliveries\W+2 waiting$/ }).waitFor();
    const table = p.getByRole('table', { name: U.heading });
    await table.getByRole('row').filter({ hasText: U.state.failed }).nth(1).waitFor();
    expect(await table.getByRole('row').filter({ hasText: U.state.refused }).count()).toBe(0);
    expect((await deskApi('state=delivered&store=Apple%20Music')).body.map((r) => r.release_title).sort()).toEqual([...titles].sort());
  });
});
