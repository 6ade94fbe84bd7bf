import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { OPS_MESSAGES, OPS_UI, RELEASE_MESSAGES, RELEASE_UI, fillMessage } from '@portal/contracts';
import { launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { makeJpeg, makeMp3 } from './support/media';
import { settleLayout } from './support/wait-for';

const S = OPS_UI.staff;
/** The portal's embedded database, opened beside the running API to plant data from before the identifier registry (better-sqlite3 ships no types). */
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an untyped CommonJS module, loaded for this one test step
const Database = require('better-sqlite3') as new (file: string) => { prepare(sql: string): { run(...args: unknown[]): unknown }; close(): void };

/**
 * Trust in the console (docs/decisions/016) in a real browser: an admin manages staff on the Staff tab
 * (add with a role, change roles, reset two-factor, remove), the revoke dialog says what revoking does
 * for an artist and for staff, and the review screen warns, with a link, about a UPC that another
 * release carries; the artist of that release, once it is rejected, meets the check-digit and
 * UPC-in-use messages in the wizard. Any console error fails. Screenshots at 1280, 600 and 412 px.
 */
describe('console trust in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let admin: { page: Page; errors: string[] };
  let artistA: { page: Page; errors: string[] };
  let artistB: { page: Page; errors: string[] };
  const adminUser = newUser('admin');
  const userA = newUser('asha');
  const userB = newUser('ravi');

  const go = async (p: Page, path: string) => {
    await p.goto(`${portal.url}${path}`);
    await p.waitForLoadState('networkidle');
  };
  /** Screenshots at 1280, 600 (console desk) and 412 px. */
  const shots = (p: Page, name: string) => screenshotsAt(p, `ops-trust-${name}`, [600, 412]);
  const confirmDialog = async (p: Page) => {
    await p.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await p.getByRole('dialog').waitFor({ state: 'hidden' });
  };
  const tokenOf = async (p: Page) => (await p.evaluate(() => localStorage.getItem('token'))) ?? '';
  /** The copied release of the review test and the UPC it carries. */
  let taken = { upc: '', releaseId: 0 };
  const staffRow = (p: Page, email: string) => p.getByRole('row').filter({ hasText: email });

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    admin = await newPage(browser);
    artistA = await newPage(browser);
    artistB = await newPage(browser);
    for (const x of [admin, artistA, artistB]) x.page.setDefaultTimeout(10_000);
    await signUpInBrowser(admin.page, portal, adminUser);
    await signUpInBrowser(artistA.page, portal, userA);
    await signUpInBrowser(artistB.page, portal, userB);
    await portal.cli('staff', 'add', adminUser.email, 'admin');
    // The admin passes the second factor in the browser.
    await go(admin.page, '/ops');
    await admin.page.getByText(OPS_UI.totp.enrolIntro).waitFor();
    await enrolTotp(admin.page);
    await admin.page.getByRole('link', { name: OPS_UI.nav.staff }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(admin.errors).toEqual([]);
    expect(artistA.errors).toEqual([]);
    expect(artistB.errors).toEqual([]);
  });

  it('Staff tab: add a verified account with a role, change its roles, reset its two-factor, remove it; the admin’s own row has no action', async () => {
    const p = admin.page;
    await p.getByRole('link', { name: OPS_UI.nav.staff }).click();
    await p.waitForURL(`${portal.url}/ops/staff`);
    await staffRow(p, adminUser.email).filter({ hasText: S.you }).waitFor();
    expect(await staffRow(p, adminUser.email).getByRole('button').count()).toBe(0);

    await p.getByLabel(S.email).fill('nobody@example.com');
    await p.getByRole('button', { name: S.add, exact: true }).click();
    await confirmDialog(p);
    await p.getByRole('status').filter({ hasText: OPS_MESSAGES.staffNoAccount }).first().waitFor();

    await p.getByLabel(S.email).fill(userA.email);
    await p.getByLabel(S.role).selectOption('reviewer');
    await p.getByRole('button', { name: S.add, exact: true }).click();
    await p.getByRole('dialog').getByText(fillMessage(S.confirmAdd, { email: userA.email, role: 'reviewer' })).waitFor();
    await confirmDialog(p);
    await staffRow(p, userA.email).filter({ hasText: 'reviewer' }).waitFor();
    await shots(p, 'staff');

    await p.getByRole('button', { name: `${S.changeRoles}: ${userA.email}` }).click();
    const editor = p.getByTestId('staff-roles-editor');
    await editor.getByLabel('reviewer').uncheck();
    await editor.getByLabel('finance').check();
    await screenshot(p, 'ops-trust-staff-roles-1280');
    await editor.getByRole('button', { name: S.saveRoles }).click();
    await confirmDialog(p);
    await staffRow(p, userA.email).filter({ hasText: 'finance' }).waitFor();

    await p.getByRole('button', { name: `${S.resetTotp}: ${userA.email}` }).click();
    await p.getByRole('dialog').getByText(fillMessage(S.confirmResetTotp, { email: userA.email })).waitFor();
    await shots(p, 'staff-reset-dialog');
    await confirmDialog(p);
    await p.getByRole('status').filter({ hasText: OPS_MESSAGES.staffTotpReset }).first().waitFor();

    await p.getByRole('button', { name: `${S.remove}: ${userA.email}` }).click();
    await confirmDialog(p);
    await staffRow(p, userA.email).waitFor({ state: 'detached' });

    await go(p, '/ops/audit');
    for (const action of ['staff.add', 'staff.roles', 'staff.totp_reset', 'staff.remove']) await p.getByRole('cell', { name: action, exact: true }).first().waitFor();
  });

  it('the revoke dialog says what revoking does for an artist and for staff', async () => {
    const p = admin.page;
    await go(p, '/ops/users');
    await p.getByLabel(OPS_UI.users.search).fill(userB.email);
    await p.getByRole('cell', { name: userB.email }).click();
    await p.getByRole('button', { name: OPS_UI.users.revoke }).click();
    await p.getByRole('dialog').getByText(fillMessage(OPS_UI.users.confirmRevoke, { email: userB.email })).waitFor();
    await shots(p, 'revoke-dialog');
    await p.getByRole('dialog').getByRole('button', { name: 'No' }).click();
    await p.getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('review: a UPC carried by another release is a warning with a link to it, and approval is refused', async () => {
    const p = admin.page;
    const media = { artwork: makeJpeg('trust-cover', 600), audio: makeMp3('trust-song', 2, 330) };
    const live = await createSubmittedRelease(portal, await tokenOf(artistA.page), { title: 'Monsoon Nights', trackTitle: 'Rain Song', ...media });
    const dup = await createSubmittedRelease(portal, await tokenOf(artistB.page), { title: 'Copied Code', trackTitle: 'Echo', ...media });
    await go(p, `/ops/review/${live.releaseId}`);
    await p.getByRole('button', { name: OPS_UI.detail.approve, exact: true }).click();
    await confirmDialog(p);
    await p.getByTestId('ops-status').filter({ hasText: 'approved' }).waitFor();
    const upc = (await p.getByTestId('ops-upc').textContent())!.trim();

    // A duplicate from before the registry: written straight into the database, as old data would be.
    const db = new Database(join(portal.dataDir, 'portal.sqlite'));
    try {
      db.prepare('UPDATE releases SET upc_ean = ? WHERE id = ?').run(upc, dup.releaseId);
    } finally {
      db.close();
    }

    await go(p, `/ops/review/${dup.releaseId}`);
    const warning = p.getByTestId('identifier-warnings');
    await warning.getByText(fillMessage(OPS_UI.detail.identifierOther, { kind: 'UPC', code: upc, title: 'Monsoon Nights', release_id: String(live.releaseId), email: userA.email.toLowerCase() })).waitFor();
    await shots(p, 'review-warning');
    await p.getByRole('button', { name: OPS_UI.detail.approve, exact: true }).click();
    await confirmDialog(p);
    await p.getByRole('status').filter({ hasText: fillMessage(OPS_MESSAGES.identifierTaken, { kind: 'UPC', code: upc, release_id: String(live.releaseId) }) }).first().waitFor();
    await p.getByTestId('ops-status').filter({ hasText: 'in_review' }).waitFor();

    await warning.getByRole('link', { name: fillMessage(OPS_UI.detail.openOther, { release_id: String(live.releaseId) }) }).click();
    await p.waitForURL(`${portal.url}/ops/review/${live.releaseId}`);
    await p.getByText('Monsoon Nights').first().waitFor();
    taken = { upc, releaseId: dup.releaseId };
  });

  it('artist: the wizard refuses a wrong check digit and a UPC of another release with clear messages, and saves without it', async () => {
    // The reviewer rejects the copied release; its artist edits it.
    const rejected = await fetch(`${portal.url}/api/ops/releases/reject`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${await tokenOf(admin.page)}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ release_id: taken.releaseId, reasons: ['duplicate_content'], note: 'The UPC belongs to another release.' }),
    });
    expect((await rejected.json()).status).toBe(200);
    const p = artistB.page;
    await go(p, `/create_releases/${taken.releaseId}?step=1`);
    const field = p.getByLabel(RELEASE_UI.info.upcEan);
    await field.waitFor();
    expect(await field.inputValue()).toBe(taken.upc);
    const save = () => p.getByRole('button', { name: RELEASE_UI.wizard.saveAndContinue, exact: true }).click();

    await field.fill(`${taken.upc.slice(0, 11)}${(Number(taken.upc[11]) + 1) % 10}`);
    await save();
    await p.getByText(RELEASE_MESSAGES.upcCheckDigit).first().waitFor();
    await screenshot(p, 'ops-trust-artist-upc-check-digit-1280');
    await field.fill(taken.upc);
    // Editing a saved release saves at once (the confirmation is for a new release only).
    await save();
    await p.getByText(RELEASE_MESSAGES.upcInUse).first().waitFor();
    await screenshot(p, 'ops-trust-artist-upc-in-use-1280');
    await p.setViewportSize({ width: 412, height: 900 });
    await settleLayout(p);
    await screenshot(p, 'ops-trust-artist-upc-in-use-412');
    await p.setViewportSize({ width: 1280, height: 900 });

    // The error toast lies over Save & Continue at 1280 px (another item of the round moves toasts):
    // the artist saves with Enter in the field instead.
    await field.fill('');
    await field.press('Enter');
    await p.waitForFunction((n) => [...document.querySelectorAll('[role=tab]')].some((t) => t.textContent?.includes(n) && t.getAttribute('aria-selected') === 'true'), RELEASE_UI.wizard.tabs[1], { timeout: 15_000 });
  });
});
