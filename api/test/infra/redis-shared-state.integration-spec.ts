import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SERVER_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { newSignup } from '../helpers/accounts';
import { letTimePass, waitFor } from '../helpers/wait-for';
import { startRedis, type Service } from './services';
import { SharedCounters } from '../../src/redis/shared-counters';

/**
 * Sign up and verify on `t`; with REDIS_URL the OTP mail is a queued job that either instance may
 * deliver (each writes its own DATA_DIR's dev outbox), so both outboxes are read until it arrives.
 */
async function createVerifiedUser(t: TestApp, others: TestApp[] = [a, b]) {
  const signup = newSignup();
  expect((await request(t.http).post('/api/signup').send(signup)).body.status).toBe(200);
  const otp = await waitFor(() => [t, ...others].map((x) => x.lastOtp(signup.email)).find(Boolean), { what: `the OTP mail to ${signup.email}` });
  const verified = await request(t.http).post('/api/verifyEmailOTP').send({ email: signup.email, otp });
  expect(verified.body.token).toEqual(expect.any(String));
  return { ...signup, token: verified.body.token as string };
}

/**
 * Two API instances (two apps in this process, one SQLite file) on one real redis-server
 * (docs/decisions/018-scale-out.md): the rate-limit counts are counted once across them, a logout on
 * one is refused on the other at once although both had the session cached, and with Redis down the
 * account calls answer 503 with Retry-After while the rest of the API keeps serving.
 */
let a: TestApp;
let b: TestApp;

describe('shared state in Redis across two instances', () => {
  let redis: Service;

  beforeAll(async () => {
    redis = await startRedis();
    const shared = { REDIS_URL: redis.url, JWT_SECRET: randomBytes(24).toString('hex'), AUTH_ACCOUNT_RATE_LIMIT: '4', UPLOAD_RATE_PER_MINUTE: '3' };
    a = await bootTestApp('sqlite', shared);
    b = await bootTestApp('sqlite', { ...shared, DATABASE_URL: `sqlite:${join(a.dataDir, 'portal.sqlite')}` });
  });
  afterAll(async () => {
    // Known issue (closing note of this round): closing two apps that share one SQLite file and one Redis
    // can stall after every assertion passed; the teardown is bounded so the run reports the tests' result.
    const closing = Promise.all([b?.close(), a?.close()]);
    await Promise.race([closing, new Promise((r) => setTimeout(r, 20_000).unref())]);
    await redis?.stop();
  }, 60_000);

  it('counts the per-account login limit once across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await request((i % 2 ? b : a).http).post('/api/login').send({ email: 'shared@example.com', password: 'wrong-password' })).status);
    // Each instance counting alone would allow 4 and refuse none of the six.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('refuses on B a session logged out on A at once, though B had it cached', async () => {
    const user = await createVerifiedUser(a);
    for (const t of [a, b, a, b]) expect((await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`)).status).toBe(200);
    expect((await request(a.http).post('/api/logout').set('Authorization', `Bearer ${user.token}`).send({})).status).toBe(200);
    const onB = await request(b.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`);
    expect([onB.status, onB.body.status]).toEqual([401, SESSION_OVER_STATUS]);
  });

  it('shares the upload-rate window: the fourth upload in a minute is refused whichever instance takes it', async () => {
    const user = await createVerifiedUser(a);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await request((i % 2 ? b : a).http).post('/api/upload').set('Authorization', `Bearer ${user.token}`).attach('image', Buffer.from('not an image'), 'x.png');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([415, 415, 415, 429]);
  });

  it('counts the staff TOTP failures of both instances in one window, on the Redis clock', async () => {
    const [ca, cb] = [a.app.get(SharedCounters), b.app.get(SharedCounters)];
    const key = `totp-failure:test-${Date.now()}`;
    await ca.record(key);
    await cb.record(key);
    await ca.record(key);
    expect((await cb.window(key, 60_000)).hits).toHaveLength(3);
    expect((await ca.window(key, 60_000)).taken).toBe(false); // no limit: reading adds nothing
    expect((await ca.window(key, 60_000)).hits).toHaveLength(3);
    await letTimePass(300); // kept on purpose: the hits must grow older than the 250 ms window asked for below
    expect((await cb.window(key, 250)).hits).toHaveLength(0); // all older than the window
  });

  it('with Redis down, login answers 503 with Retry-After (never unlimited) and the rest keeps serving; back when Redis is', async () => {
    const user = await createVerifiedUser(a);
    await redis.stop();
    const login = await request(a.http).post('/api/login').send({ email: user.email, password: user.password });
    expect(login.status).toBe(503);
    expect(login.body.message).toBe(SERVER_MESSAGES.unavailable);
    expect(Number(login.headers['retry-after'])).toBeGreaterThan(0);
    expect((await request(b.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`)).status).toBe(200);
    expect((await request(b.http).get('/api/health/live')).status).toBe(200);

    redis = await startRedis(redis.port);
    const tryLogin = async () => (await request(a.http).post('/api/login').send({ email: user.email, password: user.password })).status;
    let again = 0;
    await waitFor(async () => (again = await tryLogin()) === 200, { timeout: 10_000, interval: 200, what: 'a login after Redis came back' }).catch(() => undefined);
    expect(again).toBe(200);
  });
});
