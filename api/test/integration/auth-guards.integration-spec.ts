import request from 'supertest';
import { AUTH_MESSAGES as M, CAPTCHA_HEADER } from '@portal/contracts';
import { altcha, deriveKey, type AltchaChallenge } from '../../src/captcha/altcha';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { newSignup } from '../helpers/accounts';

/** Solve a real challenge from the API the way the ALTCHA widget does, and answer the base64 payload. */
async function solve(t: TestApp): Promise<string> {
  const challenge = (await request(t.http).get('/api/captcha/challenge').expect(200)).body as AltchaChallenge;
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe.each(ENGINES)('captcha and rate limits on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(engine, { CAPTCHA_REQUIRED: 'true', AUTH_RATE_LIMIT: '5', AUTH_RATE_TTL_SECONDS: '60' });
  });
  afterAll(async () => t?.close());

  const verify = (payload: string) => request(t.http).post('/api/capchaVerification').query({ responseCapcha: payload }).expect(200);

  it('verifies a solved challenge once and hands out a single-use pass', async () => {
    const payload = await solve(t);
    const ok = await verify(payload);
    expect(ok.body.body).toEqual({ success: true, captcha_token: expect.any(String) });
    expect(ok.body.message).toBe(M.captchaSuccess);
    // Replaying the same solved payload fails.
    const replay = await verify(payload);
    expect(replay.body.body).toEqual({ success: false });
    expect(replay.body.message).toBe(M.captchaFailed);
  });

  it('fails a forged or garbled payload', async () => {
    const payload = JSON.parse(Buffer.from(await solve(t), 'base64').toString());
    payload.solution = { ...payload.solution, derivedKey: 'ab'.repeat(32) };
    expect((await verify(Buffer.from(JSON.stringify(payload)).toString('base64'))).body.body.success).toBe(false);
    expect((await verify('not-base64-json')).body.body.success).toBe(false);
    expect((await request(t.http).post('/api/capchaVerification').expect(200)).body.body.success).toBe(false);
  });

  it('requires a captcha pass on signup, spends it once, and refuses a forged pass', async () => {
    const s = newSignup();
    const none = await request(t.http).post('/api/signup').send(s).expect(400);
    expect(none.body.message).toBe(M.captchaFailed);
    const forged = await request(t.http).post('/api/signup').set(CAPTCHA_HEADER, 'abc.def').send(s).expect(400);
    expect(forged.body.message).toBe(M.captchaFailed);

    const pass = (await verify(await solve(t))).body.body.captcha_token as string;
    await request(t.http).post('/api/signup').set(CAPTCHA_HEADER, pass).send(s).expect(200);
    const again = await request(t.http).post('/api/signup').set(CAPTCHA_HEADER, pass).send(newSignup()).expect(400);
    expect(again.body.message).toBe(M.captchaFailed);
  });

  it('requires a captcha pass on login and forgetPassword', async () => {
    expect((await request(t.http).post('/api/login').send({ email: 'a@b.co', password: 'x' }).expect(400)).body.message).toBe(M.captchaFailed);
    expect((await request(t.http).post('/api/forgetPassword').send({ email: 'a@b.co' }).expect(400)).body.message).toBe(M.captchaFailed);
  });

  it('rate-limits the account endpoints per client and e-mail with 429', async () => {
    const email = 'hammer@example.com';
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await request(t.http).post('/api/resendEmailOTP').send({ email, type: 'verification' })).status);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    const limited = await request(t.http).post('/api/resendEmailOTP').send({ email, type: 'verification' }).expect(429);
    expect(limited.body).toMatchObject({ status: 429, message: expect.any(String) });
    // Another account from the same client is not locked out by it.
    await request(t.http).post('/api/resendEmailOTP').send({ email: 'other@example.com', type: 'verification' }).expect(200);
  });
});
