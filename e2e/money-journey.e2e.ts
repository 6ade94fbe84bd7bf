import type { Browser, Page } from 'playwright-core';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, fillMessage, PAYOUT_DESK_MESSAGES, PAYOUT_DESK_UI as PD, ROYALTY_UI, SUPPORT_UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { makeJpeg, makeMp3 } from './support/media';

const DK_HEADER = ['Reporting Date', 'Sale Month', 'Store', 'Artist', 'Title', 'ISRC', 'UPC', 'Quantity', 'Team Percentage', 'Song/Album', 'Country of Sale', 'Songwriter Royalties Withheld', 'Earnings (USD)'];
const STORES = ['Spotify', 'Apple Music', 'YouTube Music', 'JioSaavn'];
const COUNTRIES = ['IN', 'US', 'GB'];

/**
 * The money loop in a real browser (docs/decisions/019-money-engine.md): finance uploads a 1,000-row
 * DistroKid statement in the console (980 rows on the artist's two approved tracks, 20 unmatched),
 * previews it, starts it confirmed and watches it apply; the artist's withdrawable balance rises by
 * exactly the matched total (per-user cents of the micro-USD sum); a collaborator who accepted a 30 %
 * split of one track on /earnings sees exactly 30 % of that track's credits; the artist's earnings
 * screen shows the month, store and country totals (charts with their tables); a payout is requested,
 * exported in a bank run (CSV downloaded and read), marked paid on the payout desk with a reference and
 * the artist sees it paid (docs/decisions/023-staff-desks.md). Screenshots at 1280 and 600 (console) /
 * 412 (artist). Any console error fails.
 */
