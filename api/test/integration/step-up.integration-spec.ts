import request from 'supertest';
import { DataSource } from 'typeorm';
import { AUTH_MESSAGES, SUPPORT_MESSAGES } from '@portal/contracts';
import { SessionEntity } from '../../src/auth/session.entity';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { login } from '../helpers/staff';

const BANK = { bank_name: 'State Bank', holder_name: 'Asha Rao', account_number: '123456789012', ifsc_code: 'SBIN0001234', branch_name: 'Pune', pan: 'ABCDE1234F' };

/**
 * Step-up for money and credentials (ASVS V6, decision 022): a password change from /profile and a
 * change of bank details need a login within the last 15 minutes or the current password. The spec's
 * payloads keep working for a fresh session.
 */
describe.each(ENGINES)('step-up for password and bank details on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => t?.close());

  /** A login session of a new artist whose login happened `minutesAgo` minutes ago. */
  async function sessionAged(minutesAgo: number) {
    const user = await createVerifiedUser(t);
    const token = await login(t, user.email, user.password);
    const jti = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    await t.app.get(DataSource).getRepository(SessionEntity).update({ id: jti }, { created_at: new Date(Date.now() - minutesAgo * 60_000) });
    return { ...user, token };
  }
  const post = (token: string, path: string, body: object) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body);

  it('lets a fresh session change the password and the bank details with the spec payloads', async () => {
    const u = await sessionAged(1);
    const pw = await post(u.token, 'updateUserProfile', { password: 'new-secret-1', confirmPassword: 'new-secret-1' }).expect(200);
    expect(pw.body.token).toEqual(expect.any(String));
    await post(pw.body.token, 'addBankDetails', BANK).expect(200);
  });

  it('refuses both after 15 minutes without the current password, changing nothing', async () => {
    const u = await sessionAged(20);
    const pw = await post(u.token, 'updateUserProfile', { password: 'new-secret-1', confirmPassword: 'new-secret-1' }).expect(403);
    expect(pw.body).toMatchObject({ status: 403, message: AUTH_MESSAGES.stepUpRequired, code: 'step_up_required' });
    await login(t, u.email, u.password); // the old password still works
    const bank = await post(u.token, 'addBankDetails', BANK).expect(403);
    expect(bank.body.message).toBe(AUTH_MESSAGES.stepUpRequired);
    const saved = await request(t.http).get('/api/getUserBankDetails').set('Authorization', `Bearer ${u.token}`).expect(200);
    expect(saved.body.body).toBeNull();
    // Phone and address are not money or credentials: no step-up.
    await post(u.token, 'updateUserProfile', { phone: '9123456780' }).expect(200);
  });

  it('refuses a wrong current password and accepts the right one', async () => {
    const u = await sessionAged(30);
    const wrong = await post(u.token, 'addBankDetails', { ...BANK, current_password: 'not-it' }).expect(403);
    expect(wrong.body.message).toBe(AUTH_MESSAGES.stepUpWrongPassword);
    const bank = await post(u.token, 'addBankDetails', { ...BANK, current_password: u.password }).expect(200);
    expect(bank.body.message).toBe(SUPPORT_MESSAGES.bankSaved);
    await post(u.token, 'updateUserProfile', { password: 'new-secret-2', confirmPassword: 'new-secret-2', current_password: 'wrong' }).expect(403);
    const ok = await post(u.token, 'updateUserProfile', { password: 'new-secret-2', confirmPassword: 'new-secret-2', current_password: u.password }).expect(200);
    expect(ok.body.token).toEqual(expect.any(String));
    await login(t, u.email, 'new-secret-2');
  });
});
