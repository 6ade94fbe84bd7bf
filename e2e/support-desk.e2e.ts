import type { Browser, Page } from 'playwright-core';
import { CONSOLE_NAV_UI, fillMessage, SUPPORT_DESK_MESSAGES, SUPPORT_DESK_UI as U, SUPPORT_MESSAGES as M, SUPPORT_UI as UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshot, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';
import { makePdf } from './support/support-area';

/**
 * The support desk in a real browser (docs/decisions/023-staff-desks.md "Support desk"): an artist opens
 * a ticket with an attachment; support finds it at the top of the queue (the artist's word is last),
 * reads the thread and opens the attachment through its signed link, assigns it, replies with a file;
 * the artist sees the reply and downloads the file. Screenshots of the queue and the thread at 1280,
 * 600 and 412 px.
 */
describe('support desk in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let support: { page: Page; errors: string[] };
  let artist: { page: Page; errors: string[] };
  const supportUser = newUser('support');
  const artistUser = newUser('artist');
  let ticketId = 0;
  const CONCERN = 'My release is not live on Spotify yet. The distributor statement is attached.';
  const REPLY = 'It went live this morning; the store’s delivery report is attached.';

  const shots = (p: Page, name: string) => screenshotsAt(p, `support-desk-${name}`, [600, 412]);
  /** Fetch a link's address in the page as the browser would open it: status, type and the first bytes. */
  const open = (p: Page, href: string | null) =>
    p.evaluate(async (url) => {
      const r = await fetch(url!);
      return { status: r.status, type: r.headers.get('content-type'), head: (await r.text()).slice(0, 5) };
    }, href);

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    support = await newPage(browser);
    artist = await newPage(browser);
    for (const p of [support, artist]) p.page.setDefaultTimeout(15_000);
    await signUpInBrowser(artist.page, portal, artistUser);
    await signUpInBrowser(support.page, portal, supportUser);
    await portal.cli('staff', 'add', supportUser.email, 'support');
    await support.page.goto(`${portal.url}/ops`);
    await enrolTotp(support.page);
    await support.page.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel }).getByRole('link', { name: /^Support desk/ }).waitFor();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });
  afterEach(() => {
    expect(support.errors).toEqual([]);
    expect(artist.errors).toEqual([]);
  });

  it('the artist opens a ticket with an attachment', async () => {
    const a = artist.page;
    await a.goto(`${portal.url}/tickets`);
    await a.getByRole('button', { name: UI.tickets.newTicket }).click();
    const dialog = a.getByRole('dialog', { name: UI.tickets.dialogTitle });
    await dialog.getByLabel(UI.tickets.reasonLabel).selectOption('Delivery Status');
    await dialog.getByLabel(UI.tickets.concernLabel).fill(CONCERN);
    await dialog.getByLabel(UI.tickets.attachLabel, { exact: true }).setInputFiles(makePdf('statement'));
    await dialog.getByRole('list', { name: UI.tickets.attachedList }).getByText('statement.pdf').waitFor();
    await a.waitForFunction(() => !document.body.innerText.includes('Uploading…'));
    await dialog.getByRole('button', { name: UI.tickets.submit }).click();
    await a.getByRole('status').filter({ hasText: M.ticketCreated }).first().waitFor();
    await a.getByRole('row').filter({ hasText: 'Delivery Status' }).click();
    await a.waitForURL(/\/tickets\/\d+$/);
    ticketId = Number(a.url().split('/').pop());
    expect(ticketId).toBeGreaterThan(0);
  });

  it('support reads the thread, opens the attachment, assigns the ticket and replies with a file', async () => {
    const p = support.page;
    await p.getByRole('navigation', { name: CONSOLE_NAV_UI.navLabel }).getByRole('link', { name: /^Support desk/ }).click();
    await p.getByRole('heading', { level: 2, name: U.heading }).waitFor();
    const table = p.getByRole('table', { name: U.heading });
    const row = table.getByRole('row').filter({ hasText: artistUser.email.toLowerCase() });
    await row.getByText(U.lastBy.user).waitFor();
    await shots(p, 'queue');

    await row.getByRole('button', { name: fillMessage(U.openLabel, { id: ticketId }) }).click();
    const dialog = p.getByRole('dialog', { name: fillMessage(U.threadTitle, { id: ticketId, reason: 'Delivery Status' }) });
    await dialog.getByText(CONCERN).waitFor();
    const link = dialog.getByRole('link', { name: /statement\.pdf/ });
    expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/expires=\d+&sig=/);
    expect(await open(p, href)).toEqual({ status: 200, type: 'application/pdf', head: '%PDF-' });

    // Assign to the support member (the only one), by keyboard: the select, then the button.
    await dialog.getByLabel(U.assignTo).selectOption({ label: supportUser.email.toLowerCase() });
    await dialog.getByRole('button', { name: U.assign }).click();
    await p.getByText(fillMessage(SUPPORT_DESK_MESSAGES.assigned, { id: ticketId, email: supportUser.email.toLowerCase() })).first().waitFor();

    // Reply with a file.
    await dialog.getByLabel(U.attach).setInputFiles(makePdf('delivery-report', 'Delivered to Spotify on 12 March'));
    await dialog.getByRole('list', { name: U.attachments }).getByText(/delivery-report\.pdf \(\d+ KB\)/).waitFor();
    await dialog.getByLabel(U.reply).fill(REPLY);
    await shots(p, 'thread');
    await dialog.getByRole('button', { name: U.send }).click();
    await p.getByText(fillMessage(SUPPORT_DESK_MESSAGES.replied, { id: ticketId })).first().waitFor();
    await dialog.getByText(REPLY).waitFor();
    await dialog.getByRole('link', { name: /delivery-report\.pdf/ }).waitFor();
    await shots(p, 'thread-replied');
    await dialog.getByRole('button', { name: U.back }).last().click();
    await dialog.waitFor({ state: 'detached' });
    // Answered, it is no longer waiting; "mine" finds it.
    await p.getByLabel(U.assignedFilter).selectOption('mine');
    await table.getByRole('row').filter({ hasText: artistUser.email.toLowerCase() }).getByText(U.lastBy.support, { exact: true }).waitFor();
    await shots(p, 'queue-answered');
  });

  it('the artist sees the reply and downloads the file', async () => {
    const a = artist.page;
    await a.goto(`${portal.url}/tickets/${ticketId}`);
    await a.getByText(REPLY).waitFor();
    await a.getByText(UI.ticket.supportTeam).first().waitFor();
    const link = a.getByRole('link', { name: /delivery-report\.pdf/ });
    const opened = await a.evaluate(async (url) => {
      const r = await fetch(url!);
      return { status: r.status, type: r.headers.get('content-type'), text: await r.text() };
    }, await link.getAttribute('href'));
    expect([opened.status, opened.type, opened.text.startsWith('%PDF-'), opened.text.includes('Delivered to Spotify on 12 March')]).toEqual([200, 'application/pdf', true, true]);
    const bell = await a.evaluate(async () => {
      const r = await fetch('/api/getNotificationsForUser', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return ((await r.json()) as { body: Array<{ notification: string }> }).body.map((n) => n.notification);
    });
    expect(bell.some((n) => n.includes(`#${ticketId}`))).toBe(true);
    await screenshot(a, 'support-desk-artist-reply-1280');
  });
});
