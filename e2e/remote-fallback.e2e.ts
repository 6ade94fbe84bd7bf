import type { Browser } from 'playwright-core';
import { AUTH_TEXT, SHELL_TEXT } from '@portal/contracts';
import { expectAccessible, launchBrowser, newPage, screenshot } from './support/browser';
import { startPortal, type Portal } from './support/portal';

/**
 * Acceptance (docs/decisions/001): with every remote on its own server (the production shape) and the shell
 * finding them through /remotes.json, stopping the server of one remote leaves login and the other
 * areas working, with the fallback shown where that remote's routes are.
 */
describe('one remote down', () => {
  let portal: Portal;
  let browser: Browser;
  let token: string;
  const user = { name: 'Ravi Kumar', email: `ravi.${Date.now()}@example.com`, phone: '9123456780', address: 'Park Street, Kolkata', password: 'ravi-pass1' };

  beforeAll(async () => {
    portal = await startPortal({ remotesOnOwnPorts: true });
    browser = await launchBrowser();
    // An account made through the API (the browser journey itself is in auth-journey.e2e.ts).
    const api = (path: string, body: object, headers: Record<string, string> = {}) =>
      fetch(`${portal.url}/api/${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }).then((r) => r.json());
    await portal.cli('away', 'off');
    const { altcha, deriveKey } = await import('../api/dist/captcha/altcha');
    const challenge = await (await fetch(`${portal.url}/api/captcha/challenge`)).json();
    const solution = await altcha.solveChallenge({ challenge, deriveKey });
    const payload = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
    const pass = await fetch(`${portal.url}/api/capchaVerification?responseCapcha=${encodeURIComponent(payload)}`, { method: 'POST' }).then((r) => r.json());
    await api('signup', user, { 'x-captcha-token': pass.body.captcha_token });
    token = (await api('verifyEmailOTP', { email: user.email, otp: portal.lastOtp(user.email) })).token;
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('registry points the shell at each remote’s own server', async () => {
    const registry = await (await fetch(`${portal.url}/remotes.json`)).json();
    expect(Object.keys(registry).sort()).toEqual(['mfe_auth', 'mfe_ops', 'mfe_releases', 'mfe_support', 'mfe_tools_rights']);
    for (const url of Object.values(registry) as string[]) expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mf-manifest\.json$/);
  });

  it('keeps login and the other areas working and shows the fallback on the stopped remote’s routes', async () => {
    await portal.stopRemote('mfe-releases');
    const { page } = await newPage(browser);

    await page.goto(`${portal.url}/login`);
    await page.getByLabel('Email', { exact: true }).fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await page.waitForFunction((n) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === n && !b.disabled), AUTH_TEXT.loginButton, { timeout: 30_000 });
    await page.getByRole('button', { name: AUTH_TEXT.loginButton, exact: true }).click();
    await page.waitForURL(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();

    // The catalogue belongs to the stopped remote: its route shows the fallback inside the layout.
    await page.getByRole('link', { name: 'Catalog' }).first().click();
    await page.getByText(SHELL_TEXT.remoteUnavailable).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: SHELL_TEXT.retry }).waitFor();
    expect(await page.getByRole('navigation').first().isVisible()).toBe(true);
    await screenshot(page, 'remote-down-catalog-1280');

    // Other areas keep working.
    await page.getByRole('link', { name: 'Tickets' }).first().click();
    await page.getByRole('heading', { name: 'Tickets' }).first().waitFor();
    expect(await page.getByText(SHELL_TEXT.remoteUnavailable).count()).toBe(0);
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.context().close();
  });

  it('shows the page while the menu cannot load, says so in the top bar, and Retry brings the menu', async () => {
    const { page } = await newPage(browser);
    await page.goto(`${portal.url}/favicon.svg`);
    await page.evaluate((value) => localStorage.setItem('token', value), token);
    // The layout's chrome chunk (drawer, top bar, logout dialog) fails three times: the first load and
    // load-chrome's two retries (decision 010, "The page before the chrome").
    let refused = 0;
    await page.route(/\/layout-chrome\.[0-9a-f]+\.js$/, (route) => (refused < 3 ? (refused++, route.abort()) : route.continue()));

    await page.goto(`${portal.url}/`);
    await page.getByRole('heading', { name: 'Dashboard' }).first().waitFor();
    await page.getByText(SHELL_TEXT.menuUnavailable).waitFor({ timeout: 15_000 });
    expect(refused).toBe(3);
    // The page itself works meanwhile; only the menu is missing.
    expect(await page.getByRole('navigation').count()).toBe(0);
    await expectAccessible(page, 'menu-unavailable');
    await screenshot(page, 'menu-unavailable-1280');

    await page.getByRole('button', { name: SHELL_TEXT.retry }).click();
    await page.getByRole('navigation').first().waitFor();
    expect(await page.getByText(SHELL_TEXT.menuUnavailable).count()).toBe(0);
    await page.getByRole('link', { name: 'Tickets' }).first().click();
    await page.getByRole('heading', { name: 'Tickets' }).first().waitFor();
    await page.context().close();
  });
});
