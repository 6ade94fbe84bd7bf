import request from 'supertest';
import { DataSource } from 'typeorm';
import { SERVER_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { letTimePass, waitFor } from '../helpers/wait-for';
import { createVerifiedUser } from '../helpers/accounts';

/**
 * Liveness and readiness (docs/decisions/026): readiness answers 503 with the database marked down and
 * Retry-After while the database is unreachable; any call that needs the database answers 503 with
 * Retry-After, never a generic 500; liveness keeps answering.
 */
describe.each(ENGINES)('health on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp(engine);
  });
  afterAll(async () => {
    const db = t.app.get(DataSource);
    if (!db.isInitialized) await db.initialize();
    await t?.close();
  });

  it('answers ready and live while the database answers', async () => {
    for (const path of ['/api/health', '/api/health/ready']) {
      const res = await request(t.http).get(path).expect(200);
      expect(res.body.body).toEqual({ database: 'up', engine: engine === 'mysql' ? 'mysql' : 'better-sqlite3' });
    }
    expect((await request(t.http).get('/api/health/live').expect(200)).body.body.process).toBe('up');
  });

  // Decision 030: a balancer's check must not queue behind the load of the pool it checks. Every pooled
  // MariaDB connection (connectionLimit 10) is held by a slow query; readiness still answers 200 at once.
  // (SQLite has no pool to fill: better-sqlite3 answers on the calling thread.)
  (engine === 'mysql' ? it : it.skip)('answers ready at once while every pooled connection is busy', async () => {
    await request(t.http).get('/api/health/ready').expect(200);
    const db = t.app.get(DataSource);
    // mysql2's pool emits 'acquire' for each connection handed out: the pool is full once ten are taken.
    const pool = (db.driver as unknown as { pool: { on(event: 'acquire', listener: () => void): void; off(event: 'acquire', listener: () => void): void } }).pool;
    let acquired = 0;
    const onAcquire = () => void (acquired += 1);
    pool.on('acquire', onAcquire);
    const busy = Array.from({ length: 12 }, () => db.query('SELECT SLEEP(4)'));
    await waitFor(() => acquired >= 10, { what: 'every pooled connection taken' });
    pool.off('acquire', onAcquire);
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const started = Date.now();
      const res = await request(t.http).get('/api/health/ready');
      times.push(Date.now() - started);
      expect(res.status).toBe(200);
      expect(res.body.body).toEqual({ database: 'up', engine: 'mysql' });
      // Kept on purpose: the three checks are spread over more than one probe period (READINESS_PROBE_EVERY_MS)
      // while the pool stays full, which is the behaviour under test.
      await letTimePass(700);
    }
    expect(Math.max(...times)).toBeLessThan(500);
    await Promise.all(busy);
  }, 30_000);

  it('answers 503 with Retry-After when the database is gone, and live still answers', async () => {
    const user = await createVerifiedUser(t);
    await t.app.get(DataSource).destroy();
    const ready = await request(t.http).get('/api/health').expect(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.body).toMatchObject({ status: 503, message: SERVER_MESSAGES.unavailable, body: { database: 'down' } });
    await request(t.http).get('/api/health/ready').expect(503);
    await request(t.http).get('/api/health/live').expect(200);
    const call = await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`);
    expect(call.status).toBe(503);
    expect(call.headers['retry-after']).toBe('5');
    expect(call.body).toMatchObject({ status: 503, message: SERVER_MESSAGES.unavailable });
    const login = await request(t.http).post('/api/login').send({ email: user.email, password: user.password });
    expect(login.status).toBe(503);
    await t.app.get(DataSource).initialize();
    await request(t.http).get('/api/health').expect(200);
  });
});
