import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SUPPORT_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type Engine, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff, login, totpCode } from '../helpers/staff';
import { SupportClient } from '../helpers/support-client';
import { command, creditRevenue } from '../helpers/cli';
import { loadConfig } from '../../src/config/app-config';
import { openDatabase, typeOrmOptions } from '../../src/database/database.module';

/** Clear values a database dump must never show (docs/decisions/032-sealed-secrets-and-complete-backups.md). */
const ACCOUNT = '50100012345678';
const PAN = 'ABCDE1234F';
const IBAN = 'DE89370400440532013000';
const INDIA = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: ACCOUNT, ifsc_code: 'HDFC0001234', branch_name: 'Koregaon Park, Pune', pan: PAN.toLowerCase(), other_details: '' };
const GERMANY = { country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', other_details: '' };

const key = () => randomBytes(32).toString('hex');
/** DATABASE_URL of a test app's database. */
const urlOf = (t: TestApp): string => (t.config.database.type === 'mysql' ? t.config.database.url : `sqlite:${t.config.database.path}`);
/** The sealed tables a dump would show, as raw SQL reads them (no entity, no transformer). */
const rawTables = async (t: TestApp): Promise<string> => {
  const db = t.app.get(DataSource);
  const rows = await Promise.all(['bank_details', 'staff_totp', 'payment_run_transfers'].map((table) => db.query(`SELECT * FROM ${table}`)));
  return JSON.stringify(rows);
};
/** Key ids (the second dot-separated part of `v2.<kid>.…`) of every sealed value in those tables. */
const keyIds = async (t: TestApp): Promise<string[]> => {
  const found = new Set<string>();
  for (const m of (await rawTables(t)).matchAll(/"v2\.([A-Za-z0-9_-]+)\./g)) found.add(m[1]!);
  return [...found].sort();
};

/**
 * Staff TOTP seeds and bank identifiers (IBAN, account number, PAN) are sealed at rest like delivery
 * credentials (AES-256-GCM under SEAL_KEY; decision 032): a raw read of the tables shows none of them,
 * every API answer masks them, and the code that must read them (TOTP check, bank files) still does.
 */
describe.each(ENGINES)('sealed secrets on %s', (engine: Engine) => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const a of apps.reverse()) await a.close();
  });
  /** Boot on `engine`; `shareWith` points the new app at that app's database (a restart of the same portal). */
  const boot = async (env: Record<string, string>, shareWith?: TestApp): Promise<TestApp> => {
    const shared: Record<string, string> = shareWith ? { DATABASE_URL: urlOf(shareWith) } : {};
    const t = await bootTestApp(engine, { JWT_SECRET: 'j'.repeat(64), ...env, ...shared });
    apps.push(t);
    return t;
  };
  const as = (t: TestApp, token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object = {}) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  /** A second-factor check of `staff` on `t`, with a code of `periodsAhead` (each code is accepted once). */
  const passTotp = async (t: TestApp, staff: { email: string; password: string; secret: string }, periodsAhead = 0) => {
    await t.app.get(DataSource).query('UPDATE staff_totp SET last_counter = 0');
    const token = await login(t, staff.email, staff.password);
    const res = await as(t, token).post('staff/totp/verify', { code: totpCode(staff.secret, periodsAhead) });
    return { status: res.body.status as number, token };
  };
  /** An artist with `details` saved and a payout of all of $`usd` requested. */
  const payee = async (t: TestApp, usd: string, details: object) => {
    const a = await createVerifiedUser(t);
    await creditRevenue(t.app, a.email, usd, 'Royalties');
    const client = new SupportClient(t, a.token, a.email);
    await client.post('addBankDetails', details).expect(200);
    const payout = (await client.post('withdrawMoney', {}, { 'Idempotency-Key': `k-${randomBytes(4).toString('hex')}` }).expect(200)).body.body.payout_id as number;
    return { ...a, client, payout };
  };

  it('a raw read shows no seed, IBAN, account number or PAN; answers mask them; TOTP and bank files still read them', async () => {
    const t = await boot({ SEAL_KEY: key() });
    const finance = await createStaff(t, 'finance');
    const indian = await payee(t, '120', INDIA);
    const german = await payee(t, '150', GERMANY);
    const fin = as(t, finance.token);
    const run = (await fin.post('ops/payouts/runs/create', { payout_ids: [indian.payout, german.payout] }).expect(200)).body.body.run_id as number;

    const raw = await rawTables(t);
    for (const clear of [finance.secret, ACCOUNT, PAN, IBAN]) expect(raw).not.toContain(clear);
    expect(await keyIds(t)).toHaveLength(1);

    // The owner sees masked values (PAN too) and may send them back unchanged; another masked PAN is refused.
    const mine = (await indian.client.get('getUserBankDetails')).body.body;
    expect(mine).toMatchObject({ account_number: 'XXXXXXXXXX5678', pan: 'XXXXXX234F' });
    await indian.client.post('addBankDetails', { ...INDIA, account_number: 'XXXXXXXXXX5678', pan: 'XXXXXX234F', branch_name: 'Pune' }).expect(200);
    expect((await indian.client.post('addBankDetails', { ...INDIA, pan: 'XXXXXX999Z' }).expect(400)).body.message).toBe(M.panInvalid);
    expect((await german.client.get('getUserBankDetails')).body.body).toMatchObject({ iban: 'XXXXXXXXXXXXXXXXXX3000' });
    // The payout desk shows masked values only.
    for (const p of [indian.payout, german.payout]) {
      const detail = await fin.get('ops/payouts/detail', { payout_id: p }).expect(200);
      for (const clear of [ACCOUNT, PAN, IBAN]) expect(JSON.stringify(detail.body)).not.toContain(clear);
    }
    expect((await fin.get('ops/payouts/detail', { payout_id: indian.payout })).body.body.bank).toMatchObject({ account_masked: 'XXXXXXXXXX5678', pan_masked: 'XXXXXX234F' });

    // The bank file carries the real identifiers, read through the payout desk's service (the pain.001
    // files are payout-desk.integration-spec's and intl-payouts' subject; they read the same rows).
    const csv = (await fin.get('ops/payouts/runs/file', { run_id: run, format: 'csv' }).expect(200)).body.body.content as string;
    expect(csv).toContain(ACCOUNT);
    expect(csv).toContain(IBAN);

    // The second factor still works from the sealed seed.
    expect((await passTotp(t, finance, 1)).status).toBe(200);
    expect((await passTotp(t, finance, 5)).status).toBe(400);
  });

  it('the migration seals rows saved in clear by the previous version', async () => {
    const sealKey = key();
    const first = await boot({ SEAL_KEY: sealKey });
    const finance = await createStaff(first, 'finance');
    const german = await payee(first, '150', GERMANY);
    const indian = await payee(first, '120', INDIA);
    const run = (await as(first, finance.token).post('ops/payouts/runs/create', { payout_ids: [german.payout] }).expect(200)).body.body.run_id as number;
    // What the previous version left: every one of these columns in clear, and this migration not run.
    const db = first.app.get(DataSource);
    await db.query('UPDATE staff_totp SET secret = ?', [finance.secret]);
    await db.query('UPDATE bank_details SET iban = ? WHERE iban <> ?', [IBAN, '']);
    await db.query('UPDATE bank_details SET account_number = ?, pan = ? WHERE account_number <> ?', [ACCOUNT, PAN, '']);
    await db.query('UPDATE payment_run_transfers SET iban = ?', [IBAN]);
    await db.query('DELETE FROM migrations WHERE name = ?', ['SealedSecrets1765530000000']);
    expect(await rawTables(first)).toContain(IBAN);

    const upgraded = await boot({ SEAL_KEY: sealKey }, first);
    const raw = await rawTables(upgraded);
    for (const clear of [finance.secret, ACCOUNT, PAN, IBAN]) expect(raw).not.toContain(clear);
    expect((await passTotp(upgraded, finance, 1)).status).toBe(200);
    const fin = (await passTotp(upgraded, finance, -1)).token;
    const csv = (await as(upgraded, fin).get('ops/payouts/runs/file', { run_id: run, format: 'csv' }).expect(200)).body.body.content as string;
    expect(csv).toContain(IBAN);
    expect((await as(upgraded, indian.token).get('getUserBankDetails')).body.body).toMatchObject({ account_number: 'XXXXXXXXXX5678', pan: 'XXXXXX234F' });
  });

  it('seal-rotate re-seals every value under the new key; the old key opens them until then; a wrong key stops the start', async () => {
    const oldKey = key();
    const newKey = key();
    const first = await boot({ SEAL_KEY: oldKey });
    const finance = await createStaff(first, 'finance');
    const german = await payee(first, '150', GERMANY);
    const run = (await as(first, finance.token).post('ops/payouts/runs/create', { payout_ids: [german.payout] }).expect(200)).body.body.run_id as number;
    const [oldId] = await keyIds(first);

    // Rotation step 1: the new key, the old one still accepted.
    const rotating = await boot({ SEAL_KEY: newKey, SEAL_KEY_PREVIOUS: oldKey }, first);
    expect((await passTotp(rotating, finance, 1)).status).toBe(200);
    const rotate = command('seal-rotate');
    expect(await rotate.run(rotating.app, ['--check'])).toMatch(/under the previous keys: [1-9]/);
    expect(await rotate.run(rotating.app, [])).toMatch(/re-sealed [1-9]\d* values/);
    const ids = await keyIds(rotating);
    expect(ids).toHaveLength(1);
    expect(ids[0]).not.toBe(oldId);
    expect(await rotate.run(rotating.app, ['--check'])).toMatch(/under the previous keys: 0/);

    // Step 2: the old key gone; everything still opens.
    const rotated = await boot({ SEAL_KEY: newKey }, first);
    const fin = await passTotp(rotated, finance, 1);
    expect(fin.status).toBe(200);
    expect((await as(rotated, fin.token).get('ops/payouts/runs/file', { run_id: run, format: 'csv' }).expect(200)).body.body.content).toContain(IBAN);

    // The old key alone (a wrong key) does not open the database, naming the variable (main.ts prints it
    // and exits 78; the backup drill starts the built API so).
    const wrong = loadConfig({ NODE_ENV: 'test', DATA_DIR: rotated.dataDir, JWT_SECRET: 'j'.repeat(64), SEAL_KEY: oldKey, DATABASE_URL: urlOf(first) });
    const entities = first.app.get(DataSource).options.entities;
    await expect(openDatabase({ ...(typeOrmOptions(wrong) as DataSourceOptions), entities } as DataSourceOptions)).rejects.toThrow(/SEAL_KEY does not open the sealed values of the database: they are sealed under key [\w-]{8} \(\d+ in (staff_totp|bank_details|payment_run_transfers)/);
  });

  it('NODE_ENV=production without SEAL_KEY, or with a malformed one, does not start', () => {
    const env = { NODE_ENV: 'production', JWT_SECRET: 'j'.repeat(64), CAPTCHA_HMAC_SECRET: 'c'.repeat(64), DATA_DIR: mkdtempSync(join(tmpdir(), 'portal-seal-')) };
    expect(() => loadConfig(env)).toThrow(/SEAL_KEY/);
    expect(() => loadConfig({ ...env, SEAL_KEY: 'short' })).toThrow(/SEAL_KEY/);
    expect(() => loadConfig({ ...env, SEAL_KEY: key(), SEAL_KEY_PREVIOUS: 'nope' })).toThrow(/SEAL_KEY_PREVIOUS/);
    expect(loadConfig({ ...env, SEAL_KEY: key() }).nodeEnv).toBe('production');
  });
});

