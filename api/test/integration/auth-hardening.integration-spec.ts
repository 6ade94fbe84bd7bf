import request from 'supertest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AUTH_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser, newSignup } from '../helpers/accounts';

/**
 * Account takeover and enumeration (docs/decisions/026): a second sign-up of an unverified e-mail never chooses
 * the credentials the mailbox owner ends up with; resendEmailOTP answers the same for every e-mail.
 */
describe.each(ENGINES)('account hardening on %s', (engine) => {
  let t: TestApp;
  const post = (path: string, body: object) => request(t.http).post(`/api/${path}`).send(body);
  /** Every code mailed to `email`, oldest first. */
  const codes = (email: string): string[] =>
    readdirSync(t.config.outboxDir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => JSON.parse(readFileSync(join(t.config.outboxDir, f), 'utf8')) as { to: string; meta?: { otp?: string } })
      .filter((m) => m.to === email.toLowerCase() && m.meta?.otp)
      .map((m) => m.meta!.otp!);
  const mailCount = () => readdirSync(t.config.outboxDir).length;

  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => t?.close());

  it('pre-hijacking: the owner verifies their own attempt; the second signer’s password never works', async () => {
    const owner = newSignup();
    const attacker = { ...newSignup({ email: owner.email }), name: 'Mallory', password: 'attacker-pass' };
    const first = await post('signup', owner).expect(200);
    const ownerToken = first.body.signup_token as string;
    expect(ownerToken).toEqual(expect.any(String));
    const ownerCode = codes(owner.email).at(-1)!;
    const second = await post('signup', attacker).expect(200);
    const attackerToken = second.body.signup_token as string;
    const attackerCode = codes(owner.email).at(-1)!;
    expect(attackerToken).not.toBe(ownerToken);

    // With several attempts, a code without its attempt's token verifies nothing.
    expect((await post('verifyEmailOTP', { email: owner.email, otp: ownerCode }).expect(400)).body.message).toBe(M.otpInvalid);
    // The attacker's code does not open the owner's attempt.
    if (attackerCode !== ownerCode) await post('verifyEmailOTP', { email: owner.email, otp: attackerCode, signup_token: ownerToken }).expect(400);

    const verified = await post('verifyEmailOTP', { email: owner.email, otp: ownerCode, signup_token: ownerToken }).expect(200);
    const me = await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${verified.body.token}`).expect(200);
    expect(me.body.body).toMatchObject({ name: owner.name, phone: owner.phone, address: owner.address });

    // The other attempt ended: its code and token verify nothing, its password does not log in.
    await post('verifyEmailOTP', { email: owner.email, otp: attackerCode, signup_token: attackerToken }).expect(400);
    expect((await post('login', { email: owner.email, password: attacker.password }).expect(400)).body.message).toBe(M.invalidCredentials);
    await post('login', { email: owner.email, password: owner.password }).expect(200);
    // And a sign-up of the now verified e-mail creates nothing (answered like any sign-up, decision 022).
    const again = await post('signup', attacker).expect(200);
    await post('verifyEmailOTP', { email: owner.email, otp: attackerCode, signup_token: again.body.signup_token }).expect(400);
    expect((await post('login', { email: owner.email, password: attacker.password }).expect(400)).body.message).toBe(M.invalidCredentials);
  });

  it('the attacker verifying first does not lock the owner out of a later sign-up of their own', async () => {
    // The attacker cannot read the mailbox, so cannot verify; the owner's later attempt is independent.
    const owner = newSignup();
    await post('signup', { ...owner, password: 'attacker-pass' }).expect(200);
    const mine = await post('signup', owner).expect(200);
    const code = codes(owner.email).at(-1)!;
    await post('verifyEmailOTP', { email: owner.email, otp: code, signup_token: mine.body.signup_token }).expect(200);
    await post('login', { email: owner.email, password: owner.password }).expect(200);
    await post('login', { email: owner.email, password: 'attacker-pass' }).expect(400);
  });

  it('a login with an attempt’s password answers 403 with that attempt’s token, which verifies it', async () => {
    const s = newSignup();
    await post('signup', s).expect(200);
    await post('signup', { ...s, name: 'Other', password: 'other-pass' }).expect(200);
    const res = await post('login', { email: s.email, password: s.password }).expect(403);
    expect(res.body.message).toBe(M.notVerifiedCodeSent);
    const token = res.body.signup_token as string;
    // The login asked inside the 30 s floor: no new mail; the attempt's first code still works with the new token.
    const code = codes(s.email)[codes(s.email).length - 2];
    await post('verifyEmailOTP', { email: s.email, otp: code, signup_token: token }).expect(200);
    await post('login', { email: s.email, password: s.password }).expect(200);
  });

  it('resendEmailOTP answers the same for unknown, unverified and verified e-mails, inside the floor too', async () => {
    const verified = await createVerifiedUser(t);
    const pending = newSignup();
    const started = await post('signup', pending).expect(200);
    const answers = [];
    for (const email of ['nobody-here@example.com', pending.email, verified.email]) {
      for (const type of ['verification', '']) {
        const before = mailCount();
        const res = await post('resendEmailOTP', { email, type, signup_token: started.body.signup_token });
        answers.push([type, res.status, res.body.message]);
        // Inside the floor nothing is sent for the pending attempt; nobody-here gets nothing ever.
        if (email !== verified.email) expect(mailCount()).toBe(before);
      }
    }
    expect(new Set(answers.filter(([type]) => type === 'verification').map(([, s, m]) => `${s} ${m}`))).toEqual(new Set([`200 ${M.otpSent}`]));
    expect(new Set(answers.filter(([type]) => type === '').map(([, s, m]) => `${s} ${m}`))).toEqual(new Set([`200 ${M.forgotSent}`]));
  });
});
