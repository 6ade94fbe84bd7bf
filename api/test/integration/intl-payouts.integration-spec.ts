import request from 'supertest';
import { create } from 'xmlbuilder2';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, fillMessage, PAYOUT_DESK_MESSAGES as PD, SUPPORT_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { outboxTo, SupportClient } from '../helpers/support-client';
import { creditRevenue } from '../helpers/cli';

const INDIA = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'hdfc0001234', branch_name: 'Koregaon Park, Pune', pan: 'abcde1234f', other_details: '' };
/** A German artist paid to a real-shaped IBAN (the ISO 13616 example) and Commerzbank's BIC. */
const GERMANY = { country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'de89 3704 0044 0532 0130 00', bic: 'cobadeffxxx', other_details: '' };
const PAYPAL = { country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: 'Sam.Lee@Example.com' };

/** Bank details outside India (docs/decisions/027-international-payouts.md) on each engine. */
describe.each(ENGINES)('international payouts on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;

  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const artist = async () => {
    const a = await createVerifiedUser(t);
    return { ...a, client: new SupportClient(t, a.token, a.email) };
  };
  /** An artist with `usd` credited, `details` saved and a payout requested. */
  const artistWithPayout = async (usd: string, details: object) => {
    const a = await artist();
    await creditRevenue(t.app, a.email, usd, 'Royalties');
    await a.client.post('addBankDetails', details).expect(200);
    const res = await a.client.post('withdrawMoney', {}, { 'Idempotency-Key': `k-${Math.random().toString(36).slice(2)}` }).expect(200);
    return { ...a, payoutId: res.body.body.payout_id as number, payout: res.body.body };
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    finance = await createStaff(t, 'finance');
  });
  afterAll(async () => t?.close());

  it('the spec payload (no country) is saved as India, answered with the Indian shape', async () => {
    const a = await artist();
    const saved = await a.client.post('addBankDetails', INDIA).expect(200);
    expect(saved.body.body).toMatchObject({ ...INDIA, account_number: 'XXXXXXXXXX5678', ifsc_code: 'HDFC0001234', pan: 'XXXXXX234F', country: 'IN', payout_method: 'bank_in', iban: '', bic: '', paypal_email: '' });
    const bad = await a.client.post('addBankDetails', { ...INDIA, ifsc_code: 'HDFC1001234' }).expect(400);
    expect(bad.body.message).toBe(M.ifscInvalid);
    // India pays to Indian accounts only.
    expect((await a.client.post('addBankDetails', { ...PAYPAL, country: 'IN' }).expect(400)).body.message).toBe(M.payoutMethodIndia);
  });

  it('IBAN + BIC for a German artist: checked (mod-97, length, ISO 9362), masked, kept on a masked re-send, e-mailed', async () => {
    const a = await artist();
    const saved = await a.client.post('addBankDetails', { ...GERMANY, ifsc_code: 'ignored', pan: 'ignored' }).expect(200);
    expect(saved.body.body).toMatchObject({ country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX', ifsc_code: '', pan: '', account_number: '', paypal_email: '' });
    expect(JSON.stringify(saved.body)).not.toContain('DE89370400440532013000');
    expect(outboxTo(t, a.email).filter((m) => m.subject === M.bankMailSubject).map((m) => m.text)).toEqual([expect.stringContaining('Commerzbank, account ending 3000')]);
    // The masked IBAN sent back keeps the saved one; a masked IBAN that is not it is refused.
    await a.client.post('addBankDetails', { ...GERMANY, iban: 'XXXXXXXXXXXXXXXXXX3000', bank_name: 'Commerzbank AG' }).expect(200);
    expect((await a.client.get('getUserBankDetails')).body.body).toMatchObject({ iban: 'XXXXXXXXXXXXXXXXXX3000', bank_name: 'Commerzbank AG' });
    expect((await a.client.post('addBankDetails', { ...GERMANY, iban: 'XXXXXXXXXXXXXXXXXX9999' }).expect(400)).body.message).toBe(M.ibanInvalid);
    // Each wrong body: 400 with the contract's message, nothing saved.
    const refusals: Array<[object, string]> = [
      [{ iban: 'DE89 3704 0044 0532 0130 01' }, M.ibanInvalid], // check digits do not match
      [{ iban: 'DE89 3704 0044 0532 0130 0' }, M.ibanInvalid], // 21 characters, German IBANs have 22
      [{ bic: 'COBADEFF1' }, M.bicInvalid],
      [{ bic: 'COBAZZFF' }, M.bicInvalid],
      [{ payout_method: undefined }, M.payoutMethodRequired],
      [{ payout_method: 'bank_in' }, M.payoutMethodRequired],
      [{ country: 'XX' }, M.countryInvalid],
      [{ country: 'US' }, fillMessage(M.ibanCountry, { country: 'United States' })],
      [{ holder_name: ' ' }, M.holderNameRequired],
      [{ bank_name: '' }, M.bankNameRequired],
    ];
    for (const [change, message] of refusals) {
      const res = await a.client.post('addBankDetails', { ...GERMANY, ...change });
      expect([JSON.stringify(change), res.status, res.body.message]).toEqual([JSON.stringify(change), 400, message]);
    }
    expect((await a.client.get('getUserBankDetails')).body.body).toMatchObject({ iban: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX' });
  });

  it('PayPal outside India: the e-mail is checked and shown to its owner', async () => {
    const a = await artist();
    expect((await a.client.post('addBankDetails', { ...PAYPAL, paypal_email: 'sam@' }).expect(400)).body.message).toBe(M.paypalEmailInvalid);
    const saved = await a.client.post('addBankDetails', PAYPAL).expect(200);
    expect(saved.body.body).toMatchObject({ country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: 'sam.lee@example.com', bank_name: '', iban: '' });
    expect(outboxTo(t, a.email).filter((m) => m.subject === M.bankMailSubject).map((m) => m.text)).toEqual([expect.stringContaining('PayPal account s***@example.com')]);
  });

  it('payout desk: masked international details; the bank run exports IBAN/BIC in the CSV and the SEPA file, IFSC in pain.001, PayPal in the CSV only, with a note saying which file pays which', async () => {
    const india = await artistWithPayout('150', INDIA);
    const germany = await artistWithPayout('200.10', GERMANY);
    const paypal = await artistWithPayout('120', PAYPAL);
    expect(germany.payout.account_last4).toBe('3000');
    const d = (await as(finance.token).get('ops/payouts/detail', { payout_id: germany.payoutId }).expect(200)).body.body;
    expect(d.bank).toEqual({ holder_name: 'Lena Meyer', bank_name: 'Commerzbank', account_masked: '', ifsc_code: '', branch_name: '', pan_masked: '', country: 'DE', payout_method: 'iban', iban_masked: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX', paypal_masked: '' });
    expect(JSON.stringify(d)).not.toContain('DE89370400440532013000');
    const p = (await as(finance.token).get('ops/payouts/detail', { payout_id: paypal.payoutId }).expect(200)).body.body;
    expect(p.bank).toMatchObject({ country: 'US', payout_method: 'paypal', paypal_masked: 's***@example.com', iban_masked: '' });
    expect(JSON.stringify(p)).not.toContain('sam.lee@');

    const run = await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [india.payoutId, germany.payoutId, paypal.payoutId] }).expect(200);
    const runId = run.body.body.run_id as number;
    const note = [fillMessage(PD.filesSepa, { count: 1, rate: PD.filesSepaNoRate }), fillMessage(PD.filesPain001, { count: 1 }), fillMessage(PD.paypalNote, { count: 1 })].join(' ');
    expect(run.body.body).toMatchObject({ payout_count: 3, total_cents: 47010, paypal_count: 1, sepa_count: 1, other_bank_count: 1, note });
    expect((await as(finance.token).get('ops/payouts/runs', { limit: 5 })).body.body[0]).toMatchObject({ run_id: runId, paypal_count: 1, note });

    const csv = (await as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format: 'csv' }).expect(200)).body.body.content as string;
    expect(csv.trim().split('\n')).toEqual([
      [...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS].join(','),
      `${india.payoutId},RUN${runId}-PAYOUT${india.payoutId},150.00,USD,Asha Rao,"50100012345678","HDFC0001234",HDFC Bank,"Koregaon Park, Pune",Royalty payout #${india.payoutId},bank_in,IN,,,`,
      `${germany.payoutId},RUN${runId}-PAYOUT${germany.payoutId},200.10,USD,Lena Meyer,,,Commerzbank,,Royalty payout #${germany.payoutId},iban,DE,"DE89370400440532013000","COBADEFFXXX",`,
      `${paypal.payoutId},RUN${runId}-PAYOUT${paypal.payoutId},120.00,USD,Sam Lee,,,,,Royalty payout #${paypal.payoutId},paypal,US,,,sam.lee@example.com`,
    ]);

    const xml = (await as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format: 'pain001' }).expect(200)).body.body.content as string;
    const doc = create(xml).end({ format: 'object' }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed XML tree, checked field by field below
    const root = doc.Document.CstmrCdtTrfInitn;
    // Neither PayPal nor the SEPA payee is in the generic file: the Indian transfer only (the German one is in the SEPA file, decision 031).
    expect([root.GrpHdr.NbOfTxs, root.GrpHdr.CtrlSum, root.PmtInf.NbOfTxs, root.PmtInf.CtrlSum]).toEqual(['1', '150.00', '1', '150.00']);
    const inTx = root.PmtInf.CdtTrfTxInf;
    expect([inTx.CdtrAgt.FinInstnId.ClrSysMmbId.MmbId, inTx.CdtrAcct.Id.Othr.Id]).toEqual(['HDFC0001234', '50100012345678']);
    expect(xml).not.toContain('sam.lee');
    expect(xml).not.toContain('DE89370400440532013000');

    // A run of PayPal payouts only has no pain.001: 409 with the reason; its CSV is there.
    const onlyPaypal = await artistWithPayout('101', { ...PAYPAL, paypal_email: 'kim@example.org' });
    const run2 = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [onlyPaypal.payoutId] }).expect(200)).body.body.run_id as number;
    const none = await as(finance.token).get('ops/payouts/runs/file', { run_id: run2, format: 'pain001' });
    expect([none.status, none.body.message]).toEqual([409, fillMessage(PD.pain001Empty, { run: run2 })]);
    await as(finance.token).get('ops/payouts/runs/file', { run_id: run2, format: 'csv' }).expect(200);
  });

  it('an IBAN changed after the request keeps the payout out of a bank run', async () => {
    const a = await artistWithPayout('130', GERMANY);
    const changed = await a.client.post('addBankDetails', { ...GERMANY, iban: 'GB82 WEST 1234 5698 7654 32', bic: 'NWBKGB2L' });
    expect([changed.status, changed.body.message]).toEqual([200, M.bankSaved]);
    const res = await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [a.payoutId] });
    expect([res.status, res.body.message]).toEqual([409, fillMessage(PD.bankChanged, { id: a.payoutId, last4: '3000' })]);
  });

  it('NODE_ENV=production: no pain.001 until PAYOUT_DEBTOR_* are set (the CSV is built); set, the file names that debtor', async () => {
    const secrets = { JWT_SECRET: 'a'.repeat(64), CAPTCHA_HMAC_SECRET: 'b'.repeat(64), SEAL_KEY: 'c'.repeat(64) };
    const settings: Array<Record<string, string>> = [{}, { PAYOUT_DEBTOR_NAME: 'Portal Distribution GmbH', PAYOUT_DEBTOR_ACCOUNT: 'DE89 3704 0044 0532 0130 00', PAYOUT_DEBTOR_BIC: 'COBADEFFXXX' }];
    for (const debtor of settings) {
      const prod = await bootTestApp(engine, { NODE_ENV: 'production', ...secrets, ...debtor });
      try {
        const staff = await createStaff(prod, 'finance');
        const a = await createVerifiedUser(prod);
        const client = new SupportClient(prod, a.token, a.email);
        await creditRevenue(prod.app, a.email, '150', 'Royalties');
        await client.post('addBankDetails', GERMANY).expect(200);
        const payout = (await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'prod-1' }).expect(200)).body.body.payout_id;
        const auth = { Authorization: `Bearer ${staff.token}` };
        const run = (await request(prod.http).post('/api/ops/payouts/runs/create').set(auth).send({ payout_ids: [payout] }).expect(200)).body.body.run_id;
        const file = (format: string) => request(prod.http).get('/api/ops/payouts/runs/file').set(auth).query({ run_id: run, format });
        expect((await file('csv')).status).toBe(200);
        const xml = await file('sepa');
        if (!('PAYOUT_DEBTOR_NAME' in debtor)) {
          expect([xml.status, xml.body.message]).toEqual([409, fillMessage(PD.debtorMissing, { names: 'PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_ACCOUNT, PAYOUT_DEBTOR_BIC' })]);
        } else {
          // A SEPA file pays EUR: it needs the run's rate first (decision 031).
          expect([xml.status, xml.body.message]).toEqual([409, fillMessage(PD.sepaRateMissing, { run })]);
          await request(prod.http).post('/api/ops/payouts/runs/rate').set(auth).send({ run_id: run, eur_rate: '0.92' }).expect(200);
          const built = await file('sepa');
          expect(built.status).toBe(200);
          const pmt = (create(built.body.body.content).end({ format: 'object' }) as Record<string, any>).Document.CstmrCdtTrfInitn.PmtInf; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML
          expect([pmt.Dbtr.Nm, pmt.DbtrAcct.Id.IBAN, pmt.DbtrAgt.FinInstnId.BICFI]).toEqual(['Portal Distribution GmbH', 'DE89370400440532013000', 'COBADEFFXXX']);
          expect(built.body.body.content).not.toContain('NOTPROVIDED');
        }
      } finally {
        await prod.close();
      }
    }
  });

  it('outside production the placeholders stay (dev and test files build); a SEPA file without a debtor IBAN is refused with the reason', async () => {
    const a = await artistWithPayout('110', INDIA);
    const run = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [a.payoutId] }).expect(200)).body.body.run_id;
    const xml = await as(finance.token).get('ops/payouts/runs/file', { run_id: run, format: 'pain001' }).expect(200);
    expect(xml.body.body.content).toContain('<Id>NOTPROVIDED</Id>');
    const de = await artistWithPayout('110', GERMANY);
    const sepaRun = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [de.payoutId] }).expect(200)).body.body.run_id;
    await as(finance.token).post('ops/payouts/runs/rate', { run_id: sepaRun, eur_rate: '0.92' }).expect(200);
    const sepa = await as(finance.token).get('ops/payouts/runs/file', { run_id: sepaRun, format: 'sepa' });
    expect([sepa.status, sepa.body.message, sepa.body.code]).toEqual([409, PD.sepaDebtorIban, 'sepa_debtor_iban']);
  });
});
