import type { Browser, Page } from 'playwright-core';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACK_REFUSAL_WORDS, CONSOLE_NAV_UI, STORE_LOOP_UI } from '@portal/contracts';
import { startSftpServer, type SftpServer } from '../api/test/helpers/sftp-server';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { makeJpeg, makeMp3 } from './support/media';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { createSubmittedRelease } from './support/release-api';
import { startPortal, type Portal } from './support/portal';
import { ftpAck } from './support/store-acks';

/** The portal's embedded database, opened beside the running API to move a release date into the past (better-sqlite3 ships no types). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an untyped CommonJS package, typed here by what the test calls
const Database = require('better-sqlite3') as new (file: string) => { pragma(sql: string): unknown; prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };

/** An AcknowledgementMessage (ern-c-sftp/18) for one release, as a store writes it back. */
const ackMessage = (messageId: string, icpn: string, releaseStatus: string, status: string) => `<?xml version="1.0" encoding="UTF-8"?>
<ack:AcknowledgementMessage xmlns:ack="http://ddex.net/xml/ern-c-sftp/18" AvsVersionId="4">
  <MessageHeader>
    <MessageId>ACK-${Date.now()}</MessageId>
    <MessageSender><PartyId>PADPIDA2026SPOTIFY</PartyId><PartyName><FullName>Spotify</FullName></PartyName></MessageSender>
    <MessageRecipient><PartyId>PADPIDAPORTALSENDER01</PartyId><PartyName><FullName>Artist Distribution Portal</FullName></PartyName></MessageRecipient>
    <MessageCreatedDateTime>${new Date().toISOString()}</MessageCreatedDateTime>
  </MessageHeader>
  <ReleaseStatus>
    <ReleaseId><ICPN>${icpn}</ICPN></ReleaseId>
    <ReleaseStatus>${releaseStatus}</ReleaseStatus>
    <Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>${messageId}</MessageId><MessageStatus><Status>${status}</Status></MessageStatus></Acknowledgement>
  </ReleaseStatus>
</ack:AcknowledgementMessage>
`;

/**
 * Issue 39 "Done when" in the browser: an approved release is delivered over SFTP; an acknowledgement
 * dropped on the SFTP server makes the artist's release page show Ingested, and after the release date
 * (set in the past in the portal's database) Live with the store's link; a refusal from another store
 * shows the store's reason in plain words and what happens next; the catalogue shows each store's
 * state; the console's delivery panel shows the feed, the state and the raw acknowledgement.
 */
jest.setTimeout(600_000);