describe('money journey in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let finance: { page: Page; errors: string[] };
  let artist: { page: Page; errors: string[] };
  let collab: { page: Page; errors: string[] };
  const financeUser = newUser('finance');
  const artistUser = newUser('artist');
  const collabUser = newUser('collab');
  const tracks: Array<{ id: number; isrc: string }> = [];
  let artistToken = '';
  let collabToken = '';
  const month = new Date().toISOString().slice(0, 7);

  const go = async (p: Page, path: string) => {
    await p.goto(`${portal.url}${path}`);
    await p.waitForLoadState('networkidle');
  };
  const both = (p: Page, name: string, narrow: number) => screenshotsAt(p, `money-${name}`, [narrow]);
  const api = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const r = await fetch(`${portal.url}/api/${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the journey reads many answer shapes; each use names the fields it checks
    return (await r.json()) as { status: number; message: string; body: any };
  };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    finance = await newPage(browser);
    artist = await newPage(browser);
    collab = await newPage(browser);
    for (const p of [finance, artist, collab]) p.page.setDefaultTimeout(15_000);
    await signUpInBrowser(artist.page, portal, artistUser);
    await signUpInBrowser(finance.page, portal, financeUser);
    await signUpInBrowser(collab.page, portal, collabUser);
    artistToken = (await artist.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    collabToken = (await collab.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    const releases = [];
    for (const title of ['Monsoon Nights', 'Desert Rain']) {
      releases.push((await createSubmittedRelease(portal, artistToken, { title, trackTitle: `${title} (Song)`, artwork: makeJpeg(`money-${title}`, 600), audio: makeMp3(`money-${title}`, 2, 330) })).releaseId);
    }
    // An admin (every role) approves through the API after TOTP in the browser below.
    await portal.cli('staff', 'add', financeUser.email, 'admin');
    await go(finance.page, '/ops/review');
    await enrolTotp(finance.page);
    await finance.page.getByText('Monsoon Nights').waitFor();
    const financeToken = (await finance.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    for (const id of releases) {
      const ok = await api(financeToken, 'POST', 'ops/releases/approve', { release_id: id });
      expect(ok.status).toBe(200);
    }
    const mine = await api(artistToken, 'GET', 'getSplitTracks');
    tracks.push(...mine.body.map((t: { track_id: number; isrc: string }) => ({ id: t.track_id, isrc: t.isrc })).sort((a: { id: number }, b: { id: number }) => a.id - b.id));
    expect(tracks).toHaveLength(2);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(finance.errors).toEqual([]);
    expect(artist.errors).toEqual([]);
    expect(collab.errors).toEqual([]);
  });

  it('the owner shares 30 % of the first track on /earnings; the collaborator accepts it there', async () => {
    await go(artist.page, '/earnings');
    await artist.page.getByRole('heading', { name: ROYALTY_UI.earnings.title }).waitFor();
    await artist.page.getByLabel(ROYALTY_UI.splits.track).selectOption(String(tracks[0].id));
    await artist.page.getByRole('button', { name: ROYALTY_UI.splits.addRow }).click();
    await artist.page.getByLabel(ROYALTY_UI.splits.email).fill(collabUser.email);
    await artist.page.getByLabel(ROYALTY_UI.splits.percent).fill('30');
    await artist.page.getByText('You keep 70%.').waitFor();
    await artist.page.getByRole('button', { name: ROYALTY_UI.splits.save }).click();
    await artist.page.getByText('Splits saved.').waitFor();

    await go(collab.page, '/earnings');
    await collab.page.getByRole('button', { name: `${ROYALTY_UI.splits.accept} Monsoon Nights (Song)` }).click();
    await collab.page.getByText('accepted', { exact: true }).waitFor();
  });

  it('finance imports a 1,000-row DistroKid statement in the console: preview, start, applied with 980 matched and 20 unmatched', async () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const rows: string[][] = [];
    const expected = { owner: 0, collab: 0, matched: 0, byTrack: [0, 0] };
    for (let i = 0; i < 1000; i += 1) {
      const micros = Math.floor(rnd() * 90_000) + 1; // 0.000001 .. 0.09 USD
      const amount = `0.${String(micros).padStart(6, '0')}`;
      const unmatched = i % 50 === 49;
      const k = i % 2;
      rows.push([`${month}-20`, month, STORES[i % STORES.length], 'Asha', 'Song', unmatched ? `QZUNM26${String(i).padStart(5, '0')}` : tracks[k].isrc, '', String(1 + (i % 9)), '100%', 'Song', COUNTRIES[i % COUNTRIES.length], '0', amount]);
      if (unmatched) continue;
      expected.matched += micros;
      expected.byTrack[k] += micros;
      const share = k === 0 ? Math.trunc((micros * 3000) / 10000) : 0;
      expected.collab += share;
      expected.owner += micros - share;
    }
    const file = join(portal.dataDir, 'distrokid-statement.tsv');
    writeFileSync(file, [DK_HEADER, ...rows].map((r) => r.join('\t')).join('\n') + '\n');
    const artistBefore = (await api(artistToken, 'GET', 'getUserDetails')).body.revenue as number;

    await go(finance.page, '/ops/statements');
    await finance.page.getByLabel(ROYALTY_UI.desk.upload).setInputFiles(file);
    await finance.page.getByRole('button', { name: ROYALTY_UI.desk.uploadButton }).click();
    await finance.page.getByText(ROYALTY_UI.desk.preview).waitFor();
    expect(await finance.page.getByLabel(ROYALTY_UI.desk.format).inputValue()).toBe('distrokid');
    await finance.page.getByLabel(ROYALTY_UI.desk.source).fill('DistroKid');
    await both(finance.page, 'statement-preview', 600);
    await finance.page.getByRole('button', { name: ROYALTY_UI.desk.start }).click();
    const importsTable = finance.page.getByRole('table', { name: ROYALTY_UI.desk.imports });
    await importsTable.getByText('applied').waitFor({ timeout: 30_000 });
    const cells = await importsTable.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(5, 9)).toEqual(['1,000', '980', '20', (expected.matched / 1_000_000).toFixed(2)]);
    await finance.page.getByRole('table', { name: ROYALTY_UI.desk.unmatched }).getByRole('cell', { name: 'QZUNM2600049', exact: true }).waitFor();
    await both(finance.page, 'statements-desk', 600);

    const cents = (m: number) => Math.round(m / 10_000);
    const artistAfter = (await api(artistToken, 'GET', 'getUserDetails')).body.revenue as number;
    expect(Math.round((artistAfter - artistBefore) * 100)).toBe(cents(expected.owner));
    const collabAfter = (await api(collabToken, 'GET', 'getUserDetails')).body.revenue as number;
    expect(Math.round(collabAfter * 100)).toBe(cents(expected.collab));
    const collabLines = await api(collabToken, 'GET', `getEarningLines?from=${month}&to=${month}&limit=100`);
    expect(collabLines.body.every((l: { share: string; track_id: number }) => l.share === 'split' && l.track_id === tracks[0].id)).toBe(true);
    const collabEarnings = (await api(collabToken, 'GET', `getEarnings?from=${month}&to=${month}`)).body;
    const collabSum = collabEarnings.confirmed_micros as number;
    expect(collabEarnings.by_track).toEqual([expect.objectContaining({ key: String(tracks[0].id), confirmed_micros: expected.collab })]);
    expect(collabSum).toBe(expected.collab);
    expect(collabSum).toBeLessThanOrEqual(Math.floor((expected.byTrack[0] * 30) / 100));
  });

  it('the artist’s earnings screen shows the month, store and country totals with a table behind each chart', async () => {
    await go(artist.page, '/earnings');
    await artist.page.getByRole('figure', { name: ROYALTY_UI.earnings.byMonth }).waitFor();
    const monthFigure = artist.page.getByRole('figure', { name: ROYALTY_UI.earnings.byMonth });
    await monthFigure.getByRole('button', { name: ROYALTY_UI.earnings.showTable }).click();
    await monthFigure.getByRole('rowheader', { name: month }).waitFor();
    const storeFigure = artist.page.getByRole('figure', { name: ROYALTY_UI.earnings.byStore });
    await storeFigure.getByRole('button', { name: ROYALTY_UI.earnings.showTable }).click();
    for (const s of STORES) await storeFigure.getByRole('rowheader', { name: s }).waitFor();
    const countryFigure = artist.page.getByRole('figure', { name: ROYALTY_UI.earnings.byCountry });
    await countryFigure.getByRole('button', { name: ROYALTY_UI.earnings.showTable }).click();
    for (const c of COUNTRIES) await countryFigure.getByRole('rowheader', { name: c }).waitFor();
    await both(artist.page, 'earnings', 412);
  });

  it('a payout is requested, exported in the bank file, marked paid on the payout desk, and the artist sees it paid', async () => {
    await portal.cli('revenue', artistUser.email, '150', '83', 'Advance');
    const bank = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'HDFC0001234', branch_name: 'Koregaon Park, Pune', pan: 'ABCDE1234F', other_details: '' };
    expect((await api(artistToken, 'POST', 'addBankDetails', bank)).status).toBe(200);
    const balance = Math.round(((await api(artistToken, 'GET', 'getUserDetails')).body.revenue as number) * 100);
    const requested = await fetch(`${portal.url}/api/withdrawMoney`, { method: 'POST', headers: { Authorization: `Bearer ${artistToken}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'money-journey-1' }, body: '{}' });
    const payoutId = ((await requested.json()) as { body: { payout_id: number } }).body.payout_id;
    const amount = `${Math.floor(balance / 100)}.${String(balance % 100).padStart(2, '0')}`;

    // The desk: the request is listed (requested), selected and exported in a bank run.
    await go(finance.page, '/ops/payouts');
    const list = finance.page.getByRole('table', { name: PD.heading });
    await list.getByRole('cell', { name: 'XXXX5678' }).waitFor();
    await finance.page.getByLabel(fillMessage(PD.selectRow, { id: payoutId })).check();
    await both(finance.page, 'payout-desk', 600);
    await finance.page.getByRole('button', { name: new RegExp(`^${PD.exportRun}`) }).click();
    await finance.page.getByRole('dialog', { name: PD.exportRun }).getByText(fillMessage(PD.exportConfirm, { count: 1, amount })).waitFor();
    await finance.page.getByRole('dialog', { name: PD.exportRun }).getByRole('button', { name: 'Yes' }).click();
    const runs = finance.page.getByRole('table', { name: PD.runs });
    await runs.getByRole('cell', { name: '#1', exact: true }).waitFor();
    await list.getByText(PD.empty).waitFor();
    const [download] = await Promise.all([finance.page.waitForEvent('download'), runs.getByRole('button', { name: `${PD.downloadCsv} #1` }).click()]);
    expect(download.suggestedFilename()).toBe('bank-run-1.csv');
    // Account codes are quoted (text, every digit kept: docs/decisions/031); the Indian payee is paid by the generic pain.001.
    const csv = readFileSync((await download.path())!, 'utf8').trim().split('\n');
    expect(csv).toEqual([[...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS].join(','), `${payoutId},RUN1-PAYOUT${payoutId},${amount},USD,Asha Rao,"50100012345678","HDFC0001234",HDFC Bank,"Koregaon Park, Pune",Royalty payout #${payoutId},bank_in,IN,,,`]);
    const [xml] = await Promise.all([finance.page.waitForEvent('download'), runs.getByRole('button', { name: `${PD.downloadXml} #1` }).click()]);
    expect(readFileSync((await xml.path())!, 'utf8')).toContain(`<EndToEndId>RUN1-PAYOUT${payoutId}</EndToEndId>`);
    // No IBAN payee in this run: no SEPA file is offered.
    expect(await runs.getByRole('button', { name: `${PD.downloadSepa} #1` }).count()).toBe(0);

    // The artist's history says it is in payment.
    await go(artist.page, '/profile');
    await artist.page.getByRole('row').filter({ hasText: amount }).getByText(SUPPORT_UI.profile.statusLabel.in_payment).waitFor();
    await both(artist.page, 'profile-in-payment', 412);

    // In payment: found with the status filter; the detail shows masked bank details and the history.
    await finance.page.getByLabel(PD.statusFilter).selectOption('in_payment');
    await list.getByRole('cell', { name: PD.statusLabel.in_payment }).waitFor();
    await list.getByRole('button', { name: `${PD.open} ${fillMessage(PD.detail, { id: payoutId })}` }).click();
    const detail = finance.page.getByRole('dialog', { name: fillMessage(PD.detail, { id: payoutId }) });
    await detail.getByText('XXXXXXXXXX5678').waitFor();
    await detail.getByRole('table', { name: PD.history }).getByText('Advance').waitFor();
    expect(await detail.textContent()).not.toContain('50100012345678');
    await detail.getByLabel(PD.reference).fill('UTR-2026-7781');
    await both(finance.page, 'payout-detail', 600);
    await detail.getByRole('button', { name: PD.markPaid }).click();
    const confirm = finance.page.getByRole('dialog', { name: PD.markPaid });
    await confirm.getByText(fillMessage(PD.confirmPaid, { id: payoutId, amount, account: 'XXXX5678', reference: 'UTR-2026-7781' })).waitFor();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await finance.page.getByText(fillMessage(PAYOUT_DESK_MESSAGES.paid, { id: payoutId, amount, account: 'XXXX5678', reference: 'UTR-2026-7781' })).first().waitFor();
    await finance.page.getByLabel(PD.statusFilter).selectOption('paid');
    await list.getByRole('cell', { name: PD.statusLabel.paid }).waitFor();
    await list.getByRole('cell', { name: 'UTR-2026-7781' }).waitFor();
    await both(finance.page, 'payout-desk-paid', 600);

    // The artist sees it paid with the reference.
    await go(artist.page, '/profile');
    await artist.page.getByRole('row').filter({ hasText: 'UTR-2026-7781' }).getByText(SUPPORT_UI.profile.statusLabel.paid).waitFor();
  });
});
