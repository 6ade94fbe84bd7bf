import type { Browser } from 'playwright-core';
import { AUTH_TEXT } from '@portal/contracts';
import { launchBrowser, newPage } from './support/browser';
import { startPortal, type Portal } from './support/portal';

/**
 * docs/decisions/026: the security headers are on the page, the remotes and the API, and the portal works under
 * its Content-Security-Policy (a violation is logged as a console error, which fails the test). The
 * other journeys run under the same policy and fail on console errors too.
 */
describe('security headers', () => {
  let portal: Portal;
  let browser: Browser;
  beforeAll(async () => {
    portal = await startPortal({ remotesOnOwnPorts: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  it('serves the shell with the CSP, framing refused, referrer policy and nosniff, and the page works under it', async () => {
    const { page, errors } = await newPage(browser);
    const response = await page.goto(`${portal.url}/login`);
    const headers = response!.headers();
    const csp = headers['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' http:\/\/127\.0\.0\.1:\d+/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    // Plain HTTP here: HSTS is only sent over TLS.
    expect(headers['strict-transport-security']).toBeUndefined();
    await page.getByRole('heading', { name: AUTH_TEXT.loginTitle }).waitFor();
    // The captcha's proof-of-work worker runs under the policy too.
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
    await page.waitForFunction((n) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === n && !b.disabled), AUTH_TEXT.loginButton, { timeout: 30_000 });
    expect(errors).toEqual([]);
  });

  it('marks API answers no-store and serves the remotes with nosniff', async () => {
    const api = await fetch(`${portal.url}/api/checkAwayStatus`);
    expect(api.headers.get('cache-control')).toBe('no-store');
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    const registry = (await (await fetch(`${portal.url}/remotes.json`)).json()) as Record<string, string>;
    for (const manifest of Object.values(registry)) {
      const res = await fetch(manifest);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    }
  });
});
