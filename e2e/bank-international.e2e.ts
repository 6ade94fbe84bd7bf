import type { Browser, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, fillMessage, PAYOUT_DESK_MESSAGES as PDM, PAYOUT_DESK_UI as PD, SUPPORT_MESSAGES as M, SUPPORT_UI as UI } from '@portal/contracts';
import { launchBrowser, newPage, screenshotsAt } from './support/browser';
import { enrolTotp, newUser, signUpInBrowser } from './support/flows';
import { startPortal, type Portal } from './support/portal';

/**
 * Bank details outside India in a real browser (docs/decisions/027-international-payouts.md): the form
 * opens on India with the spec's fields; a German artist switches the country, gets IBAN + BIC, sees a
 * bad IBAN refused (in the form, and by the server when the browser is bypassed), saves a good one, sees
 * it masked on the profile and in the payout confirmation. Finance then pays it with the SEPA file in EUR
 * at the rate set on the run (docs/decisions/031). Screenshots of both shapes at 1280 and 412.
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
  const both = async (name: string, p: Page = page, narrow = 412) => {
    await p.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    await screenshotsAt(p, name, [narrow], { height: 823 });
  };
  let payoutId = 0;
  /** The account the bank files pay from: a SEPA file needs an IBAN there (docs/decisions/031). */
  const debtor = { PAYOUT_DEBTOR_NAME: 'Portal Distribution GmbH', PAYOUT_DEBTOR_ACCOUNT: 'DE02 1203 0000 0000 2020 51', PAYOUT_DEBTOR_BIC: 'BYLADEM1001' };

  beforeAll(async () => {
    portal = await startPortal({ env: debtor });
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

    // A country without IBANs (the United States): PayPal only.
    await field(UI.profile.country, bank).selectOption('US');
    await field(UI.profile.paypalEmail, bank).waitFor();
    await bank.getByText(UI.profile.noIbanHint).waitFor();
    expect(await bank.getByRole('radio', { name: UI.profile.methodLabel.iban }).count()).toBe(0);
    await both('bank-form-paypal');

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
      return (await r.json()).body[0] as { payout_id: number; account_last4: string; status: string };
    });
    expect(payout).toMatchObject({ account_last4: '3000', status: 'requested' });
    payoutId = payout.payout_id;
  });

  it('finance sees the masked IBAN and BIC on the payout desk; the bank run carries them in the CSV and, at the rate finance sets, in the SEPA file in EUR', async () => {
    const financeUser = newUser('finance');
    const { page: fin, errors: finErrors } = await newPage(browser);
    fin.setDefaultTimeout(15_000);
    await signUpInBrowser(fin, portal, financeUser);
    await portal.cli('staff', 'add', financeUser.email, 'finance');
    await fin.goto(`${portal.url}/ops`);
    await enrolTotp(fin);
    await fin.waitForLoadState('networkidle');
    await fin.goto(`${portal.url}/ops/payouts`);
    await fin.waitForLoadState('networkidle');
    const list = fin.getByRole('table', { name: PD.heading });
    await list.getByRole('cell', { name: 'XXXX3000' }).waitFor();
    await list.getByRole('button', { name: `${PD.open} ${fillMessage(PD.detail, { id: payoutId })}` }).click();
    const detail = fin.getByRole('dialog', { name: fillMessage(PD.detail, { id: payoutId }) });
    await detail.getByText('XXXXXXXXXXXXXXXXXX3000', { exact: true }).waitFor();
    await detail.getByText('COBADEFFXXX', { exact: true }).waitFor();
    await detail.getByText('Germany (DE)', { exact: true }).waitFor();
    expect(await detail.textContent()).not.toContain('DE89370400440532013000');
    await both('bank-desk-iban-detail', fin, 600);
    await detail.getByRole('button', { name: PD.closeDetail }).first().click();

    await fin.getByLabel(fillMessage(PD.selectRow, { id: payoutId })).check();
    await fin.getByRole('button', { name: new RegExp(`^${PD.exportRun}`) }).click();
    await fin.getByRole('dialog', { name: PD.exportRun }).getByRole('button', { name: 'Yes' }).click();
    const runs = fin.getByRole('table', { name: PD.runs });
    await runs.getByRole('cell', { name: '#1', exact: true }).waitFor();
    // The desk says which file pays it: the SEPA file, once the run has its rate.
    await runs.getByText(fillMessage(PDM.filesSepa, { count: 1, rate: PDM.filesSepaNoRate })).waitFor();
    await runs.getByText(PD.rateNone).waitFor();
    const [csvFile] = await Promise.all([fin.waitForEvent('download'), runs.getByRole('button', { name: `${PD.downloadCsv} #1` }).click()]);
    expect(csvFile.suggestedFilename()).toBe('bank-run-1.csv');
    // Account codes (IBAN, BIC) are quoted: text, every character kept (docs/decisions/031).
    expect(readFileSync((await csvFile.path())!, 'utf8').trim().split('\n')).toEqual([
      [...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS].join(','),
      `${payoutId},RUN1-PAYOUT${payoutId},180.00,USD,${user.name},,,Commerzbank,,Royalty payout #${payoutId},iban,DE,"DE89370400440532013000","COBADEFFXXX",`,
    ]);
    // A SEPA-only run: the SEPA file is offered, the generic pain.001 in USD is not (it would hold nothing).
    const sepaButton = runs.getByRole('button', { name: `${PD.downloadSepa} #1` });
    await sepaButton.waitFor();
    expect(await runs.getByRole('button', { name: `${PD.downloadXml} #1` }).count()).toBe(0);

    // Without a rate the SEPA file is refused with the reason; finance sets it on the run.
    await sepaButton.click();
    await fin.getByRole('status').filter({ hasText: fillMessage(PDM.sepaRateMissing, { run: 1 }) }).first().waitFor();
    await fin.getByLabel(fillMessage(PD.rateInput, { id: 1 })).fill('0.9234');
    await runs.getByRole('button', { name: PD.setRate }).click();
    await fin.getByRole('status').filter({ hasText: fillMessage(PDM.rateSet, { run: 1, rate: '0.9234' }) }).first().waitFor();
    // 180.00 USD × 0.9234 = 166.212 → 166.21 EUR (half up to the cent).
    await runs.getByText(fillMessage(PD.rateShown, { rate: '0.9234', eur: '166.21' })).waitFor();
    await runs.getByText(fillMessage(PDM.filesSepa, { count: 1, rate: fillMessage(PDM.filesSepaRate, { rate: '0.9234' }) })).waitFor();
    await both('bank-desk-sepa-run', fin, 600);

    const [sepaFile] = await Promise.all([fin.waitForEvent('download'), sepaButton.click()]);
    expect(sepaFile.suggestedFilename()).toBe('bank-run-1.sepa.pain.001.xml');
    const xml = readFileSync((await sepaFile.path())!, 'utf8');
    expect(xml).toContain('<Cd>SEPA</Cd>');
    expect(xml).toContain('<BICFI>COBADEFFXXX</BICFI>');
    expect(xml).toContain('<IBAN>DE89370400440532013000</IBAN>');
    expect(xml).toContain(`<EndToEndId>RUN1-PAYOUT${payoutId}</EndToEndId>`);
    expect(xml).toContain('<InstdAmt Ccy="EUR">166.21</InstdAmt>');
    expect(xml.match(/<CtrlSum>([^<]*)<\/CtrlSum>/g)).toEqual(['<CtrlSum>166.21</CtrlSum>', '<CtrlSum>166.21</CtrlSum>']);
    expect(xml).not.toContain('USD');
    // Paid from the configured debtor IBAN and BIC.
    expect(xml).toMatch(/<DbtrAcct>\s*<Id>\s*<IBAN>DE02120300000000202051<\/IBAN>/);
    expect(xml).toContain('<BICFI>BYLADEM1001</BICFI>');
    // Once the SEPA file was built its rate is fixed: the desk still shows it.
    await runs.getByText(fillMessage(PD.rateShown, { rate: '0.9234', eur: '166.21' })).waitFor();
    expect(finErrors).toEqual([]);
  });
});
