import request from 'supertest';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { SERVER_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { startRedis, type Service } from './services';

/**
 * Two API instances (two apps in this process, one SQLite file) on one real redis-server
 * (docs/decisions/018-scale-out.md): the rate-limit counts are counted once across them, a logout on
 * one is refused on the other at once although both had the session cached, and with Redis down the
 * account calls answer 503 with Retry-After while the rest of the API keeps serving.
 */
describe('shared state in Redis across two instances', () => {
  let redis: Service;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redis = await startRedis();
    const shared = { REDIS_URL: redis.url, JWT_SECRET: randomBytes(24).toString('hex'), AUTH_ACCOUNT_RATE_LIMIT: '4', UPLOAD_RATE_PER_MINUTE: '3' };
    a = await bootTestApp('sqlite', shared);
    b = await bootTestApp('sqlite', { ...shared, DATABASE_URL: `sqlite:${join(a.dataDir, 'portal.sqlite')}` });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await redis?.stop();
  });

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
    let again = 0;
    for (let i = 0; i < 50 && again !== 200; i++) {
      await new Promise((r) => setTimeout(r, 200));
      again = (await request(a.http).post('/api/login').send({ email: user.email, password: user.password })).status;
    }
    expect(again).toBe(200);
  });
});
