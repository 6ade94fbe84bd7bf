import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OPS_UI, REPORTS_DESK_UI as RU, REVIEW_FILTER_UI as F, ROYALTY_MESSAGES, ROYALTY_UI, STAFF_DESK_MESSAGES as S } from '@portal/contracts';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { makeJpeg, makeMp3 } from './support/media';
import { settleLayout } from './support/wait-for';

/**
 * What a distributor's staff still tripped over (issue 38, "Staff") in a real browser: the review
 * queue's filters (artist or label search, store-ready column) at 1280 and 412 px; the statement
 * desk refuses an empty and a binary file at once, under the field; the report fulfilment desk lists
 * a requested report, previews it and fulfils it, and the artist's report turns RECEIVED. Any console
 * error fails; every screenshot is checked with axe-core.
 */
describe('staff desks finished (issue 38)', () => {
  let portal: Portal;
  let browser: Browser;
  let staff: { page: Page; errors: string[] };
  const staffUser = newUser('staff');
  const artistUser = newUser('artist');
  let artistToken = '';
  let reportId = 0;

  const go = async (p: Page, path: string) => {
    await p.goto(`${portal.url}${path}`);
    await p.waitForLoadState('networkidle');
  };
  const api = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
    const r = await fetch(`${portal.url}/api/${path}`, { method, headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of several endpoints; each use names the fields it checks
    return (await r.json()) as { status: number; message: string; body: any };
  };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    staff = await newPage(browser);
    const artist = await newPage(browser);
    staff.page.setDefaultTimeout(15_000);
    await signUpInBrowser(artist.page, portal, artistUser);
    await signUpInBrowser(staff.page, portal, staffUser);
    artistToken = (await artist.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    await artist.page.close();
    await createSubmittedRelease(portal, artistToken, { title: 'Monsoon Nights', trackTitle: 'Rain Song', artwork: makeJpeg('finish-monsoon', 600), audio: makeMp3('finish-monsoon', 2, 330) });
    await createSubmittedRelease(portal, artistToken, { title: 'Desert Wind', trackTitle: 'Dune', artwork: makeJpeg('finish-desert', 600), audio: makeMp3('finish-desert', 2, 440), daysAhead: 40 });
    const month = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1);
    const requested = await api(artistToken, 'POST', 'requestReport', { store: 'Spotify', start_date: month, end_date: month });
    expect(requested.status).toBe(200);
    reportId = requested.body.report_id;
    await portal.cli('staff', 'add', staffUser.email, 'admin');
    await staff.page.goto(`${portal.url}/ops`);
    await enrolTotp(staff.page);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => expect(staff.errors).toEqual([]));

  it('review queue: every filter is a labelled field; the artist/label search narrows the queue; the store-ready column shows', async () => {
    const p = staff.page;
    await go(p, '/ops/review');
    const table = p.getByRole('table', { name: OPS_UI.queue.heading });
    await table.getByText('Desert Wind').waitFor();
    await table.getByText('Monsoon Nights').waitFor();
    for (const label of [F.status, F.ready, F.from, F.to, F.order, F.search]) await p.getByLabel(label, { exact: true }).waitFor();
    await p.getByLabel(F.search, { exact: true }).fill('zz-nobody');
    await p.getByLabel(F.search, { exact: true }).press('Enter');
    await p.getByText(OPS_UI.queue.empty).waitFor();
    await p.getByLabel(F.search, { exact: true }).fill('');
    await p.getByRole('button', { name: F.apply }).click();
    await table.getByText('Desert Wind').waitFor();
    await p.getByLabel(F.order, { exact: true }).selectOption('newest');
    await table.getByText(F.readyColumn).first().waitFor();
    await settleLayout(p);
    await screenshotsAt(p, 'staff-finish-review-queue', [412]);
  });

  it('statement desk: an empty file and a binary file are refused at once under the field', async () => {
    const p = staff.page;
    await go(p, '/ops/statements');
    const dir = tmpdir();
    const empty = join(dir, 'empty-statement.csv');
    const binary = join(dir, 'royalties.xlsx');
    writeFileSync(empty, '');
    writeFileSync(binary, Buffer.from(Array.from({ length: 4096 }, (_, i) => 1 + ((i * 131) % 255))));
    const field = p.getByLabel(ROYALTY_UI.desk.upload);
    await field.setInputFiles(empty);
    await p.getByRole('button', { name: ROYALTY_UI.desk.uploadButton }).click();
    await p.getByRole('alert').filter({ hasText: S.fileEmpty }).waitFor();
    await field.setInputFiles(binary);
    await p.getByRole('button', { name: ROYALTY_UI.desk.uploadButton }).click();
    await p.getByRole('alert').filter({ hasText: ROYALTY_MESSAGES.fileNotText }).waitFor();
    await screenshotsAt(p, 'staff-finish-statements', [412]);
  });

  it('report desk: the requested report is listed, previewed (no ledger rows yet) and fulfilled; the artist’s report is RECEIVED', async () => {
    const p = staff.page;
    await go(p, '/ops/reports');
    const table = p.getByRole('table', { name: RU.heading });
    await table.getByText(artistUser.email.toLowerCase(), { exact: false }).waitFor();
    await table.getByRole('button', { name: `${RU.preview} #${reportId}` }).click();
    await p.getByText(RU.previewNone).waitFor();
    await settleLayout(p);
    await screenshotsAt(p, 'staff-finish-reports', [412]);
    await p.getByRole('button', { name: RU.fulfil }).click();
    await p.getByRole('dialog').getByRole('button', { name: RU.fulfil }).click();
    await p.getByText(RU.empty).waitFor();
    const mine = await api(artistToken, 'GET', 'getRequestedReports');
    expect(mine.body.find((r: { report_id: number }) => r.report_id === reportId)).toMatchObject({ status: 1, has_file: true });
  });
});
