import type { Browser, Page } from 'playwright-core';
import { fillMessage, SUPPORT_MESSAGES as M, SUPPORT_UI as UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshot } from './support/browser';
import { newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';

/**
 * Bank details outside India in a real browser (docs/decisions/025-international-payouts.md): the form
 * opens on India with the spec's fields; a German artist switches the country, gets IBAN + BIC, sees a
 * bad IBAN refused (in the form, and by the server when the browser is bypassed), saves a good one, sees
 * it masked on the profile and in the payout confirmation. Screenshots of both shapes at 1280 and 412.
 * Any console error fails.
 */
describe('international bank details in the browser', () => {
  let portal: Portal;
  let browser: Browser;
  let page: Page;
  let errors: string[];
  const user = newUser('lena');

  /** A field by its label (a required field's label ends with a "*" mark). */
  const field = (label: string, scope: Page | ReturnType<Page['getByRole']> = page) => scope.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`));
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 5000 });
  const toast = (text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor({ state: 'visible', timeout: 5000 });
  const both = async (name: string) => {
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await screenshot(page, `${name}-1280`);
    await page.setViewportSize({ width: 412, height: 823 });
    await page.waitForTimeout(300);
    await screenshot(page, `${name}-412`);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForTimeout(150);
  };

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

  it('a German artist saves IBAN + BIC, a bad IBAN is refused, the profile and payout confirmation show it masked', async () => {
    expect(await portal.cli('revenue', user.email, '180', '1', 'March royalties')).toContain('credited 180.00 USD');
    await page.goto(`${portal.url}/profile`);
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: UI.profile.withdraw }).click();
    const bank = page.getByRole('dialog', { name: UI.profile.addBankTitle });
    await bank.waitFor();
    // India first: the spec's fields, no IBAN.
    expect(await field(UI.profile.country, bank).inputValue()).toBe('IN');
    await field(UI.profile.ifsc, bank).waitFor();
    expect(await field(UI.profile.iban, bank).count()).toBe(0);
    await both('bank-form-india');

    await field(UI.profile.country, bank).selectOption('DE');
    await bank.getByRole('radio', { name: UI.profile.methodLabel.iban }).waitFor();
    expect(await bank.getByRole('radio', { name: UI.profile.methodLabel.iban }).isChecked()).toBe(true);
    expect(await field(UI.profile.ifsc, bank).count()).toBe(0);
    await field(UI.profile.holder, bank).fill(user.name);
    await field(UI.profile.bankName, bank).fill('Commerzbank');
    await field(UI.profile.iban, bank).fill('DE89 3704 0044 0532 0130 01');
    await field(UI.profile.bic, bank).fill('cobadeffxxx');
    expect(await field(UI.profile.bic, bank).inputValue()).toBe('COBADEFFXXX');
    await bank.getByRole('button', { name: UI.common.save }).click();
    await alert(M.ibanInvalid);
    await both('bank-form-iban-refused');

    // The server refuses it too (never trusting the browser): the same message, 400.
    const direct = await page.evaluate(async (body) => {
      const r = await fetch('/api/addBankDetails', { method: 'POST', headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
      return { http: r.status, message: (await r.json()).message as string };
    }, { country: 'DE', payout_method: 'iban', holder_name: user.name, bank_name: 'Commerzbank', iban: 'DE89 3704 0044 0532 0130 01', bic: 'COBADEFFXXX' });
    expect(direct).toEqual({ http: 400, message: M.ibanInvalid });

    await field(UI.profile.iban, bank).fill('DE89 3704 0044 0532 0130 00');
    await both('bank-form-iban');
    await bank.getByRole('button', { name: UI.common.save }).click();
    await toast(M.bankSaved);
    await bank.waitFor({ state: 'hidden' });
    await page.getByText('XXXXXXXXXXXXXXXXXX3000', { exact: true }).waitFor();
    await page.getByText('Germany', { exact: true }).waitFor();
    await page.getByText('COBADEFFXXX', { exact: true }).waitFor();
    await both('bank-profile-iban');

    await page.getByRole('button', { name: UI.profile.requestPayout }).click();
    const confirm = page.getByRole('dialog', { name: UI.profile.payoutTitle });
    await confirm.getByText(fillMessage(UI.profile.payoutDetailsIban, { amount: '$180.00', holder: user.name, account: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX' })).waitFor();
    await confirm.getByRole('button', { name: UI.profile.confirm }).click();
    await toast('Payout of $180.00 requested.');
    const payout = await page.evaluate(async () => {
      const r = await fetch('/api/getPayoutHistory', { headers: { Authorization: `Bearer ${localStorage.getItem('token')}` } });
      return (await r.json()).body[0] as { account_last4: string; status: string };
    });
    expect(payout).toMatchObject({ account_last4: '3000', status: 'requested' });
  });
});
