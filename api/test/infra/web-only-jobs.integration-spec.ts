import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { SERVER_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media } from '../helpers/releases-fixtures';
import { UploadEntity } from '../../src/releases/entities/upload.entity';
import { pollUntil as until, startRedis, type Service } from './services';

/**
 * A web-only instance (RUN_JOBS=false) while no instance runs jobs (docs/decisions/030): an artwork
 * upload needs its renditions job, which nobody would take. It is refused at once with 503 and
 * Retry-After (never held until the job wait times out), leaves nothing behind, and is accepted as
 * soon as a runner is up again; when the runner stops, uploads are refused at once again.
 * Real redis-server, real database (SQLite; MariaDB too with MYSQL_URL).
 */
describe.each(ENGINES)('a web-only instance without job runners, on %s', (engine) => {
  let redis: Service;
  let web: TestApp;
  let runner: TestApp | undefined;
  let token: string;

  /** An instance that runs jobs, sharing the web instance's DATA_DIR (uploads on local disk, dev outbox, SQLite file), database and Redis. */
  const startRunner = () =>
    bootTestApp(engine, { REDIS_URL: redis.url, RUN_JOBS: 'true', DATA_DIR: web.dataDir, ...(web.config.database.type === 'mysql' ? { DATABASE_URL: web.config.database.url } : {}) });

  beforeAll(async () => {
    redis = await startRedis();
    web = await bootTestApp(engine, { REDIS_URL: redis.url, RUN_JOBS: 'false' });
    // The sign-up's OTP mail is a job too: a runner delivers it, then stops.
    runner = await startRunner();
    // Redis connected (a login attempt is counted there; 503 until then).
    await until('redis connected', async () => (await request(web.http).post('/api/login').send({ email: 'nobody@example.com', password: 'x' })).status !== 503);
    token = (await createVerifiedUser(web)).token;
    await runner.close();
    runner = undefined;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await web?.close();
    await redis?.stop();
  });

  const uploadArtwork = () => request(web.http).post('/api/upload?kind=artwork').set('Authorization', `Bearer ${token}`).attach('image', media.png(), 'cover.png');

  /** Every stored file under the uploads directory (originals and renditions). */
  const stored = () => (existsSync(join(web.config.uploadsDir, 'files')) ? readdirSync(join(web.config.uploadsDir, 'files')).sort() : []);

  it('refuses an artwork upload at once with 503 and Retry-After, keeping nothing', async () => {
    const before = stored();
    const started = Date.now();
    const res = await uploadArtwork();
    const ms = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toMatchObject({ status: 503, message: SERVER_MESSAGES.jobsUnavailable, code: 'jobs_unavailable' });
    expect(ms).toBeLessThan(5000);
    expect(stored()).toEqual(before);
    expect(await web.app.get(DataSource).getRepository(UploadEntity).count()).toBe(0);
    // The instance itself stays in the balancer's rotation: it serves everything but this.
    expect((await request(web.http).get('/api/health/ready')).status).toBe(200);
  }, 30_000);

  it('accepts it once a runner is up, and refuses at once again after the runner stopped', async () => {
    runner = await startRunner();
    const ok = await uploadArtwork();
    expect(ok.status).toBe(200);
    expect(ok.body.body).toMatchObject({ kind: 'artwork' });
    await runner.close();
    runner = undefined;
    const started = Date.now();
    const again = await uploadArtwork();
    expect(again.status).toBe(503);
    expect(Date.now() - started).toBeLessThan(5000);
  }, 60_000);
});