describe('store loop: acknowledgements make the release page show Ingested, Live with a link, and a refusal in plain words', () => {
  let portal: Portal;
  let sftp: SftpServer;
  let work: string;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  let releaseId: number;
  let upc: string;
  const user = newUser('loop');
  const staffUser = newUser('loopstaff');
  const title = `Loop Lights ${Date.now().toString(36)}`;
  const storeDir = (store: string) => join(sftp.root, store.toLowerCase());
  /** The batch sent to a store: its folder name and the MessageId of its message. */
  const sentBatch = (store: string) => {
    const batch = readdirSync(storeDir(store)).filter((f) => /^\d{17}$/.test(f)).sort().pop()!;
    const xml = readFileSync(join(storeDir(store), batch, upc, `${upc}.xml`), 'utf8');
    return { batch, messageId: /<MessageId>([^<]+)<\/MessageId>/.exec(xml)![1] };
  };
  const drop = (store: string, name: string, xml: string) => {
    mkdirSync(join(storeDir(store), 'acknowledgements'), { recursive: true });
    writeFileSync(join(storeDir(store), 'acknowledgements', name), xml);
  };
  const stateOf = (store: string) => page.locator(`[data-testid=deliveries] li[data-store="${store}"]`);
  const waitState = async (store: string, state: string) => {
    for (let i = 0; i < 20; i++) {
      await page.goto(`${portal.url}/catalog/${releaseId}`);
      await page.getByTestId('deliveries').waitFor({ timeout: 20_000 });
      if ((await stateOf(store).getAttribute('data-state')) === state) return;
      await page.waitForTimeout(1000);
    }
    throw new Error(`${store} never reached ${state}: ${await stateOf(store).textContent()}`);
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'store-loop-e2e-'));
    sftp = await startSftpServer(work);
    writeFileSync(join(work, 'id_store'), sftp.privateKey, { mode: 0o600 });
    portal = await startPortal({ env: { DELIVERY_BACKOFF_MS: '500' } });
    // Both stores on their live feed (the CLI's default is the test feed); Spotify resolves a UPC.
    await portal.cli('delivery-target', 'Spotify', 'PADPIDA2026SPOTIFY', `sftp://${sftp.user}@127.0.0.1:${sftp.port}${storeDir('Spotify')}`, '--key-file', join(work, 'id_store'), '--live', '--link-template', 'https://open.example.com/album/upc:{upc}');
    await portal.cli('delivery-target', 'Deezer', 'PADPIDA2026DEEZER', `sftp://${sftp.user}@127.0.0.1:${sftp.port}${storeDir('Deezer')}`, '--key-file', join(work, 'id_store'), '--live');
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    await signUpInBrowser(page, portal, user);
  }, 600_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
    await sftp?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('approved and delivered; an acknowledgement on the SFTP server makes Spotify Ingested, then Live with its link after the release date', async () => {
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    ({ releaseId } = await createSubmittedRelease(portal, token, { title, trackTitle: 'Loop One', artwork: makeJpeg('loop-cover', 1400), audio: makeMp3('loop-mp3', 3, 330) }));
    upc = /upc=(\d+)/.exec(await portal.cli('review', String(releaseId), 'approved'))![1];
    await waitState('Spotify', 'delivered');
    await waitState('Deezer', 'delivered');
    expect(await stateOf('Spotify').textContent()).toMatch(/^Sent to Spotify on \d\d\/\d\d\/\d{4}\. Waiting for Spotify to confirm\.$/);

    const spotify = sentBatch('Spotify');
    drop('Spotify', 'ACK_1.xml', ackMessage(spotify.messageId, upc, 'SuccessfullyIngestedByReleaseDistributor', 'FileOK'));
    expect(await portal.cli('deliveries', 'poll-acks', '--target', 'Spotify')).toBe('1 target(s), 1 file(s): 1 applied, 0 to look at, 0 already read');
    await waitState('Spotify', 'ingested');
    expect(await stateOf('Spotify').textContent()).toBe('Spotify accepted your release. It goes live there on your release date.');
    await screenshotsAt(page, 'store-loop-release-ingested');

    // The release date passes: set in the past in the portal's database, then the poller's go-live sweep runs.
    const db = new Database(join(portal.dataDir, 'portal.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare('UPDATE releases SET release_date = ? WHERE id = ?').run(Date.now() - 86_400_000, releaseId);
    db.close();
    await portal.cli('deliveries', 'poll-acks');
    await waitState('Spotify', 'live');
    expect(await stateOf('Spotify').locator('span').first().textContent()).toBe('Live on Spotify.');
    const link = stateOf('Spotify').getByRole('link', { name: 'Open on Spotify' });
    expect(await link.getAttribute('href')).toBe(`https://open.example.com/album/upc:${upc}`);
    expect(await link.getAttribute('rel')).toContain('noopener');
  });

  it('a refusal shows the store\'s reason in plain words and what happens next; the catalogue shows every store\'s state', async () => {
    const deezer = sentBatch('Deezer');
    drop('Deezer', 'ACK_2.xml', ftpAck(`${deezer.batch}/${upc}/${upc}.xml`, 'ResourceCorrupt', 'Artwork could not be decoded'));
    await portal.cli('deliveries', 'poll-acks', '--target', 'Deezer');
    await waitState('Deezer', 'refused');
    const row = stateOf('Deezer');
    expect(await row.locator('span').first().textContent()).toBe('Deezer did not accept your release.');
    const reason = (await row.getByTestId('store-reason').textContent())!;
    expect(reason).toContain(ACK_REFUSAL_WORDS.ResourceCorrupt);
    expect(reason).toContain('The store says: “Artwork could not be decoded”');
    expect(reason).toContain('What happens next: our team fixes the problem and sends the release to Deezer again.');
    // The banner tells the truth from the same states (it said "live on the stores" whatever the stores said).
    const banner = page.getByRole('region', { name: 'Status: Approved' });
    const said = (await banner.getByTestId('store-banner').textContent())!;
    expect(said).toContain('This release is live on 1 of 2 stores (Spotify).');
    expect(said).toContain('Deezer did not accept it. What to do next: read Deezer’s reason under Stores below.');
    expect(said).not.toContain('live on the stores');
    expect(await banner.getAttribute('data-attention')).toBe('refused');
    await screenshotsAt(page, 'store-loop-release-page');

    await page.goto(`${portal.url}/catalog`);
    const chips = page.getByTestId('catalog-store-states').first();
    await chips.waitFor({ timeout: 20_000 });
    expect(await chips.locator('li[data-store="Spotify"]').textContent()).toBe(`Spotify: ${STORE_LOOP_UI.label.live}`);
    expect(await chips.locator('li[data-store="Deezer"]').textContent()).toBe(`Deezer: ${STORE_LOOP_UI.label.refused}`);
    await screenshotsAt(page, 'store-loop-catalogue');
    // Bell: the refusal and the first live store.
    const bell = JSON.stringify(await (await fetch(`${portal.url}/api/getNotificationsForUser?offset=0`, { headers: { Authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token'))}` } })).json());
    expect(bell).toContain(`Deezer did not accept “${title}”`);
    expect(bell).toContain(`“${title}” is live on Spotify`);
    expect(errors).toEqual([]);
  });

  it('the console\'s delivery panel shows each store\'s feed and state, the raw acknowledgement, and Send again after the refusal', async () => {
    const staff = await newPage(browser);
    await signUpInBrowser(staff.page, portal, staffUser);
    await portal.cli('staff', 'add', staffUser.email, 'admin');
    await staff.page.goto(`${portal.url}/`);
    await staff.page.getByRole('link', { name: 'Operations' }).click();
    await enrolTotp(staff.page);
    await staff.page.getByRole('link', { name: CONSOLE_NAV_UI.queues.review, exact: true }).waitFor();
    await staff.page.goto(`${portal.url}/ops/review/${releaseId}`);
    const deliveries = staff.page.getByTestId('ops-deliveries');
    await deliveries.waitFor({ timeout: 20_000 });
    expect(await deliveries.locator('li[data-store="Deezer"] [data-testid=delivery-feed]').textContent()).toContain(`${STORE_LOOP_UI.liveFeed} · ${STORE_LOOP_UI.label.refused} · ResourceCorrupt`);
    const acks = staff.page.getByTestId('ops-acks');
    await acks.locator('summary').first().click();
    await staff.page.getByTestId('raw-ack').first().filter({ hasText: 'AcknowledgementMessage' }).waitFor();
    await deliveries.locator('li[data-store="Deezer"]').getByRole('button', { name: STORE_LOOP_UI.redeliver }).waitFor();
    await screenshotsAt(staff.page, 'store-loop-console-delivery');
    // The target list shows each target's feed.
    await staff.page.goto(`${portal.url}/ops/delivery-targets`);
    await staff.page.getByTestId('target-feed').first().waitFor({ timeout: 20_000 });
    expect(await staff.page.getByTestId('target-feed').allTextContents()).toEqual([STORE_LOOP_UI.liveFeed, STORE_LOOP_UI.liveFeed]);
    await screenshotsAt(staff.page, 'store-loop-console-targets');
    await staff.page.close();
    expect(staff.errors).toEqual([]);
  });
});
