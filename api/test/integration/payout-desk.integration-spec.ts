import request from 'supertest';
import { create } from 'xmlbuilder2';
import { BANK_CSV_COLUMNS, BANK_CSV_INTL_COLUMNS, OPS_MESSAGES, PAYOUT_DESK_MESSAGES as M, fillMessage } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { SupportClient } from '../helpers/support-client';
import { creditRevenue } from '../helpers/cli';

const BANK = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'hdfc0001234', branch_name: 'Koregaon Park, Pune', pan: 'abcde1234f', other_details: '' };

/** The payout desk (docs/decisions/019, docs/decisions/023-staff-desks.md) on each engine. */
describe.each(ENGINES)('payout desk on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;

  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  /** A new artist with `usd` credited, bank details saved and a payout requested (Idempotency-Key `key`). */
  const artistWithPayout = async (usd: string, bank = BANK, key = `k-${Math.random().toString(36).slice(2)}`) => {
    const a = await createVerifiedUser(t);
    const client = new SupportClient(t, a.token, a.email);
    await creditRevenue(t.app, a.email, usd, 'Royalties');
    await client.post('addBankDetails', bank).expect(200);
    const res = await client.post('withdrawMoney', {}, { 'Idempotency-Key': key }).expect(200);
    return { ...a, client, payoutId: res.body.body.payout_id as number, key };
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    finance = await createStaff(t, 'finance');
    admin = await createStaff(t, 'admin');
    support = await createStaff(t, 'support');
  });
  afterAll(async () => t?.close());

  it('lists payouts by status with paging; the Idempotency-Key of withdrawMoney makes one payout of a repeat', async () => {
    const a = await artistWithPayout('150');
    const repeat = await a.client.post('withdrawMoney', {}, { 'Idempotency-Key': a.key }).expect(200);
    expect(repeat.body.body.payout_id).toBe(a.payoutId);
    const b = await artistWithPayout('200');
    const requested = await as(finance.token).get('ops/payouts', { status: 'requested', limit: 100 });
    const mine = requested.body.body.filter((r: { user_email: string }) => [a.email.toLowerCase(), b.email.toLowerCase()].includes(r.user_email));
    expect(mine).toEqual([
      expect.objectContaining({ payout_id: a.payoutId, amount_cents: 15000, amount_usd: 150, status: 'requested', account_masked: 'XXXX5678', run_id: null }),
      expect.objectContaining({ payout_id: b.payoutId, amount_cents: 20000, status: 'requested' }),
    ]);
    // Paging: one row a page, the total stays.
    const p1 = await as(finance.token).get('ops/payouts', { status: 'requested', limit: 1, page: 1 });
    const p2 = await as(finance.token).get('ops/payouts', { status: 'requested', limit: 1, page: 2 });
    expect(p1.body.total).toBe(requested.body.total);
    expect(p1.body.body).toHaveLength(1);
    expect(p2.body.body[0].payout_id).not.toBe(p1.body.body[0].payout_id);
    // The default filter is requested; a wrong status is a 400 with the contract's message.
    expect((await as(finance.token).get('ops/payouts')).body.total).toBe(requested.body.total);
    const bad = await as(finance.token).get('ops/payouts', { status: 'sent' });
    expect([bad.status, bad.body.message]).toEqual([400, M.statusInvalid]);
    // Processed payouts stay findable.
    await as(finance.token).post('ops/payouts/reject', { payout_id: b.payoutId, reason: 'Name mismatch' }).expect(200);
    const rejected = await as(finance.token).get('ops/payouts', { status: 'rejected' });
    expect(rejected.body.body.map((r: { payout_id: number }) => r.payout_id)).toContain(b.payoutId);
    expect((await as(finance.token).get('ops/payouts', { status: 'requested', limit: 100 })).body.body.map((r: { payout_id: number }) => r.payout_id)).not.toContain(b.payoutId);
    const all = await as(finance.token).get('ops/payouts', { status: 'all', limit: 100 });
    expect(all.body.body.map((r: { payout_id: number }) => r.payout_id)).toEqual(expect.arrayContaining([a.payoutId, b.payoutId]));
  });

  it('detail: masked bank details, balance history and earlier payouts; 404 unknown, 400 wrong id', async () => {
    const a = await artistWithPayout('120');
    await as(finance.token).post('ops/payouts/reject', { payout_id: a.payoutId, reason: 'Wrong branch' }).expect(200);
    const again = await a.client.post('withdrawMoney', {}, { 'Idempotency-Key': 'second' }).expect(200);
    const d = (await as(finance.token).get('ops/payouts/detail', { payout_id: again.body.body.payout_id }).expect(200)).body.body;
    expect(d.bank).toEqual({
      holder_name: 'Asha Rao', bank_name: 'HDFC Bank', account_masked: 'XXXXXXXXXX5678', ifsc_code: 'HDFC0001234', branch_name: 'Koregaon Park, Pune', pan_masked: 'XXXXXX234F',
      country: 'IN', payout_method: 'bank_in', iban_masked: '', bic: '', paypal_masked: '',
    });
    expect(JSON.stringify(d)).not.toContain('50100012345678');
    expect(d.balance_cents).toBe(0);
    expect(d.history.map((h: { kind: string; amount_cents: number }) => [h.kind, h.amount_cents])).toEqual([
      ['payout', -12000],
      ['payout_reversal', 12000],
      ['payout', -12000],
      ['credit', 12000],
    ]);
    expect(d.previous).toEqual([expect.objectContaining({ payout_id: a.payoutId, status: 'rejected', reason: 'Wrong branch' })]);
    const none = await as(finance.token).get('ops/payouts/detail', { payout_id: 999999 });
    expect([none.status, none.body.message]).toEqual([404, M.payoutNotFound]);
    expect((await as(finance.token).get('ops/payouts/detail', { payout_id: 'abc' })).status).toBe(404);
    expect((await as(support.token).get('ops/payouts/detail', { payout_id: a.payoutId })).status).toBe(403);
  });

  it('a bank run moves requested payouts to in_payment and exports them as CSV and pain.001.001.09; paid states amount, account, reference; the artist sees it', async () => {
    const a = await artistWithPayout('250.55');
    const b = await artistWithPayout('100', { ...BANK, holder_name: '=Zoë Müller, Jr.', account_number: '000111222333', ifsc_code: 'SBIN0000001' });
    const run = await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [b.payoutId, a.payoutId] });
    expect(run.status).toBe(200);
    expect(run.body.message).toBe(fillMessage(M.exported, { run: run.body.body.run_id, count: 2, amount: '350.55' }));
    const runId = run.body.body.run_id as number;
    expect(run.body.body).toMatchObject({ payout_count: 2, total_cents: 35055, created_by_email: finance.email.toLowerCase() });
    expect(run.body.body.message_id.length).toBeLessThanOrEqual(35);
    // In payment: the desk's filter and the artist's own history.
    const inPayment = (await as(finance.token).get('ops/payouts', { status: 'in_payment', limit: 100 })).body.body;
    expect(inPayment.filter((r: { run_id: number }) => r.run_id === runId).map((r: { payout_id: number }) => r.payout_id)).toEqual([a.payoutId, b.payoutId]);
    expect((await a.client.get('getPayoutHistory')).body.body[0]).toMatchObject({ payout_id: a.payoutId, status: 'in_payment' });
    // A payout in a run cannot go into another.
    const twice = await as(finance.token).post('ops/payouts/runs/create', { payout_ids: [a.payoutId] });
    expect([twice.status, twice.body.message]).toEqual([409, fillMessage(M.notRequested, { id: a.payoutId, status: 'in_payment' })]);

    const csv = await as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format: 'csv' });
    expect(csv.status).toBe(200);
    expect(csv.body.body).toMatchObject({ file_name: `bank-run-${runId}.csv`, content_type: 'text/csv' });
    expect(csv.body.body.content.trim().split('\n')).toEqual([
      [...BANK_CSV_COLUMNS, ...BANK_CSV_INTL_COLUMNS].join(','),
      // Account identifiers are quoted codes (leading zeros kept for any reader honouring quotes), names neutralised (decision 031).
      `${a.payoutId},RUN${runId}-PAYOUT${a.payoutId},250.55,USD,Asha Rao,"50100012345678","HDFC0001234",HDFC Bank,"Koregaon Park, Pune",Royalty payout #${a.payoutId},bank_in,IN,,,`,
      `${b.payoutId},RUN${runId}-PAYOUT${b.payoutId},100.00,USD,"'=Zoë Müller, Jr.","000111222333","SBIN0000001",HDFC Bank,"Koregaon Park, Pune",Royalty payout #${b.payoutId},bank_in,IN,,,`,
    ]);
    const xml = await as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format: 'pain001' });
    expect(xml.body.body.content_type).toBe('application/xml');
    const doc = create(xml.body.body.content).end({ format: 'object' }) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed XML tree, checked field by field below
    const root = doc.Document;
    expect(root['@xmlns']).toBe('urn:iso:std:iso:20022:tech:xsd:pain.001.001.09');
    const grp = root.CstmrCdtTrfInitn.GrpHdr;
    expect([grp.MsgId, grp.NbOfTxs, grp.CtrlSum]).toEqual([run.body.body.message_id, '2', '350.55']);
    const pmt = root.CstmrCdtTrfInitn.PmtInf;
    expect([pmt.PmtMtd, pmt.NbOfTxs, pmt.CtrlSum]).toEqual(['TRF', '2', '350.55']);
    const txs = pmt.CdtTrfTxInf;
    expect(txs.map((x: any) => [x.PmtId.EndToEndId, x.Amt.InstdAmt['@Ccy'], x.Amt.InstdAmt['#'], x.CdtrAgt.FinInstnId.ClrSysMmbId.MmbId, x.Cdtr.Nm, x.CdtrAcct.Id.Othr.Id])).toEqual([ // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed XML
      [`RUN${runId}-PAYOUT${a.payoutId}`, 'USD', '250.55', 'HDFC0001234', 'Asha Rao', '50100012345678'],
      [`RUN${runId}-PAYOUT${b.payoutId}`, 'USD', '100.00', 'SBIN0000001', 'Zoe Muller, Jr.', '000111222333'],
    ]);
    // The file is a snapshot: the artist changing bank details later does not change it.
    await b.client.post('addBankDetails', { ...BANK, account_number: '999988887777' }).expect(200);
    expect((await as(finance.token).get('ops/payouts/runs/file', { run_id: runId, format: 'pain001' })).body.body.content).toBe(xml.body.body.content);
    expect((await as(finance.token).get('ops/payouts/runs', { limit: 5 })).body.body[0]).toMatchObject({ run_id: runId, payout_count: 2, total_cents: 35055 });

    // Mark paid from in_payment: the confirmation states amount, account and reference; the artist sees it.
    const paid = await as(finance.token).post('ops/payouts/paid', { payout_id: a.payoutId, reference: 'UTR-778899' });
    expect([paid.status, paid.body.message]).toEqual([200, fillMessage(M.paid, { id: a.payoutId, amount: '250.55', account: 'XXXX5678', reference: 'UTR-778899' })]);
    expect(paid.body.body).toMatchObject({ status: 'paid', reference: 'UTR-778899', run_id: runId });
    expect((await a.client.get('getPayoutHistory')).body.body[0]).toMatchObject({ status: 'paid', reference: 'UTR-778899' });
    const again = await as(finance.token).post('ops/payouts/paid', { payout_id: a.payoutId, reference: 'UTR-1' });
    expect([again.status, again.body.message]).toEqual([409, fillMessage(M.notOpen, { id: a.payoutId, status: 'paid' })]);
    expect((await as(finance.token).post('ops/payouts/reject', { payout_id: a.payoutId, reason: 'late' })).status).toBe(409);
    // The bank returned the other transfer: rejecting an in-payment payout re-credits it exactly.
    const back = await as(finance.token).post('ops/payouts/reject', { payout_id: b.payoutId, reason: 'Returned by the bank' });
    expect([back.status, back.body.message]).toEqual([200, fillMessage(M.rejected, { id: b.payoutId, amount: '100.00' })]);
    expect((await as(finance.token).get('ops/payouts/detail', { payout_id: b.payoutId })).body.body.balance_cents).toBe(10000);

    const audit = (await as(admin.token).get('ops/audit', { object_type: 'payment_run', object_id: String(runId) })).body.body;
    expect(audit.map((r: { action: string }) => r.action)).toEqual(['payout.export', 'payout.export', 'payout.export', 'payout.run']);
    expect(JSON.parse(audit[3].after)).toMatchObject({ payout_ids: [a.payoutId, b.payoutId].sort((x, y) => x - y), total_cents: 35055 });
    const payoutAudit = (await as(admin.token).get('ops/audit', { object_type: 'payout', object_id: String(a.payoutId) })).body.body;
    expect(payoutAudit[0].action).toBe('payout.paid');
    expect([JSON.parse(payoutAudit[0].before), JSON.parse(payoutAudit[0].after)]).toEqual([{ status: 'in_payment' }, { status: 'paid', reference: 'UTR-778899', run_id: runId }]);
  });

  it('a run is refused whole: 400 wrong body, 404 unknown payout, 403 own payout, 409 bank details changed since the request; nothing moves', async () => {
    const a = await artistWithPayout('110');
    const post = (body: object) => as(finance.token).post('ops/payouts/runs/create', body);
    for (const body of [{}, { payout_ids: [] }, { payout_ids: 'all' }, { payout_ids: [0] }, { payout_ids: Array.from({ length: 501 }, (_, i) => i + 1) }]) {
      const res = await post(body);
      expect([res.status, res.body.message]).toEqual([400, M.selectPayouts]);
    }
    const unknown = await post({ payout_ids: [a.payoutId, 999999] });
    expect([unknown.status, unknown.body.message]).toEqual([404, M.payoutNotFound]);
    // Finance's own payout: four-eyes.
    const own = new SupportClient(t, finance.token, finance.email);
    await creditRevenue(t.app, finance.email, '100', 'Own royalties');
    await own.post('addBankDetails', BANK).expect(200);
    const ownPayout = (await own.post('withdrawMoney', {}, { 'Idempotency-Key': 'own-1' }).expect(200)).body.body.payout_id as number;
    const four = await post({ payout_ids: [a.payoutId, ownPayout] });
    expect([four.status, four.body.message]).toEqual([403, fillMessage(M.ownPayoutInRun, { id: ownPayout })]);
    const paidOwn = await as(finance.token).post('ops/payouts/paid', { payout_id: ownPayout, reference: 'X' });
    expect([paidOwn.status, paidOwn.body.message]).toEqual([403, OPS_MESSAGES.ownPayout]);
    // The artist changed bank details after requesting: the run names it.
    await a.client.post('addBankDetails', { ...BANK, account_number: '123456789012' }).expect(200);
    const changed = await post({ payout_ids: [a.payoutId] });
    expect([changed.status, changed.body.message]).toEqual([409, fillMessage(M.bankChanged, { id: a.payoutId, last4: '5678' })]);
    expect((await as(finance.token).get('ops/payouts/detail', { payout_id: a.payoutId })).body.body.payout.status).toBe('requested');
    // Files: 404 unknown run, 400 wrong format.
    const noRun = await as(finance.token).get('ops/payouts/runs/file', { run_id: 999999, format: 'csv' });
    expect([noRun.status, noRun.body.message]).toEqual([404, M.runNotFound]);
    const fmt = await as(finance.token).get('ops/payouts/runs/file', { run_id: 1, format: 'pdf' });
    expect([fmt.status, fmt.body.message]).toEqual([400, M.formatInvalid]);
    // Paid and reject bodies.
    expect((await as(finance.token).post('ops/payouts/paid', { payout_id: a.payoutId })).status).toBe(400);
    expect((await as(finance.token).post('ops/payouts/reject', { payout_id: a.payoutId, reason: '' })).status).toBe(400);
    expect((await as(finance.token).post('ops/payouts/paid', { payout_id: 999999, reference: 'R' })).status).toBe(404);
    // Roles: support and the artist get the same 403.
    for (const token of [support.token, a.token]) expect((await as(token).post('ops/payouts/runs/create', { payout_ids: [a.payoutId] })).status).toBe(403);
  });

  it('two runs racing for the same payouts: exactly one wins, the other changes nothing', async () => {
    const a = await artistWithPayout('101');
    const b = await artistWithPayout('102');
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([
        as(finance.token).post('ops/payouts/runs/create', { payout_ids: [a.payoutId, b.payoutId] }),
        as(admin.token).post('ops/payouts/runs/create', { payout_ids: [b.payoutId, a.payoutId] }),
      ]);
      const statuses = [x.status, y.status].sort();
      if (round === 0) expect(statuses).toEqual([200, 409]);
      else expect(statuses).toEqual([409, 409]);
    }
    const rows = (await as(finance.token).get('ops/payouts', { status: 'in_payment', limit: 100 })).body.body.filter((r: { payout_id: number }) => [a.payoutId, b.payoutId].includes(r.payout_id));
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r: { run_id: number }) => r.run_id)).size).toBe(1);
    const run = (await as(finance.token).get('ops/payouts/runs', { limit: 100 })).body.body.find((r: { run_id: number }) => r.run_id === rows[0].run_id);
    expect(run).toMatchObject({ payout_count: 2, total_cents: 20300 });
    const csv = (await as(finance.token).get('ops/payouts/runs/file', { run_id: rows[0].run_id, format: 'csv' })).body.body.content.trim().split('\n');
    expect(csv).toHaveLength(3);
  });
});
