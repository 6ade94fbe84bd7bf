import type { Browser, Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { CONSOLE_NAV_UI, fillMessage, OPS_UI, RELEASE_MESSAGES, RELEASE_REJECTION_REASONS, RELEASE_UI, SUPPORT_DESK_UI, hasValidGs1CheckDigit } from '@portal/contracts';
import { expectAccessible, launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { settleLayout } from './support/wait-for';
import { newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { createSubmittedRelease } from './support/release-api';
import { makeJpeg, makeMp3 } from './support/media';

/**
 * docs/decisions/008 in a real browser: a reviewer made by the CLI enrols TOTP with a code computed here,
 * rejects an artist's release with two reasons; the artist (another context) sees them and the marked
 * fields, fixes them in the wizard and re-submits; the reviewer approves; the artist sees Approved with a UPC and ISRC. Away mode and revoke
 * through the console (the artist sees the away and revoked texts); the audit shows the actions. Any console error fails. Screenshots at 1280 / 600.
 */
describe('operations console in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let staff: { page: Page; errors: string[] };
  let artist: { page: Page; errors: string[] };
  const reviewer = newUser('reviewer');
  const artistUser = newUser('artist');
  let releaseId = 0;
  let artistToken = '';

  const go = async (p: Page, path: string) => {
    await p.goto(`${portal.url}${path}`);
    await p.waitForLoadState('networkidle');
  };
  const both = (p: Page, name: string) => screenshotsAt(p, `ops-${name}`, [600]);
  const selectedTab = (p: Page, name: string) =>
    p.waitForFunction((n) => [...document.querySelectorAll('[role=tab]')].some((t) => t.textContent?.includes(n) && t.getAttribute('aria-selected') === 'true'), name, { timeout: 15_000 });
  const confirmDialog = async (p: Page) => {
    await p.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
    await p.getByRole('dialog').waitFor({ state: 'hidden' });
  };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    staff = await newPage(browser);
    artist = await newPage(browser);
    staff.page.setDefaultTimeout(10_000);
    artist.page.setDefaultTimeout(10_000);
    await signUpInBrowser(artist.page, portal, artistUser);
    await signUpInBrowser(staff.page, portal, reviewer);
    artistToken = (await artist.page.evaluate(() => localStorage.getItem('token'))) ?? '';
    releaseId = (await createSubmittedRelease(portal, artistToken, { title: 'Monsoon Nights', trackTitle: 'Rain Song', artwork: makeJpeg('ops-cover', 600), audio: makeMp3('ops-song', 2, 330) })).releaseId;
    await portal.cli('staff', 'add', reviewer.email, 'admin');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(staff.errors).toEqual([]);
    expect(artist.errors).toEqual([]);
  });

  it('the artist sees no Operations link; the staff member does, and enrols TOTP with a computed code', async () => {
    await go(artist.page, '/');
    expect(await artist.page.getByRole('link', { name: 'Operations' }).count()).toBe(0);
    await go(staff.page, '/');
    await staff.page.getByRole('link', { name: 'Operations' }).click();
    await staff.page.getByText(OPS_UI.totp.enrolIntro).waitFor();
    const secret = (await staff.page.getByTestId('totp-secret').textContent())!.trim();
    await both(staff.page, 'totp');
    const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
    await staff.page.getByLabel(OPS_UI.totp.code).fill(code);
    await staff.page.getByRole('button', { name: OPS_UI.totp.submit }).click();
    // The console home (docs/decisions/040): the queues with their oldest item; the drawer leads to each desk.
    await staff.page.getByRole('link', { name: CONSOLE_NAV_UI.queues.review, exact: true }).waitFor();
    await staff.page.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel }).getByRole('link', { name: /^Release review/ }).click();
    await staff.page.waitForURL(`${portal.url}/ops/review`);
    await staff.page.getByText('Monsoon Nights').waitFor();
    await both(staff.page, 'queue');
  });

  it('rejects with two reasons; the artist sees them; re-submits; the reviewer approves; the artist sees Approved with UPC and ISRC', async () => {
    const p = staff.page;
    await p.getByText('Monsoon Nights').click();
    await p.waitForURL(`${portal.url}/ops/review/${releaseId}`);
    const [a, b] = [RELEASE_REJECTION_REASONS[2], RELEASE_REJECTION_REASONS[0]];
    await p.getByLabel(`${a.label} (${a.field})`).check();
    await p.getByLabel(`${b.label} (${b.field})`).check();
    await both(p, 'detail');
    await p.getByRole('button', { name: OPS_UI.detail.reject, exact: true }).click();
    await confirmDialog(p);
    await p.getByTestId('ops-status').filter({ hasText: 'rejected' }).waitFor();

    await go(artist.page, `/catalog/${releaseId}`);
    await artist.page.getByText(a.label, { exact: false }).first().waitFor();
    await artist.page.getByText(b.label, { exact: false }).first().waitFor();
    await artist.page.getByTestId('fields-to-fix').filter({ hasText: `${a.fieldLabel}, ${b.fieldLabel}` }).waitFor();
    await screenshot(artist.page, 'ops-artist-rejected-1280');
    // "Edit & re-submit" opens the wizard on the step of the fields to fix (both reasons are on step 1).
    await artist.page.getByRole('button', { name: 'Edit & re-submit' }).click();
    await artist.page.waitForURL(`${portal.url}/create_releases/${releaseId}?step=1`);
    // The reviewer's note is pinned above the tabs with the fields to fix (docs/decisions/017).
    for (const reason of [a, b]) await artist.page.getByTestId('wizard-review-note').filter({ hasText: reason.fieldLabel }).waitFor();
    await screenshot(artist.page, 'ops-artist-wizard-fix-1280');

    // The fields themselves are marked with the reasons; the artist fixes them in the wizard and re-submits.
    for (const reason of [a, b]) {
      await artist.page.locator(`[data-fix-field="${reason.field}"]`).filter({ hasText: `${RELEASE_UI.wizard.fixThisField} ${reason.label}` }).waitFor();
    }
    await artist.page.setViewportSize({ width: 600, height: 900 });
    await screenshot(artist.page, 'ops-artist-wizard-fix-600');
    await artist.page.setViewportSize({ width: 1280, height: 900 });
    await artist.page.getByLabel(RELEASE_UI.info.artworkLabel).setInputFiles(makeJpeg('ops-cover-fixed', 600));
    await artist.page.getByText(RELEASE_MESSAGES.artworkUploaded).first().waitFor({ timeout: 15_000 });
    await artist.page.getByLabel(new RegExp(`^${RELEASE_UI.info.releaseTitle}`)).fill('Monsoon Nights at Kovalam');
    await artist.page.getByRole('button', { name: RELEASE_UI.wizard.saveAndContinue, exact: true }).click();
    await selectedTab(artist.page, RELEASE_UI.wizard.tabs[1]);
    await artist.page.getByRole('button', { name: RELEASE_UI.wizard.next, exact: true }).click();
    await selectedTab(artist.page, RELEASE_UI.wizard.tabs[2]);
    await artist.page.getByRole('button', { name: RELEASE_UI.wizard.saveAndContinue, exact: true }).click();
    await selectedTab(artist.page, RELEASE_UI.wizard.tabs[3]);
    await artist.page.getByRole('checkbox', { name: new RegExp(`^${RELEASE_UI.submission.termsBefore.trim()}`) }).check();
    await artist.page.getByRole('button', { name: RELEASE_UI.submission.submit, exact: true }).click();
    await artist.page.waitForURL(/\/catalog$/, { timeout: 15_000 });

    await go(p, `/ops/review/${releaseId}`);
    await p.getByText('Monsoon Nights at Kovalam').first().waitFor();
    await p.getByRole('button', { name: OPS_UI.detail.approve, exact: true }).click();
    await confirmDialog(p);
    await p.getByTestId('ops-status').filter({ hasText: 'approved' }).waitFor();
    const upc = (await p.getByTestId('ops-upc').textContent())!.trim();
    expect(hasValidGs1CheckDigit(upc)).toBe(true);

    await go(artist.page, `/catalog/${releaseId}`);
    await artist.page.getByRole('region', { name: 'Status: Approved' }).waitFor();
    await artist.page.getByText(upc).waitFor();
    await artist.page.getByText(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/).first().waitFor();
    await screenshot(artist.page, 'ops-artist-approved-1280');
  });

  it('away mode on and off, revoke and restore, and the audit lists every action', async () => {
    const p = staff.page;
    await go(p, '/ops/platform');
    await p.getByLabel(OPS_UI.platform.text).fill('Upgrading until 18:00 UTC.');
    await p.getByRole('button', { name: OPS_UI.platform.turnOn }).click();
    await confirmDialog(p);
    await p.getByTestId('away-state').filter({ hasText: 'On' }).waitFor();
    await both(p, 'platform');
    await go(artist.page, '/select_release');
    await artist.page.getByText('Upgrading until 18:00 UTC.').first().waitFor();
    await p.getByRole('button', { name: OPS_UI.platform.turnOff }).click();
    await confirmDialog(p);
    await p.getByTestId('away-state').filter({ hasText: 'Off' }).waitFor();

    await go(p, '/ops/users');
    await p.getByLabel(OPS_UI.users.search).fill(artistUser.email);
    await p.getByRole('cell', { name: artistUser.email }).click();
    await p.getByRole('button', { name: OPS_UI.users.revoke }).click();
    await confirmDialog(p);
    await p.getByTestId('user-revoked').filter({ hasText: 'Yes' }).waitFor();
    await both(p, 'users');
    // The revoked text shows on the artist's next visit to a release screen (core §6).
    // Up to the support address, which comes from the server's configuration.
    const revokedText = RELEASE_MESSAGES.revoked.split('{email}')[0];
    await go(artist.page, '/create_releases');
    await artist.page.getByText(revokedText).waitFor();
    await screenshot(artist.page, 'ops-artist-revoked-1280');
    await p.getByRole('button', { name: OPS_UI.users.restore }).click();
    await confirmDialog(p);
    await p.getByTestId('user-revoked').filter({ hasText: 'No' }).waitFor();
    await go(artist.page, '/create_releases');
    await selectedTab(artist.page, RELEASE_UI.wizard.tabs[0]);
    expect(await artist.page.getByText(revokedText).count()).toBe(0);

    await go(p, '/ops/videos');
    await p.getByText(OPS_UI.videos.empty).waitFor();
    await both(p, 'videos');

    const ticket = await fetch(`${portal.url}/api/createTicket`, { method: 'POST', headers: { Authorization: `Bearer ${artistToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ reason: 'Delivery Status', reply: 'Where is my release?' }) });
    const created = (await ticket.json()) as { status: number; body: { ticket_id: number } };
    expect(created.status).toBe(200);
    // The support desk (SupportDeskPage; its own journey: support-desk.e2e.ts).
    await go(p, '/ops/support');
    await p.getByRole('button', { name: fillMessage(SUPPORT_DESK_UI.openLabel, { id: created.body.ticket_id }) }).click();
    await p.getByLabel(SUPPORT_DESK_UI.reply).fill('Your release is live now.');
    await p.getByRole('button', { name: SUPPORT_DESK_UI.send }).click();
    await p.getByRole('dialog').getByText('Your release is live now.').waitFor();
    await both(p, 'desk');
    await p.getByRole('button', { name: SUPPORT_DESK_UI.closeTicket }).click();
    await p.getByRole('dialog', { name: SUPPORT_DESK_UI.closeTicket }).getByRole('button', { name: SUPPORT_DESK_UI.closeTicket }).click();
    await p.getByText(SUPPORT_DESK_UI.closedNote).waitFor();
    await p.getByRole('button', { name: SUPPORT_DESK_UI.back, exact: true }).last().click();
    await p.getByText(SUPPORT_DESK_UI.empty).waitFor();

    await go(p, '/ops/content');
    await p.getByLabel(OPS_UI.content.heading).fill('Console news item');
    await p.getByLabel(OPS_UI.content.link).fill('https://example.com/blog/console');
    await p.getByRole('button', { name: OPS_UI.content.add }).first().click();
    await p.getByRole('link', { name: 'Console news item' }).waitFor();
    await both(p, 'content');
    await go(artist.page, '/');
    await artist.page.getByText('Console news item').first().waitFor();
    await p.getByRole('row', { name: /Console news item/ }).getByRole('button', { name: OPS_UI.content.remove }).click();
    await confirmDialog(p);
    await p.getByRole('link', { name: 'Console news item' }).waitFor({ state: 'detached' });

    await go(p, '/ops/audit');
    for (const action of ['release.reject', 'release.approve', 'platform.away_on', 'platform.away_off', 'user.revoke', 'user.restore', 'content.news_add', 'content.news_remove', 'ticket.reply', 'ticket.close', 'staff.add']) {
      await p.getByRole('cell', { name: action, exact: true }).first().waitFor();
    }
    await both(p, 'audit');
  });

  it('the console is a workplace: grouped navigation with counts, walked by keyboard at 1280 and 412 px; old URLs lead to the new ones', async () => {
    const p = staff.page;
    const nav = () => p.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel });
    /** What has focus: a console desk's id, else its text. */
    const focused = () => p.evaluate(() => { const el = document.activeElement; return el?.getAttribute('data-desk') ?? el?.getAttribute('aria-label') ?? el?.textContent?.trim() ?? ''; });
    /** Tab until `want` has focus (at most `max` presses). */
    const tabTo = async (want: string, max = 40) => {
      for (let i = 0; i < max && (await focused()) !== want; i++) await p.keyboard.press('Tab');
      expect(await focused()).toBe(want);
    };

    // Work waiting: a ticket of the artist.
    const ticket = await fetch(`${portal.url}/api/createTicket`, { method: 'POST', headers: { Authorization: `Bearer ${artistToken}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ reason: 'Others', reply: 'A question for the desk.' }) });
    expect(((await ticket.json()) as { status: number }).status).toBe(200);
    // 1280 px: the drawer is the console's navigation; no artist item, no revenue (a staff-only account).
    await go(p, '/ops');
    await nav().getByRole('link', { name: /^Support desk\W+1 waiting$/ }).waitFor();
    expect(await p.getByRole('link', { name: 'Create Release' }).count()).toBe(0);
    expect(await p.getByTestId('revenue').count()).toBe(0);
    expect(await p.getByRole('row', { name: new RegExp(`^${CONSOLE_NAV_UI.queues.support}`) }).textContent()).toContain('1');
    await screenshotsAt(p, 'console-home', [412], { height: 823 });
    await tabTo(CONSOLE_NAV_UI.home);
    const order: string[] = [];
    for (let i = 0; i < 20; i++) {
      await p.keyboard.press('Tab');
      const now = await focused();
      if (now === 'Logout') break;
      order.push(now);
    }
    expect(order).toEqual(['review', 'videos', 'deliveries', 'statements', 'payouts', 'reports', 'holds', 'support', 'rights', 'users', 'staff', 'platform', 'remotes', 'jobs', 'delivery-targets', 'content', 'promotions', 'audit', 'health']);
    // Back to Payouts with Shift+Tab, opened with Enter.
    for (let i = 0; i < 30 && (await focused()) !== 'payouts'; i++) await p.keyboard.press('Shift+Tab');
    await p.keyboard.press('Enter');
    await p.waitForURL(`${portal.url}/ops/payouts`);
    await p.getByRole('heading', { level: 1, name: 'Payouts' }).waitFor();
    expect(await nav().getByRole('link', { name: 'Payouts' }).getAttribute('aria-current')).toBe('page');
    await screenshotsAt(p, 'console-payouts', [412], { height: 823 });

    // 412 px: the drawer floats; opened from the top bar by keyboard, it holds the same groups, and Enter on a desk closes it.
    await p.setViewportSize({ width: 412, height: 823 });
    await go(p, '/ops');
    await settleLayout(p);
    await tabTo('Open navigation menu');
    await p.keyboard.press('Enter');
    await nav().waitFor();
    await p.waitForFunction(() => document.activeElement?.textContent?.trim() === 'Console home');
    await expectAccessible(p, 'console-drawer-412');
    await screenshot(p, 'console-drawer-412');
    await tabTo('support', 20);
    await p.keyboard.press('Enter');
    await p.waitForURL(`${portal.url}/ops/support`);
    await nav().waitFor({ state: 'hidden' });
    await p.getByRole('heading', { level: 1, name: 'Support desk' }).waitFor();
    await p.setViewportSize({ width: 1280, height: 900 });
    await settleLayout(p);
    await screenshotsAt(p, 'console-support', [412], { height: 823 });

    // The tab strip's old URLs lead to the desks' own.
    for (const [old, now] of [['/ops/desk?view=statements', '/ops/statements'], ['/ops/platform?view=jobs', '/ops/jobs'], ['/ops/users?view=staff', '/ops/staff']]) {
      await p.goto(`${portal.url}${old}`);
      await p.waitForURL(`${portal.url}${now}`);
    }
  });
});
