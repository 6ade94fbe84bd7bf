import request from 'supertest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { JwtService } from '@nestjs/jwt';
import { AUTH_MESSAGES as M, SESSION_OVER_STATUS } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser, newSignup } from '../helpers/accounts';
import { PlatformStatusService } from '../../src/platform-status/platform-status.service';
import { UsersService } from '../../src/users/users.service';
import { UserEntity } from '../../src/users/user.entity';
import { PendingSignupEntity } from '../../src/auth/pending-signup.entity';
import { SessionEntity } from '../../src/auth/session.entity';
import { LedgerService } from '../../src/support/money/ledger.service';

describe.each(ENGINES)('account endpoints on %s', (engine) => {
  let t: TestApp;
  const post = (path: string, body: object, token?: string) => {
    const r = request(t.http).post(`/api/${path}`).send(body);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };
  const get = (path: string, token?: string) => {
    const r = request(t.http).get(`/api/${path}`);
    return token ? r.set('Authorization', `Bearer ${token}`) : r;
  };
  const db = () => t.app.get(DataSource);
  const userId = async (email: string) => (await db().getRepository(UserEntity).findOneByOrFail({ email: email.toLowerCase() })).id;
  /** Change the code of an e-mail's sign-up attempts (they live apart from accounts until verified, docs/decisions/026). */
  const setSignupCode = async (email: string, fields: Partial<PendingSignupEntity>) => db().getRepository(PendingSignupEntity).update({ email: email.toLowerCase() }, fields);

  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => t?.close());

  describe('signup', () => {
    it('creates an account, mails a 5 digit OTP and verifies into a login token', async () => {
      const s = newSignup();
      const res = await post('signup', s).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.signupSuccess });
      const otp = t.lastOtp(s.email);
      expect(otp).toMatch(/^\d{5}$/);
      const v = await post('verifyEmailOTP', { email: s.email, otp }).expect(200);
      expect(v.body.token).toEqual(expect.any(String));
      const me = await get('getUserDetails', v.body.token).expect(200);
      expect(me.body.body).toMatchObject({ name: s.name, email: s.email, phone: s.phone, address: s.address, revenue: 0, conversionRate: 83 });
      expect(me.body.body.user_id).toEqual(expect.any(Number));
    });

    it.each([
      ['name', { name: '' }, M.nameRequired],
      ['email missing', { email: '' }, M.emailRequired],
      ['email format', { email: 'not-an-email' }, M.emailInvalid],
      ['phone missing', { phone: '' }, M.phoneRequired],
      ['phone short', { phone: '98765' }, M.phoneInvalid],
      ['phone 11 digits', { phone: '98765432101' }, M.phoneInvalid],
      ['phone letters', { phone: '98765abcde' }, M.phoneInvalid],
      ['address', { address: '' }, M.addressRequired],
      ['password missing', { password: '' }, M.passwordRequired],
      ['password short', { password: '12345' }, M.passwordLength],
    ])('rejects %s with the spec message', async (_, override, message) => {
      const res = await post('signup', newSignup(override)).expect(400);
      expect(res.body).toMatchObject({ status: 400, message });
    });

    it('reports the first failing field in the spec order', async () => {
      const res = await post('signup', { name: '', email: 'bad', phone: '1', address: '', password: '1' }).expect(400);
      expect(res.body.message).toBe(M.nameRequired);
      const res2 = await post('signup', { name: 'A', email: 'bad', phone: '', address: '', password: '' }).expect(400);
      expect(res2.body.message).toBe(M.emailInvalid);
    });

    it('answers a sign-up of a registered e-mail like any sign-up, mails the owner a notice, and creates nothing', async () => {
      const u = await createVerifiedUser(t);
      const fresh = await post('signup', newSignup()).expect(200);
      const res = await post('signup', newSignup({ email: u.email, password: 'attacker-pass' })).expect(200);
      expect(res.body.message).toBe(fresh.body.message);
      expect(res.body.signup_token).toEqual(expect.any(String));
      expect(Object.keys(res.body).sort()).toEqual(Object.keys(fresh.body).sort());
      const mails = readdirSync(t.config.outboxDir).map((f) => JSON.parse(readFileSync(join(t.config.outboxDir, f), 'utf8')) as { to: string; subject: string; text: string; meta?: { purpose?: string; otp?: string } });
      const toOwner = mails.filter((m) => m.to === u.email.toLowerCase() && m.meta?.purpose === 'account-exists');
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0].subject).toBe(M.accountExistsMailSubject);
      expect(toOwner[0].text).toContain('/login');
      expect(toOwner[0].meta?.otp).toBeUndefined();
      // No code exists for that attempt; the owner's password still logs in, the attacker's does not.
      await post('verifyEmailOTP', { email: u.email, otp: '00000', signup_token: res.body.signup_token }).expect(400);
      await post('login', { email: u.email, password: u.password }).expect(200);
      await post('login', { email: u.email, password: 'attacker-pass' }).expect(400);
    });

    it('stores the signup IP from the request and never the password in clear', async () => {
      const s = newSignup();
      await post('signup', s).expect(200);
      const [pending] = await db().query(`SELECT password_hash, signup_ip FROM pending_signups WHERE email = ?`, [s.email]);
      expect(pending.password_hash).toMatch(/^\$argon2id\$/);
      expect(pending.signup_ip).toMatch(/127\.0\.0\.1|::1/);
      await post('verifyEmailOTP', { email: s.email, otp: t.lastOtp(s.email) }).expect(200);
      const [row] = await db().query(`SELECT password_hash, signup_ip FROM users WHERE email = ?`, [s.email]);
      expect(row.password_hash).toMatch(/^\$argon2id\$/);
      expect(row.signup_ip).toMatch(/127\.0\.0\.1|::1/);
    });
  });

  describe('OTP', () => {
    it('rejects a wrong OTP, then locks after 5 wrong attempts even for the right code', async () => {
      const s = newSignup();
      await post('signup', s).expect(200);
      const otp = t.lastOtp(s.email)!;
      const wrong = otp === '00000' ? '11111' : '00000';
      for (let i = 0; i < 4; i++) {
        const r = await post('verifyEmailOTP', { email: s.email, otp: wrong }).expect(400);
        expect(r.body.message).toBe(M.otpInvalid);
      }
      const fifth = await post('verifyEmailOTP', { email: s.email, otp: wrong }).expect(429);
      expect(fifth.body.message).toBe(M.otpTooManyAttempts);
      const right = await post('verifyEmailOTP', { email: s.email, otp }).expect(429);
      expect(right.body.message).toBe(M.otpTooManyAttempts);
    });

    it('rejects an expired OTP', async () => {
      const s = newSignup();
      await post('signup', s).expect(200);
      await setSignupCode(s.email, { code_expires_at: new Date(Date.now() - 1000) });
      const r = await post('verifyEmailOTP', { email: s.email, otp: t.lastOtp(s.email) }).expect(400);
      expect(r.body.message).toBe(M.otpExpired);
    });

    it('rejects an OTP that is not 5 digits', async () => {
      const r = await post('verifyEmailOTP', { email: 'a@b.co', otp: '1234' }).expect(400);
      expect(r.body.message).toBe(M.otpFormat);
    });

    it('enforces the 30 s resend floor silently, then sends a new code that replaces the old one', async () => {
      const s = newSignup();
      await post('signup', s).expect(200);
      const first = t.lastOtp(s.email)!;
      const mails = () => readdirSync(t.config.outboxDir).length;
      const before = mails();
      // Inside the floor: the same answer as any e-mail gets, and no new mail (docs/decisions/026: no enumeration).
      const early = await post('resendEmailOTP', { email: s.email, type: 'verification' }).expect(200);
      expect(early.body.message).toBe(M.otpSent);
      expect(mails()).toBe(before);
      await setSignupCode(s.email, { code_sent_at: new Date(Date.now() - 31_000) });
      await post('resendEmailOTP', { email: s.email, type: 'verification' }).expect(200);
      expect(mails()).toBe(before + 1);
      const second = t.lastOtp(s.email)!;
      if (second !== first) await post('verifyEmailOTP', { email: s.email, otp: first }).expect(400);
      await post('verifyEmailOTP', { email: s.email, otp: second }).expect(200);
    });
  });

  describe('login', () => {
    it('logs a verified user in and logout ends that token on the server', async () => {
      const u = await createVerifiedUser(t);
      const res = await post('login', { email: u.email.toUpperCase(), password: u.password }).expect(200);
      expect(res.body).toMatchObject({ status: 200, token: expect.any(String) });
      // The first call puts the session in the in-process cache (docs/decisions/010); logout must drop it at once.
      await get('getUserDetails', res.body.token).expect(200);
      await get('getUserDetails', res.body.token).expect(200);
      await post('logout', {}, res.body.token).expect(200);
      const after = await get('getUserDetails', res.body.token).expect(401);
      expect(after.body.status).toBe(SESSION_OVER_STATUS);
    });

    it.each([
      ['email missing', { email: '', password: 'x' }, M.emailRequired],
      ['email format', { email: 'nope', password: 'x' }, M.emailInvalid],
      ['password missing', { email: 'a@b.co', password: '' }, M.passwordRequired],
    ])('rejects %s with the spec message', async (_, body, message) => {
      const r = await post('login', body).expect(400);
      expect(r.body.message).toBe(message);
    });

    it('answers the same message for a wrong password and an unknown e-mail', async () => {
      const u = await createVerifiedUser(t);
      const a = await post('login', { email: u.email, password: 'wrong-password' }).expect(400);
      const b = await post('login', { email: 'nobody@example.com', password: 'wrong-password' }).expect(400);
      expect(a.body.message).toBe(M.invalidCredentials);
      expect(b.body.message).toBe(M.invalidCredentials);
    });

    it('keeps an unverified account out until it verifies', async () => {
      const s = newSignup();
      await post('signup', s).expect(200);
      // Inside the 30 s resend floor no new code goes out, and the answer does not claim one did.
      const r = await post('login', { email: s.email, password: s.password }).expect(403);
      expect(r.body).toMatchObject({ message: M.notVerifiedCodeSent, code: 'not_verified' });
      const codes = () => readdirSync(t.config.outboxDir).filter((f) => f.includes(s.email.toLowerCase())).length;
      const before = codes();
      await t.app.get(DataSource).getRepository(PendingSignupEntity).update({ email: s.email.toLowerCase() }, { code_sent_at: new Date(Date.now() - 60_000) });
      const again = await post('login', { email: s.email, password: s.password }).expect(403);
      expect(again.body.message).toBe(M.notVerified);
      expect(codes()).toBe(before + 1);
      await post('verifyEmailOTP', { email: s.email, otp: t.lastOtp(s.email) }).expect(200);
      await post('login', { email: s.email, password: s.password }).expect(200);
    });
  });

  describe('tokens', () => {
    it('answers HTTP 401 with status 0 for a missing, forged or expired token', async () => {
      for (const token of [undefined, 'garbage', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.forged']) {
        const r = await get('getUserDetails', token).expect(401);
        expect(r.body.status).toBe(SESSION_OVER_STATUS);
      }
      const u = await createVerifiedUser(t);
      const expired = await t.app.get(JwtService).signAsync({ sub: 1, kind: 'login' }, { jwtid: 'x', expiresIn: -10 });
      expect((await get('getUserDetails', expired).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
      // A valid signature over a session whose server-side expiry passed is over too.
      await db().getRepository(SessionEntity).update({ user_id: await userId(u.email) }, { expires_at: new Date(Date.now() - 1000) });
      expect((await get('getUserDetails', u.token).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
    });
  });

  describe('forgot password', () => {
    it('resets the password with the OTP; the reset token works once and only for ChangeUserPassword', async () => {
      const u = await createVerifiedUser(t);
      const f = await post('forgetPassword', { email: u.email }).expect(200);
      expect(f.body.message).toBe(M.forgotSent);
      const otp = t.lastOtp(u.email)!;
      const v = await post('VerifyForgetPasswordOTP', { email: u.email, OTP: otp }).expect(200);
      const reset = v.body.token as string;
      // The temporary token opens nothing else.
      expect((await get('getUserDetails', reset).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
      // And a login token cannot change the password.
      expect((await post('ChangeUserPassword', { password: 'newpass1' }, u.token).expect(401)).body.status).toBe(SESSION_OVER_STATUS);

      const c = await post('ChangeUserPassword', { password: 'newpass1' }, reset).expect(200);
      expect(c.body).toMatchObject({ status: 200, message: M.passwordChanged, token: expect.any(String) });
      await get('getUserDetails', c.body.token).expect(200);
      // Reused reset token: session over.
      expect((await post('ChangeUserPassword', { password: 'another1' }, reset).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
      // Old sessions ended with the password change; the new password logs in, the old one does not.
      await get('getUserDetails', u.token).expect(401);
      await post('login', { email: u.email, password: u.password }).expect(400);
      await post('login', { email: u.email, password: 'newpass1' }).expect(200);
    });

    it('never reveals whether an e-mail is registered', async () => {
      const unknown = await post('forgetPassword', { email: 'ghost@example.com' }).expect(200);
      const u = await createVerifiedUser(t);
      const known = await post('forgetPassword', { email: u.email }).expect(200);
      expect(unknown.body).toEqual({ ...known.body, request_id: unknown.body.request_id });
      expect(t.lastOtp('ghost@example.com')).toBeUndefined();
      const r = await post('VerifyForgetPasswordOTP', { email: 'ghost@example.com', OTP: '12345' }).expect(400);
      expect(r.body.message).toBe(M.otpInvalid);
    });

    it.each([
      ['empty', '', M.newPasswordRequired],
      ['4 characters', 'abcd', M.passwordLength],
    ])('checks the new password (%s) with the spec message', async (_, password, message) => {
      const u = await createVerifiedUser(t);
      await post('forgetPassword', { email: u.email }).expect(200);
      const v = await post('VerifyForgetPasswordOTP', { email: u.email, OTP: t.lastOtp(u.email) }).expect(200);
      const r = await post('ChangeUserPassword', { password }, v.body.token).expect(400);
      expect(r.body.message).toBe(message);
      // As observed in the spec: 5 characters pass the recovery check.
      await post('ChangeUserPassword', { password: 'abcde' }, v.body.token).expect(200);
    });

    it('rejects a wrong recovery OTP', async () => {
      const u = await createVerifiedUser(t);
      await post('forgetPassword', { email: u.email }).expect(200);
      const otp = t.lastOtp(u.email)!;
      const r = await post('VerifyForgetPasswordOTP', { email: u.email, OTP: otp === '99999' ? '11111' : '99999' }).expect(400);
      expect(r.body.message).toBe(M.otpInvalid);
    });
  });

  describe('status calls', () => {
    it('reports away mode, revoke status and revenue as set by the operator', async () => {
      const u = await createVerifiedUser(t);
      expect((await get('checkAwayStatus', u.token).expect(200)).body.body).toEqual({ status: 'no', text: '' });
      await t.app.get(PlatformStatusService).setAway(true, 'Back at 6 pm');
      expect((await get('checkAwayStatus', u.token).expect(200)).body.body).toEqual({ status: 'yes', text: 'Back at 6 pm' });
      await t.app.get(PlatformStatusService).setAway(false);

      expect((await get('checkUserRevokeStatus', u.token).expect(200)).body.revoked).toBe(0);
      const users = t.app.get(UsersService);
      const row = (await users.findByEmail(u.email))!;
      await users.update(row.id, { revoked: 1, conversion_rate: 84.25 });
      // Revenue is the sum of the support ledger (docs/decisions/006): the operator adds a credit.
      await t.app.get(LedgerService).credit(row.id, 1250, 'royalties');
      expect((await get('checkUserRevokeStatus', u.token).expect(200)).body.revoked).toBe(1);
      expect((await get('getUserDetails', u.token).expect(200)).body.body).toMatchObject({ revenue: 12.5, conversionRate: 84.25 });
    });

    it('answers health and the OpenAPI document', async () => {
      expect((await get('health').expect(200)).body.body.database).toBe('up');
      const docs = await request(t.http).get('/api/docs-json').expect(200);
      expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/signup', '/api/ChangeUserPassword', '/api/capchaVerification']));
    });
  });
});
