import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { create } from 'xmlbuilder2';
import { fillMessage, PAYOUT_DESK_MESSAGES as PD } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { SupportClient } from '../helpers/support-client';
import { creditRevenue } from '../helpers/cli';

/** The EPC SEPA Credit Transfer schema (pain.001.001.09, EPC132-08 2023 v1.0), copied from ../shared/iso20022/. */
const EPC_XSD = join(__dirname, '../fixtures/iso20022/pain.001.001.09-EPC-SCT-2023.xsd');

/** xmllint's verdict on `xml` against the EPC schema: '' when valid, else its error lines. */
function epcErrors(xml: string): string {
  const r = spawnSync('xmllint', ['--noout', '--nonet', '--schema', EPC_XSD, '-'], { input: xml, encoding: 'utf8' });
  if (r.error) throw r.error;
  return r.status === 0 ? '' : r.stderr;
}

const INDIA = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F' };
const GERMANY = { country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX' };
const FRANCE = { country: 'FR', payout_method: 'iban', bank_name: 'La Banque Postale', holder_name: 'Zoé Lefèvre-Dupont', iban: 'FR14 2004 1010 0505 0001 3M02 606', bic: 'PSSTFRPPXXX' };
/** An IBAN outside the SEPA scheme (Saudi Arabia, the ISO 13616 example): a bank transfer, not SEPA. */
const SAUDI = { country: 'SA', payout_method: 'iban', bank_name: 'Al Rajhi Bank', holder_name: 'Omar Haddad', iban: 'SA03 8000 0000 6080 1016 7519', bic: 'RJHISARI' };
const PAYPAL = { country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: 'sam.lee@example.com' };
const DEBTOR = { PAYOUT_DEBTOR_NAME: 'Portal Distribution GmbH', PAYOUT_DEBTOR_ACCOUNT: 'DE02 1203 0000 0000 2020 51', PAYOUT_DEBTOR_BIC: 'BYLADEM1001' };

/**
 * The SEPA file of a bank run (issue 34 §5, docs/decisions/031): IBAN payees of SEPA countries only, in
 * EUR at the rate finance set on the run (shown on it and audited), valid against the EPC SCT 2023
 * schema; every other bank payee is in the generic pain.001 (USD), PayPal in the CSV only, and the run
 * says which file pays which.
 */
describe.each(ENGINES)('SEPA file of a bank run on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const payout = async (usd: string, details: object) => {
    const a = await createVerifiedUser(t);
    const client = new SupportClient(t, a.token, a.email);
    await creditRevenue(t.app, a.email, usd, 'Royalties');
    await client.post('addBankDetails', details).expect(200);
    return (await client.post('withdrawMoney', {}, { 'Idempotency-Key': `sepa-${Math.random().toString(36).slice(2)}` }).expect(200)).body.body.payout_id as number;
  };

  beforeAll(async () => {
    t = await bootTestApp(engine, DEBTOR);
    finance = await createStaff(t, 'finance');
    support = await createStaff(t, 'support');
  }, 120_000);
  afterAll(async () => t?.close());

  it('IBAN payees of SEPA countries go in the SEPA file in EUR at the run’s rate and it validates against the EPC schema; the others are in the generic pain.001 and the CSV', async () => {
    const ids = { india: await payout('150', INDIA), germany: await payout('100.01', GERMANY), france: await payout('250.55', FRANCE), saudi: await payout('120', SAUDI), paypal: await payout('101', PAYPAL) };
    const run = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: Object.values(ids) }).expect(200)).body.body;
    expect(run).toMatchObject({ payout_count: 5, sepa_count: 2, other_bank_count: 2, paypal_count: 1, eur_rate: '', sepa_total_eur_cents: null });
    expect(run.note).toBe(
      [fillMessage(PD.filesSepa, { count: 2, rate: PD.filesSepaNoRate }), fillMessage(PD.filesPain001, { count: 2 }), fillMessage(PD.paypalNote, { count: 1 })].join(' '),
    );
    const runId = run.run_id as number;
    const file = (format: string) => as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format });

    // No rate yet: refused with the reason. Setting it: finance only, a positive decimal, a known run.
    const early = await file('sepa');
    expect([early.status, early.body.message]).toEqual([409, fillMessage(PD.sepaRateMissing, { run: runId })]);
    expect((await as(support.token).post('ops/payouts/runs/rate', { run_id: runId, eur_rate: '0.9234' })).status).toBe(403);
    for (const bad of ['0', '-1', 'abc', '0.1234567', '', '1e3']) {
      const res = await as(finance.token).post('ops/payouts/runs/rate', { run_id: runId, eur_rate: bad });
      expect([bad, res.status, res.body.message]).toEqual([bad, 400, PD.rateInvalid]);
    }
    expect((await as(finance.token).post('ops/payouts/runs/rate', { run_id: 99_999_999, eur_rate: '0.9' })).status).toBe(404);
    await as(finance.token).post('ops/payouts/runs/rate', { run_id: runId, eur_rate: '0.95' }).expect(200);
    const set = await as(finance.token).post('ops/payouts/runs/rate', { run_id: runId, eur_rate: '0.9234' });
    // 100.01 USD × 0.9234 = 92.349234 → 92.35 EUR; 250.55 × 0.9234 = 231.35787 → 231.36 EUR (half up, per transfer).
    expect([set.status, set.body.message]).toEqual([200, fillMessage(PD.rateSet, { run: runId, rate: '0.9234' })]);
    expect(set.body.body).toMatchObject({ eur_rate: '0.9234', sepa_total_eur_cents: 9235 + 23136 });
    expect(set.body.body.note).toContain(fillMessage(PD.filesSepa, { count: 2, rate: fillMessage(PD.filesSepaRate, { rate: '0.9234' }) }));
    expect((await as(finance.token).get('ops/payouts/runs', { limit: 5 })).body.body[0]).toMatchObject({ run_id: runId, eur_rate: '0.9234' });

    const sepa = await file('sepa');
    expect(sepa.status).toBe(200);
    const xml = sepa.body.body.content as string;
    expect(epcErrors(xml)).toBe('');
    expect(sepa.body.body).toMatchObject({ format: 'sepa', eur_rate: '0.9234', content_type: 'application/xml' });
    const root = (create(xml).end({ format: 'object' }) as Record<string, any>).Document.CstmrCdtTrfInitn; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed XML tree, checked field by field
    expect([root.GrpHdr.NbOfTxs, root.GrpHdr.CtrlSum, root.PmtInf.CtrlSum, root.PmtInf.PmtTpInf.SvcLvl.Cd, root.PmtInf.DbtrAcct.Id.IBAN]).toEqual(['2', '323.71', '323.71', 'SEPA', 'DE02120300000000202051']);
    const txs = root.PmtInf.CdtTrfTxInf as Array<Record<string, any>>; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML
    expect(txs.map((x) => [x.PmtId.EndToEndId, x.Amt.InstdAmt['@Ccy'], x.Amt.InstdAmt['#'], x.CdtrAcct.Id.IBAN, x.Cdtr.Nm])).toEqual([
      [`RUN${runId}-PAYOUT${ids.germany}`, 'EUR', '92.35', 'DE89370400440532013000', 'Lena Meyer'],
      [`RUN${runId}-PAYOUT${ids.france}`, 'EUR', '231.36', 'FR1420041010050500013M02606', 'Zoe Lefevre-Dupont'],
    ]);
    expect(xml).not.toMatch(/<Nm>(Commerzbank|La Banque Postale)<\/Nm>|USD|SA0380|50100012345678|sam\.lee/);

    // The rate is fixed once the SEPA file was built: the file stays the same bytes.
    const late = await as(finance.token).post('ops/payouts/runs/rate', { run_id: runId, eur_rate: '0.99' });
    expect([late.status, late.body.message]).toEqual([409, fillMessage(PD.rateFixed, { run: runId, rate: '0.9234' })]);
    expect((await file('sepa')).body.body.content).toBe(xml);

    // The generic pain.001: the other bank transfers, in USD.
    const generic = (create((await file('pain001').expect(200)).body.body.content).end({ format: 'object' }) as Record<string, any>).Document.CstmrCdtTrfInitn; // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML
    expect([generic.GrpHdr.NbOfTxs, generic.GrpHdr.CtrlSum]).toEqual(['2', '270.00']);
    expect((generic.PmtInf.CdtTrfTxInf as Array<Record<string, any>>).map((x) => x.PmtId.EndToEndId)).toEqual([`RUN${runId}-PAYOUT${ids.india}`, `RUN${runId}-PAYOUT${ids.saudi}`]); // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML
    expect((await file('csv').expect(200)).body.body.content.trim().split('\n')).toHaveLength(6);

    // The audit: the rate before and after, and the SEPA download with its rate.
    const audit = (await t.app.get(DataSource).query("SELECT action, before_json, after_json FROM ops_audit WHERE object_type = 'payment_run' AND object_id = ? ORDER BY id", [String(runId)])) as Array<{ action: string; before_json: string; after_json: string }>;
    const rates = audit.filter((a) => a.action === 'payout.rate').map((a) => [JSON.parse(a.before_json).eur_rate, JSON.parse(a.after_json).eur_rate]);
    expect(rates).toEqual([['', '0.95'], ['0.95', '0.9234']]);
    expect(audit.filter((a) => a.action === 'payout.export').map((a) => JSON.parse(a.after_json))).toContainEqual(expect.objectContaining({ format: 'sepa', eur_rate: '0.9234' }));
  });

  it('a run without a SEPA payee has no SEPA file; one without other bank transfers has no generic pain.001', async () => {
    const onlyIndia = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [await payout('130', INDIA)] }).expect(200)).body.body.run_id as number;
    const none = await as(finance.token).get('ops/payouts/runs/file', { run_id: onlyIndia, format: 'sepa' });
    expect([none.status, none.body.message]).toEqual([409, fillMessage(PD.sepaEmpty, { run: onlyIndia })]);
    const onlyGermany = (await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [await payout('140', GERMANY)] }).expect(200)).body.body.run_id as number;
    const generic = await as(finance.token).get('ops/payouts/runs/file', { run_id: onlyGermany, format: 'pain001' });
    expect([generic.status, generic.body.message]).toEqual([409, fillMessage(PD.pain001Empty, { run: onlyGermany })]);
  });
});
