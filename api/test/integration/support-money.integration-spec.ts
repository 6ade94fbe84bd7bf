import request from 'supertest';
import { DataSource } from 'typeorm';
import { SUPPORT_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { outboxTo, SupportClient } from '../helpers/support-client';
import { LedgerEntryEntity, PayoutEntity } from '../../src/support/money/money.entities';
import { creditRevenue, runCommand } from '../helpers/cli';
import { UsersService } from '../../src/users/users.service';
import { LedgerService } from '../../src/support/money/ledger.service';

const cli = (t: TestApp, name: string, ...args: string[]) => runCommand(t.app, name, args);

const BANK = {
  bank_name: 'HDFC Bank',
  holder_name: 'Asha Rao',
  account_number: '50100012345678',
  ifsc_code: 'hdfc0001234',
  branch_name: 'Koregaon Park, Pune',
  pan: 'abcde1234f',
  other_details: 'Savings account',
};

/** Ledger, bank details and payouts (areas §2 Profile and withdrawal, §3, §5, §9), on each engine. */
describe.each(ENGINES)('support money on %s', (engine) => {
  let t: TestApp;

  /** A fresh verified user with a client, their id and e-mail. */
  const newArtist = async () => {
    const u = await createVerifiedUser(t);
    const id = (await t.app.get(UsersService).findByEmail(u.email))!.id;
    return { client: new SupportClient(t, u.token, u.email), id, email: u.email };
  };
  const credit = (userId: number, cents: number) => t.app.get(LedgerService).credit(userId, cents, 'royalties');
  const revenue = async (c: SupportClient) => (await c.get('getUserDetails').expect(200)).body.body.revenue as number;
  const payoutsOf = (userId: number) => t.app.get(DataSource).getRepository(PayoutEntity).find({ where: { user_id: userId } });
  const ledgerOf = (userId: number) => t.app.get(DataSource).getRepository(LedgerEntryEntity).find({ where: { user_id: userId }, order: { id: 'ASC' } });

  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => t?.close());

  describe('bank details (areas §3)', () => {
    it.each([
      ['no bank name', { bank_name: '' }, M.bankNameRequired],
      ['no holder name', { holder_name: ' ' }, M.holderNameRequired],
      ['an 8-digit account', { account_number: '12345678' }, M.accountInvalid],
      ['a 19-digit account', { account_number: '1234567890123456789' }, M.accountInvalid],
      ['letters in the account', { account_number: '12345abc901' }, M.accountInvalid],
      ['a bad IFSC', { ifsc_code: 'HDFC1001234' }, M.ifscInvalid],
      ['no branch', { branch_name: '' }, M.branchNameRequired],
      ['a bad PAN', { pan: 'ABCD12345F' }, M.panInvalid],
    ])('refuses %s', async (_label, change, message) => {
      const { client } = await newArtist();
      const res = await client.post('addBankDetails', { ...BANK, ...change }).expect(400);
      expect(res.body).toMatchObject({ status: 400, message });
      expect((await client.get('getUserBankDetails').expect(200)).body.body).toBeNull();
    });

    it('saves, masks the account but its last 4 digits, keeps it on a masked re-send and e-mails each change', async () => {
      const { client, email } = await newArtist();
      const saved = await client.post('addBankDetails', { ...BANK, user_id: 1 }).expect(200);
      expect(saved.body.body).toMatchObject({ bank_name: 'HDFC Bank', account_number: 'XXXXXXXXXX5678', ifsc_code: 'HDFC0001234', pan: 'XXXXXX234F' });
      expect(JSON.stringify(saved.body)).not.toContain('50100012345678');
      const got = await client.get('getUserBankDetails').expect(200);
      expect(got.body.body.account_number).toBe('XXXXXXXXXX5678');
      const mails = outboxTo(t, email).filter((m) => m.subject === M.bankMailSubject);
      expect(mails).toHaveLength(1);
      expect(mails[0].text).toContain('5678');
      expect(mails[0].text).not.toContain('50100012345678');

      // The masked number sent back keeps the saved account; a branch change is a change (one more mail).
      await client.post('addBankDetails', { ...BANK, account_number: 'XXXXXXXXXX5678', branch_name: 'Baner, Pune' }).expect(200);
      expect(outboxTo(t, email).filter((m) => m.subject === M.bankMailSubject)).toHaveLength(2);
      // Same details again: no change, no mail.
      await client.post('addBankDetails', { ...BANK, account_number: 'XXXXXXXXXX5678', branch_name: 'Baner, Pune' }).expect(200);
      expect(outboxTo(t, email).filter((m) => m.subject === M.bankMailSubject)).toHaveLength(2);
      // A masked number that is not the saved one is refused.
      expect((await client.post('addBankDetails', { ...BANK, account_number: 'XXXXXXXXXX9999' }).expect(400)).body.message).toBe(M.accountInvalid);
    });
  });

  describe('ledger and withdrawal', () => {
    it('balance is the ledger sum: CLI revenue credit, payout debit, rejected payout re-credit', async () => {
      const { client, id, email } = await newArtist();
      expect(await revenue(client)).toBe(0);
      // The operator's revenue command adds a credit with a note (amount as text, no float arithmetic).
      expect(await creditRevenue(t.app, email, '150.10', 'March royalties')).toContain('credited 150.10 USD');
      expect(await creditRevenue(t.app, email, '99.9', '')).toContain('balance 250.00 USD');
      // Sub-cent and negative amounts are refused with the command's usage, crediting nothing.
      await expect(creditRevenue(t.app, email, '1.234', '')).rejects.toThrow(/^revenue <email> <usd/);
      await expect(creditRevenue(t.app, email, '-5', '')).rejects.toThrow(/^revenue <email> <usd/);
      await expect(creditRevenue(t.app, 'nobody@example.com', '5', '')).rejects.toThrow(/^revenue <email> <usd/);
      expect(await revenue(client)).toBe(250);

      await client.post('addBankDetails', BANK).expect(200);
      const res = await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'k-1' }).expect(200);
      expect(res.body).toMatchObject({ status: 200, body: { amount: 250, amount_cents: 25000, status: 'requested', account_last4: '5678' } });
      expect(await revenue(client)).toBe(0);
      const entries = await ledgerOf(id);
      expect(entries.map((e) => [e.kind, e.amount_cents])).toEqual([
        ['credit', 15010],
        ['credit', 9990],
        ['payout', -25000],
      ]);
      expect(entries[0].note).toBe('March royalties');

      // Nothing left: the minimum applies.
      expect((await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'k-2' }).expect(400)).body.message).toBe(M.minimumWithdrawal);

      const payoutId = res.body.body.payout_id as number;
      await cli(t, 'payout-reject', String(payoutId), 'Account closed');
      expect(await revenue(client)).toBe(250);
      expect((await ledgerOf(id)).at(-1)).toMatchObject({ kind: 'payout_reversal', amount_cents: 25000, payout_id: payoutId });
      const after = await client.get('getPayoutById', { payout_id: payoutId }).expect(200);
      expect(after.body.body).toMatchObject({ status: 'rejected', reason: 'Account closed' });
      await expect(cli(t, 'payout-reject', String(payoutId), 'again')).rejects.toThrow(/rejected/);
      await expect(cli(t, 'payout-paid', String(payoutId), 'UTR1')).rejects.toThrow(/rejected/);
      const bell = await client.get('getNotificationsForUser', { offset: 0 }).expect(200);
      expect(JSON.stringify(bell.body)).toContain(`payout #${payoutId}`);

      // A second payout, then paid with a reference.
      const second = await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'k-3' }).expect(200);
      await cli(t, 'payout-paid', String(second.body.body.payout_id), 'UTR-2026-001');
      const history = await client.get('getPayoutHistory').expect(200);
      expect(history.body.total).toBe(2);
      expect(history.body.body.map((p: { status: string }) => p.status)).toEqual(['paid', 'rejected']);
      expect(history.body.body[0].reference).toBe('UTR-2026-001');
      expect(await revenue(client)).toBe(0);
    });

    it('refuses under 100 USD, without bank details, and a bad Idempotency-Key', async () => {
      const { client, id } = await newArtist();
      await credit(id, 9999);
      expect((await client.post('withdrawMoney', {}).expect(400)).body).toMatchObject({ status: 400, message: M.minimumWithdrawal });
      await credit(id, 1);
      expect((await client.post('withdrawMoney', {}).expect(409)).body.message).toBe(M.bankDetailsRequired);
      await client.post('addBankDetails', BANK).expect(200);
      expect((await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'bad key with spaces' }).expect(400)).body.message).toBe(M.idempotencyKeyInvalid);
      expect((await client.post('withdrawMoney', [1]).expect(400)).body.status).toBe(400);
      // An amount sent by the client is ignored: the payout is the whole balance.
      const res = await client.post('withdrawMoney', { amount: 1, amount_cents: 100, status: 'paid' }).expect(200);
      expect(res.body.body).toMatchObject({ amount_cents: 10000, status: 'requested' });
    });

    it('the same key answers the first answer and creates nothing', async () => {
      const { client, id } = await newArtist();
      await credit(id, 30000);
      await client.post('addBankDetails', BANK).expect(200);
      const first = await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'same-key' }).expect(200);
      const again = await client.post('withdrawMoney', {}, { 'Idempotency-Key': 'same-key' }).expect(200);
      expect(again.body).toEqual(first.body);
      expect(await payoutsOf(id)).toHaveLength(1);
      expect((await ledgerOf(id)).filter((e) => e.kind === 'payout')).toHaveLength(1);
      // Another user's same key is theirs.
      const other = await newArtist();
      expect((await other.client.post('withdrawMoney', {}, { 'Idempotency-Key': 'same-key' }).expect(400)).body.message).toBe(M.minimumWithdrawal);
    });

    it.each([
      ['one key', (_i: number) => 'burst-key'],
      ['different keys', (i: number) => `burst-${i}`],
    ])('20 concurrent withdrawMoney calls with %s create exactly one payout', async (_label, keyOf) => {
      const { client, id } = await newArtist();
      await credit(id, 50000);
      await client.post('addBankDetails', BANK).expect(200);
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post('withdrawMoney', {}, { 'Idempotency-Key': keyOf(i) })));
      const okAnswers = answers.filter((r) => r.status === 200);
      const payouts = await payoutsOf(id);
      expect(payouts).toHaveLength(1);
      expect(payouts[0].amount_cents).toBe(50000);
      expect((await ledgerOf(id)).filter((e) => e.kind === 'payout')).toHaveLength(1);
      expect(await revenue(client)).toBe(0);
      expect(answers.every((r) => r.status === 200 || (r.status === 400 && r.body.message === M.minimumWithdrawal))).toBe(true);
      if (keyOf(0) === keyOf(1)) {
        expect(okAnswers).toHaveLength(20);
        expect(new Set(okAnswers.map((r) => r.body.body.payout_id)).size).toBe(1);
      } else {
        expect(okAnswers).toHaveLength(1);
      }
    });

    it('answers 404 for another user’s payout and lists only the caller’s', async () => {
      const a = await newArtist();
      const b = await newArtist();
      await credit(a.id, 12345);
      await a.client.post('addBankDetails', BANK).expect(200);
      const payout = await a.client.post('withdrawMoney', {}).expect(200);
      expect((await b.client.get('getPayoutById', { payout_id: payout.body.body.payout_id }).expect(404)).body.message).toBe(M.payoutNotFound);
      expect((await b.client.get('getPayoutById', { payout_id: '1; DROP' }).expect(404)).body.message).toBe(M.payoutNotFound);
      expect((await b.client.get('getPayoutHistory').expect(200)).body).toMatchObject({ body: [], total: 0 });
      expect((await a.client.get('getPayoutById', { payout_id: payout.body.body.payout_id }).expect(200)).body.body.amount).toBe(123.45);
      expect((await request(t.http).get('/api/getPayoutHistory').expect(401)).body.status).toBe(0);
    });
  });
});
