import type { Page } from 'playwright-core';
import { Secret, TOTP } from 'otpauth';
import { AUTH_TEXT, OPS_UI } from '@portal/contracts';
import type { Portal } from './portal';
import { waitFor } from './wait-for';

export type TestUser = { name: string; email: string; phone: string; address: string; password: string };

let n = 0;
export function newUser(prefix = 'artist'): TestUser {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { name: `${prefix} ${tag}`, email: `${prefix}.${tag}@example.com`, phone: '9876543210', address: '14 Linking Road, Mumbai', password: `pass-${tag}` };
}

/** Click the captcha checkbox ("I'm not a robot", our own box solving the ALTCHA challenge in workers) and wait until the named submit button is enabled (the pass arrived). */
export async function passCaptcha(page: Page, buttonName: string): Promise<void> {
  await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  await page.waitForFunction((name) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === name && !b.disabled), buttonName, { timeout: 30_000 });
}

/** Sign up in the browser, read the OTP from the dev outbox, verify: ends logged in on "/". */
export async function signUpInBrowser(page: Page, portal: Portal, user: TestUser): Promise<void> {
  await page.goto(`${portal.url}/signup`);
  const field = (label: string) => page.getByLabel(label, { exact: true });
  await field(AUTH_TEXT.nameLabel).fill(user.name);
  await field(AUTH_TEXT.emailLabel).fill(user.email);
  await field(AUTH_TEXT.phoneLabel).fill(user.phone);
  await field(AUTH_TEXT.addressLabel).fill(user.address);
  await field(AUTH_TEXT.passwordLabel).fill(user.password);
  await page.getByRole('checkbox', { name: AUTH_TEXT.termsLabel }).check();
  await page.getByRole('checkbox', { name: AUTH_TEXT.emailUpdatesLabel }).check();
  await passCaptcha(page, AUTH_TEXT.signupButton);
  await page.getByRole('button', { name: AUTH_TEXT.signupButton, exact: true }).click();
  await page.getByLabel(AUTH_TEXT.otpLabel).waitFor();
  const otp = await waitFor(() => portal.lastOtp(user.email), { what: `the OTP mail to ${user.email}` });
  await page.getByLabel(AUTH_TEXT.otpLabel).fill(otp);
  await page.getByRole('button', { name: AUTH_TEXT.verifyButton, exact: true }).click();
  await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
}

/**
 * Enrol the staff member on `page` in two-factor sign-in: the console's enrolment screen must be showing
 * (its secret under `data-testid="totp-secret"`); reads the secret, enters the current RFC 6238 code
 * (SHA-1, 6 digits, 30 s) and submits. Resolves to the secret.
 */
export async function enrolTotp(page: Page): Promise<string> {
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel(OPS_UI.totp.code).fill(new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate());
  await page.getByRole('button', { name: OPS_UI.totp.submit }).click();
  return secret;
}
