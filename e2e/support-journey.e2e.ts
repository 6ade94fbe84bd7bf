import type { Browser, Page } from 'playwright-core';
import { SUPPORT_MESSAGES as M, SUPPORT_UI as UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { makeNamedFile, makePdf, makePng, outboxMails } from './support/support-area';
import { makeJpeg, makeMp3 } from './support/media';
import { createSubmittedRelease } from './support/release-api';

/**
 * Acceptance (docs/decisions/006), in a real browser on the running portal: a ticket with a real PDF and PNG,
 * its list and detail, a reply with Enter, the operator's support reply and close; a report request
 * PENDING; bank details, 250 USD from the operator, a payout after the confirmation, balance 0 and the
 * history; an invite whose e-mail carries the ?name= link. Each client message of areas §5 for these
 * forms is checked; any console error fails the test. Screenshots at 1280 and 600 px.
 */
describe('support area in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const user = newUser('support');
  let ticketId = '';

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
    page.setDefaultTimeout(10_000);
    await signUpInBrowser(page, portal, user);
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(errors).toEqual([]);
  });

  /** A field by its label (a required field's label ends with a "*" mark). */
  const field = (label: string, scope: Page | ReturnType<Page['getByRole']> = page) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  const shows = (text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 10_000 });
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 5000 });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 5000 });
  const go = async (path: string) => {
    await page.goto(`${portal.url}${path}`);
    await page.waitForLoadState('networkidle');
  };
  /** The reports' read-only month picker: open it, step back to `year` if needed, click the month. */
  const pickMonth = async (label: string, year: number, month: string) => {
    const input = field(label);
    expect(await input.getAttribute('readonly')).not.toBeNull();
    await input.click();
    const dialog = page.getByRole('dialog', { name: UI.reports.monthPicker.dialogTitle });
    await dialog.waitFor();
    const button = dialog.getByRole('button', { name: `${month} ${year}`, exact: true });
    for (let i = 0; i < 3 && !(await button.count()); i++) await dialog.getByRole('button', { name: UI.reports.monthPicker.previousYear }).click();
    await button.click();
    await dialog.waitFor({ state: 'detached' });
  };
  const both = (name: string) => screenshotsAt(page, name, [600]);

  it('opens a ticket with a real PDF and PNG, after the New Ticket dialog’s client messages', async () => {
    await go('/tickets');
    await shows(UI.tickets.empty);
    await shows(UI.tickets.trafficNote);
    await shows('Total Tickets: 0');
    await both('support-tickets-empty');

    await page.getByRole('button', { name: UI.tickets.newTicket }).click();
    const dialog = page.getByRole('dialog', { name: UI.tickets.dialogTitle });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: UI.tickets.submit }).click();
    await alert(M.reasonRequired);
    await alert(M.concernRequired);

    const picker = dialog.getByLabel(UI.tickets.attachLabel, { exact: true });
    await picker.setInputFiles(makeNamedFile('setup.exe'));
    await toast(M.attachmentType);
    await picker.setInputFiles(makePng('huge', 900, 800, true));
    await toast(M.attachmentTooLarge);
    await picker.setInputFiles(Array.from({ length: 6 }, (_, i) => makeNamedFile(`note-${i}.txt`, Buffer.from(`note ${i}\n`))));
    await toast(M.tooManyAttachments);

    await dialog.getByLabel(UI.tickets.reasonLabel).selectOption('Delivery Status');
    await dialog.getByLabel(UI.tickets.concernLabel).fill('My release is not live on Spotify yet.');
    await picker.setInputFiles([makePdf('statement'), makePng('screenshot')]);
    const list = dialog.getByRole('list', { name: UI.tickets.attachedList });
    await list.getByText('statement.pdf').waitFor();
    await list.getByText('screenshot.png').waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Uploading…'));
    await both('support-new-ticket-dialog');
    await dialog.getByRole('button', { name: UI.tickets.submit }).click();
    await toast(M.ticketCreated);
    await dialog.waitFor({ state: 'hidden' });

    await shows('Total Tickets: 1');
    const row = page.getByRole('row').filter({ hasText: 'Delivery Status' });
    await row.getByText(UI.tickets.pending).waitFor();
    await row.getByText(/^\d{2}\/\d{2}\/\d{4}$/).waitFor();
    await both('support-tickets-list');
    await row.click();
    await page.waitForURL(/\/tickets\/\d+$/);
    ticketId = page.url().split('/').pop()!;
  });

  it('shows the ticket, opens its attachments, replies with Enter and keeps Shift+Enter as a new line', async () => {
    await shows(UI.ticket.concern);
    await shows('My release is not live on Spotify yet.');
    await shows(UI.ticket.statusPending);
    const pdfLink = page.getByRole('link', { name: /statement\.pdf/ });
    const href = await pdfLink.getAttribute('href');
    const opened = await page.evaluate(async (url) => {
      const r = await fetch(url!);
      return { status: r.status, type: r.headers.get('content-type'), head: (await r.text()).slice(0, 5) };
    }, href);
    expect(opened).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });
    expect(await page.getByRole('link', { name: /screenshot\.png/ }).getAttribute('target')).toBe('_blank');

    const box = field(UI.ticket.replyLabel);
    await box.focus();
    await box.press('Enter');
    await alert(M.replyRequired);
    // A reply may carry attachments too (areas §7 replyTicket `attachement`).
    await page.getByLabel(UI.ticket.attachToReply, { exact: true }).setInputFiles(makeNamedFile('steps.txt', Buffer.from('1. Open Spotify\n2. Search the title\n')));
    await page.getByRole('list', { name: UI.tickets.attachedList }).getByText('steps.txt').waitFor();
    await page.waitForFunction(() => !document.body.innerText.includes('Uploading…'));
    await box.fill('First line');
    await box.press('Shift+Enter');
    await box.pressSequentially('second line');
    expect(await box.inputValue()).toBe('First line\nsecond line');
    await box.press('Enter');
    await shows(UI.ticket.yourReply);
    await page.getByText('second line', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: /steps\.txt/ }).waitFor();
    expect(await box.inputValue()).toBe('');
  });

  it('shows the operator’s support reply and, once closed, no reply box', async () => {
    await portal.cli('ticket-reply', ticketId, 'Your release went live today. Thanks for waiting!');
    await page.reload();
    await shows(UI.ticket.supportTeam);
    await shows('Your release went live today. Thanks for waiting!');
    await both('support-ticket-detail');
    await portal.cli('ticket-close', ticketId);
    await page.reload();
    await shows(UI.ticket.statusDone);
    await shows(UI.ticket.closedNote);
    expect(await page.getByLabel(UI.ticket.replyLabel).count()).toBe(0);
    await both('support-ticket-done');
    expect(outboxMails(portal.dataDir, user.email).some((m) => m.text.includes('Your release went live today.'))).toBe(true);
  });

  it('requests a report after its client messages and sees it PENDING', async () => {
    await go('/reports');
    await shows(UI.reports.empty);
    await shows(UI.reports.delayNote);
    await both('support-reports-empty');
    await page.getByRole('button', { name: UI.reports.request }).click();
    await alert(M.storeRequired);
    await alert(M.startRequired);
    await alert(M.endRequired);
    await field(UI.reports.store).selectOption('Spotify');
    const year = new Date().getFullYear() - 1;
    await pickMonth(UI.reports.start, year, 'Jun');
    await pickMonth(UI.reports.end, year, 'Jan');
    await page.getByRole('button', { name: UI.reports.request }).click();
    await alert(M.startAfterEnd);
    await pickMonth(UI.reports.end, year, 'Sep');
    expect(await field(UI.reports.end).inputValue()).toBe(`Sep/${year}`);
    await page.getByRole('button', { name: UI.reports.request }).click();
    await toast(M.reportRequested);
    const row = page.getByRole('row').filter({ hasText: 'Spotify' });
    await row.getByText(UI.reports.pending).waitFor();
    await row.getByText(`Jun/${year}`).waitFor();
    await row.getByText(`Sep/${year}`).waitFor();
    await both('support-reports');

    // The operator attaches the store's CSV: RECEIVED, and the artist downloads it. report-attach takes
    // only rows of this artist's codes (decision 019): an approved release of theirs gives the UPC.
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const { releaseId } = await createSubmittedRelease(portal, token, { title: 'Monsoon', trackTitle: 'Monsoon Nights', artwork: makeJpeg('report-art', 1400), audio: makeMp3('report-track', 3) });
    await portal.cli('review', String(releaseId), 'approved');
    const approved = await (await fetch(`${portal.url}/api/getCatelogById?release_id=${releaseId}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const upc = String(approved.body.upc_ean);
    expect(upc).toMatch(/^\d{12,13}$/);
    const header = 'sale_month,reporting_date,store,country,artist,release,track,upc,isrc,sale_type,quantity,amount,currency';
    const csv = makeNamedFile('spotify-report.csv', Buffer.from(`${header}\n${year}-06,${year}-09-30,Spotify,IN,Asha,Monsoon,Monsoon Nights,${upc},,stream,1200,3.60,USD\n`));
    const reportId = (await page.evaluate(async () => {
      const r = await fetch('/api/getRequestedReports', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()).body[0].report_id as number;
    })).toString();
    await portal.cli('report-attach', reportId, csv);
    await page.reload();
    await row.getByText(UI.reports.received).waitFor();
    const href = await row.getByRole('link', { name: 'Download CSV of the Spotify report' }).getAttribute('href');
    const file = await page.evaluate(async (url) => (await (await fetch(url!)).text()).split('\n')[0], href);
    expect(file).toBe(header);
    await both('support-reports-received');
  });

  it('adds bank details, gets 250 USD from the operator and requests a payout after the confirmation', async () => {
    await go('/profile');
    await shows(UI.profile.userDetails);
    await page.getByText(/^FR-US-\d+$/).waitFor();
    await shows(M.minimumBalanceNote);
    await shows(UI.profile.historyEmpty);
    await both('support-profile-empty');

    // Profile client messages (areas §5).
    await page.getByRole('button', { name: `${UI.profile.update} ${UI.profile.phone}` }).click();
    const upd = page.getByRole('dialog', { name: UI.profile.updatePhone });
    await field(UI.profile.phone, upd).fill('98765');
    await upd.getByRole('button', { name: UI.profile.update }).click();
    await alert(M.phoneInvalid);
    await field(UI.profile.phone, upd).fill('');
    await field(UI.profile.phone, upd).pressSequentially('912345678012');
    expect(await field(UI.profile.phone, upd).inputValue()).toBe('9123456780');
    await both('support-update-phone-dialog');
    await upd.getByRole('button', { name: UI.profile.update }).click();
    await toast(M.profileUpdated);
    await shows('9123456780');

    await page.getByRole('button', { name: `${UI.profile.update} ${UI.profile.password}` }).click();
    const pw = page.getByRole('dialog', { name: UI.profile.updatePassword });
    await field(UI.profile.newPassword, pw).fill('short');
    await field(UI.profile.confirmPassword, pw).fill('other');
    await pw.getByRole('button', { name: UI.profile.update }).click();
    await alert(M.passwordShort);
    await alert(M.passwordMismatch);
    await both('support-update-password-dialog');
    await pw.getByRole('button', { name: SUPPORT_CANCEL }).click();

    // Below $100 the Withdraw button refuses.
    await page.getByRole('button', { name: UI.profile.withdraw }).click();
    await toast(M.minimumWithdrawal);

    expect(await portal.cli('revenue', user.email, '250', '83', 'March royalties')).toContain('credited 250.00 USD');
    await page.reload();
    await page.getByTestId('balance').filter({ hasText: '$250.00' }).waitFor();
    await page.getByTestId('revenue').filter({ hasText: '$250.00' }).waitFor();
    await page.getByRole('button', { name: UI.profile.withdraw }).click();
    const bank = page.getByRole('dialog', { name: UI.profile.addBankTitle });
    await bank.waitFor();
    await bank.getByRole('button', { name: UI.common.save }).click();
    await alert(M.bankNameRequired);
    await field(UI.profile.bankName, bank).fill('HDFC Bank');
    await field(UI.profile.ifsc, bank).fill('HDFC1234');
    await field(UI.profile.branch, bank).fill('Koregaon Park, Pune');
    await field(UI.profile.account, bank).fill('50100012345678');
    await field(UI.profile.pan, bank).fill('ABCDE1234F');
    await field(UI.profile.holder, bank).fill(user.name);
    await bank.getByRole('button', { name: UI.common.save }).click();
    await alert(M.ifscInvalid);
    await field(UI.profile.ifsc, bank).fill('HDFC0001234');
    await both('support-bank-dialog');
    await bank.getByRole('button', { name: UI.common.save }).click();
    await toast(M.bankSaved);
    await bank.waitFor({ state: 'hidden' });
    await shows('XXXXXXXXXX5678');

    await page.getByRole('button', { name: UI.profile.requestPayout }).click();
    const confirm = page.getByRole('dialog', { name: UI.profile.payoutTitle });
    await confirm.getByText(UI.profile.payoutQuestion).waitFor();
    // The dialog fades and rises in: check its colours once it stands (axe reads blended colours mid-animation).
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await both('support-payout-confirm');
    await confirm.getByRole('button', { name: UI.profile.confirm }).click();
    await toast('Payout of $250.00 requested.');
    await page.getByTestId('balance').filter({ hasText: '$0.00' }).waitFor();
    // The top bar's revenue reads the same details: the payout's refresh updates it without a reload.
    await page.getByTestId('revenue').filter({ hasText: '$0.00' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: '$250.00' });
    await row.getByText(UI.profile.statusLabel.requested).waitFor();
    await both('support-profile-payout');

    // Finance marks it paid: the history shows the reference.
    const payoutId = await page.evaluate(async () => {
      const r = await fetch('/api/getPayoutHistory', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()).body[0].payout_id as number;
    });
    await portal.cli('payout-paid', String(payoutId), 'UTR-2026-000123');
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'UTR-2026-000123' }).getByText(UI.profile.statusLabel.paid).waitFor();
  });

  it('opens the floating drawer on a phone with focus on its first link, and Escape gives focus back to the menu button', async () => {
    await page.setViewportSize({ width: 412, height: 823 });
    await go('/');
    const drawer = page.locator('#app-drawer');
    // Closed, the drawer (there once the layout's chrome has loaded) is hidden and its menu not yet
    // rendered (it comes with the first opening).
    await drawer.waitFor({ state: 'attached' });
    expect(await drawer.locator('nav a').count()).toBe(0);
    const toggle = page.getByRole('button', { name: /open navigation menu/i });
    await toggle.click();
    await page.getByRole('dialog', { name: 'Navigation drawer' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('#app-drawer nav') !== null);
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Dashboard');
    await screenshot(page, 'drawer-open-412');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-controls') === 'app-drawer');
    expect(await drawer.locator('nav a').count()).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('sends an invite after its client messages; the e-mail carries the ?name= sign-up link', async () => {
    await go('/invite');
    await page.getByRole('button', { name: UI.invite.send }).click();
    await alert(M.inviteEmailInvalid);
    await alert(M.inviteNameRequired);
    await field(UI.invite.email).fill('ravi@');
    await field(UI.invite.name).fill('Ravi Kumar');
    await page.getByRole('button', { name: UI.invite.send }).click();
    await alert(M.inviteEmailInvalid);
    await both('support-invite');
    await field(UI.invite.email).fill('ravi.kumar@example.com');
    await page.getByRole('button', { name: UI.invite.send }).click();
    await toast(M.inviteSent);
    const mail = outboxMails(portal.dataDir, 'ravi.kumar@example.com').at(-1);
    expect(mail?.text).toContain(user.name);
    const link = /https?:\/\/\S+\/signup\?name=\S+/.exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    expect(new URL(link!).searchParams.get('name')).toBe('Ravi Kumar');
  });
});

const SUPPORT_CANCEL = UI.common.cancel;
