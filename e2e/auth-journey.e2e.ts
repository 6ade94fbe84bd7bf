import type { Browser, Page } from 'playwright-core';
import { AUTH_MESSAGES as M, AUTH_TEXT, SHELL_TEXT } from '@portal/contracts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { startPortal, type Portal } from './support/portal';
import { settleLayout } from './support/wait-for';

/**
 * Acceptance (docs/decisions/001): a new user signs up in a real browser, reads the OTP from the dev outbox,
 * verifies, lands on the dashboard route, logs out, logs in and resets a forgotten password; the spec's
 * message texts appear for each invalid input of the login, signup and new-password forms.
 */
describe('accounts in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const user = { name: 'Asha Verma', email: `asha.${Date.now()}@example.com`, phone: '9876543210', address: '221B Baker Street, Mumbai', password: 'first-pass1' };

  beforeAll(async () => {
    portal = await startPortal();
    browser = await launchBrowser();
    ({ page, errors } = await newPage(browser));
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.stop();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const alertText = (text: string) => page.getByRole('alert').filter({ hasText: text }).first();
  async function expectMessage(text: string) {
    await alertText(text).waitFor({ state: 'visible', timeout: 5000 });
  }
  async function solveCaptcha() {
    await page.getByRole('checkbox', { name: "I'm not a robot" }).click();
  }
  async function waitEnabled(name: string) {
    const button = page.getByRole('button', { name, exact: true });
    await button.waitFor();
    await page.waitForFunction((n) => [...document.querySelectorAll('button')].some((b) => b.textContent?.trim() === n && !b.disabled), name, { timeout: 30_000 });
    return button;
  }
  async function logout() {
    await page.getByRole('button', { name: 'Logout' }).or(page.getByRole('link', { name: 'Logout' })).first().click();
    const dialog = page.getByRole('dialog', { name: SHELL_TEXT.logoutTitle });
    await dialog.getByText(SHELL_TEXT.logoutQuestion).waitFor();
    await dialog.getByRole('button', { name: /yes|logout|confirm/i }).first().click();
    await page.waitForURL(/\/login/, { timeout: 10_000 });
  }

  it('signs up with the referral banner, shows the spec messages, verifies the OTP from the outbox and lands on the dashboard', async () => {
    await page.goto(`${portal.url}/signup?name=Asha`);
    await page.getByText(/Asha/).first().waitFor();
    expect(await field('Name').inputValue()).toBe('Asha');
    await screenshot(page, 'signup-1280');

    // Each invalid input shows its core §5 message.
    await field('Name').fill('');
    for (const label of ['Email', 'Phone', 'Address', 'Password']) await field(label).focus();
    await field('Name').focus();
    await expectMessage(M.nameRequired);
    await expectMessage(M.emailRequired);
    await expectMessage(M.phoneRequired);
    await expectMessage(M.addressRequired);
    await expectMessage(M.passwordRequired);
    await field('Email').fill('not-an-email');
    await field('Phone').fill('12345');
    await field('Password').fill('12345');
    await field('Address').focus();
    await expectMessage(M.emailInvalid);
    await expectMessage(M.phoneInvalid);
    await expectMessage(M.passwordLength);
    // The phone input cannot exceed 10 digits.
    await field('Phone').fill('');
    await field('Phone').pressSequentially('98765432109999');
    expect(await field('Phone').inputValue()).toBe('9876543210');
    // The two checkboxes are required.
    const terms = page.getByRole('checkbox', { name: AUTH_TEXT.termsLabel });
    const offers = page.getByRole('checkbox', { name: AUTH_TEXT.emailUpdatesLabel });
    await terms.check();
    await terms.uncheck();
    await offers.check();
    await offers.uncheck();
    await expectMessage(M.termsRequired);
    await expectMessage(M.emailUpdatesRequired);
    expect(await page.getByRole('button', { name: AUTH_TEXT.signupButton, exact: true }).isDisabled()).toBe(true);

    await field('Name').fill(user.name);
    await field('Email').fill(user.email);
    await field('Address').fill(user.address);
    await field('Password').fill(user.password);
    await terms.check();
    await offers.check();
    await solveCaptcha();
    await (await waitEnabled(AUTH_TEXT.signupButton)).click();

    await page.getByLabel(AUTH_TEXT.otpLabel).waitFor();
    await page.getByText(M.resendWait).first().waitFor();
    await screenshot(page, 'otp-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await screenshot(page, 'otp-600');
    await page.setViewportSize({ width: 1280, height: 900 });
    const otp = portal.lastOtp(user.email);
    expect(otp).toMatch(/^\d{5}$/);
    await page.getByLabel(AUTH_TEXT.otpLabel).fill(otp!);
    await page.getByRole('button', { name: AUTH_TEXT.verifyButton, exact: true }).click();
    await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
    await page.getByRole('navigation').first().waitFor();
    await settleLayout(page);
    await screenshot(page, 'shell-1280');
    await page.setViewportSize({ width: 600, height: 900 });
    await settleLayout(page);
    await screenshot(page, 'shell-600');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('logs out with the confirmation and logs back in, after the login form shows its spec messages', async () => {
    await logout();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await screenshot(page, 'login-1280');

    await field('Email').focus();
    await field('Password').focus();
    await field('Email').focus();
    await expectMessage(M.emailRequired);
    await expectMessage(M.passwordRequired);
    await field('Email').fill('nope');
    await field('Password').focus();
    await expectMessage(M.emailInvalid);
    // The Login button stays disabled until the captcha passes.
    expect(await page.getByRole('button', { name: AUTH_TEXT.loginButton, exact: true }).isDisabled()).toBe(true);

    await field('Email').fill(user.email);
    await field('Password').fill(user.password);
    await solveCaptcha();
    await (await waitEnabled(AUTH_TEXT.loginButton)).click();
    await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
    // A logged-in user is sent away from the public routes.
    await page.goto(`${portal.url}/login`);
    await page.waitForURL(`${portal.url}/`);
  });

  it('resets a forgotten password in three steps with the new-password messages, then logs in with it', async () => {
    await logout();
    await page.getByRole('link', { name: AUTH_TEXT.forgotPasswordLink }).click();
    await field('Email').fill(user.email);
    await solveCaptcha();
    await (await waitEnabled(AUTH_TEXT.sendOtpButton)).click();
    await page.getByLabel(AUTH_TEXT.otpLabel).waitFor();
    const otp = portal.lastOtp(user.email)!;
    await page.getByLabel(AUTH_TEXT.otpLabel).fill(otp);
    await page.getByRole('button', { name: AUTH_TEXT.verifyButton, exact: true }).click();

    const pw = field(AUTH_TEXT.newPasswordLabel);
    const confirm = field(AUTH_TEXT.confirmPasswordLabel);
    await pw.waitFor();
    await pw.focus();
    await confirm.focus();
    await pw.focus();
    await expectMessage(M.newPasswordRequired);
    await pw.fill('abcd');
    await confirm.focus();
    await expectMessage(M.passwordLength);
    await pw.fill('new-pass2');
    await confirm.fill('different');
    await pw.focus();
    await expectMessage(M.newPasswordMismatch);
    await screenshot(page, 'forgot-new-password-1280');
    await confirm.fill('new-pass2');
    await page.getByRole('button', { name: AUTH_TEXT.changePasswordButton, exact: true }).click();
    await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });

    await logout();
    await field('Email').fill(user.email);
    await field('Password').fill('new-pass2');
    await solveCaptcha();
    await (await waitEnabled(AUTH_TEXT.loginButton)).click();
    await page.waitForURL(`${portal.url}/`, { timeout: 15_000 });
  });

  it('renders the public screens at 600 px', async () => {
    const small = await newPage(browser, 600, 900);
    await small.page.goto(`${portal.url}/login`);
    await small.page.getByLabel('Email', { exact: true }).waitFor();
    await screenshot(small.page, 'login-600');
    await small.page.goto(`${portal.url}/signup?name=Asha`);
    await small.page.getByLabel('Name', { exact: true }).waitFor();
    await settleLayout(small.page);
    await screenshot(small.page, 'signup-600');
    await small.page.context().close();
  });

  it('logged no page errors and no console errors', () => {
    expect(errors).toEqual([]);
  });
});
