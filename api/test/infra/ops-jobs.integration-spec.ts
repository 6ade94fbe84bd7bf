import request from 'supertest';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JOB_MESSAGES } from '@portal/contracts';
import { JobsService } from '../../src/jobs/jobs.service';
import { MAIL_JOB } from '../../src/mail/mail.service';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { newSignup } from '../helpers/accounts';
import { cli, totpCode } from '../helpers/staff';
import { pollUntil, startRedis, type Service } from './services';

const until = <T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 15_000): Promise<T> => pollUntil(what, fn, ms);

/** A verified account (with Redis the OTP mail is a queued job: its outbox file is waited for). */
async function verifiedUser(t: TestApp) {
  const signup = newSignup();
  expect((await request(t.http).post('/api/signup').send(signup)).body.status).toBe(200);
  const otp = await until('the OTP mail', () => t.lastOtp(signup.email));
  const verified = await request(t.http).post('/api/verifyEmailOTP').send({ email: signup.email, otp });
  return { ...signup, token: verified.body.token as string };
}

/** A staff member with `role` whose session passed TOTP. */
async function staffWith(t: TestApp, role: string) {
  const user = await verifiedUser(t);
  await cli(t, 'staff', ['add', user.email, role]);
  const auth = `Bearer ${user.token}`;
  const enrol = await request(t.http).post('/api/staff/totp/enrol').set('Authorization', auth).send({});
  const verify = await request(t.http).post('/api/staff/totp/verify').set('Authorization', auth).send({ code: totpCode(enrol.body.body.secret) });
  expect(verify.body.status).toBe(200);
  return user;
}

/**
 * Failed jobs in the console (docs/decisions/018-scale-out.md): `GET /api/ops/jobs` lists the
 * jobs whose tries are spent, per queue, with the last error and the tries; `POST /api/ops/jobs/retry`
 * runs one again (audited). Admins only. On both transports: in-process, and BullMQ on a redis-server
 * this test starts. A real failure: the mail job writing into a dev outbox that is a file.
 */
describe.each([
  ['in-process', false],
  ['BullMQ on Redis', true],
])('ops failed jobs (%s)', (_name, withRedis) => {
  let redis: Service | undefined;
  let t: TestApp;
  let admin: { token: string; email: string };
  let reviewer: { token: string };
  let artist: { token: string };
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: unknown) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body as object),
  });

  beforeAll(async () => {
    if (withRedis) redis = await startRedis();
    t = await bootTestApp('sqlite', redis ? { REDIS_URL: redis.url } : {});
    admin = await staffWith(t, 'admin');
    reviewer = await staffWith(t, 'reviewer');
    artist = await verifiedUser(t);
  });
  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  }, 60_000);

  it('refuses anyone but an admin (403), whatever the body', async () => {
    for (const token of [reviewer.token, artist.token]) {
      expect((await as(token).get('ops/jobs')).status).toBe(403);
      expect((await as(token).post('ops/jobs/retry', { job_id: 'x' })).status).toBe(403);
      expect((await as(token).post('ops/jobs/retry', {})).status).toBe(403);
    }
  });

  it('lists no failed job at first, with every queue and the transport', async () => {
    const res = await as(admin.token).get('ops/jobs');
    expect(res.status).toBe(200);
    expect(res.body.body).toEqual({ distributed: withRedis, queues: expect.arrayContaining([MAIL_JOB, 'artwork.renditions', 'uploads.sweep']), jobs: [] });
  });

  it('shows a mail that failed with its error and tries; retry delivers it once the cause is gone, audited; 400 and 404 as they should', async () => {
    const outbox = t.config.outboxDir;
    // Every delivery fails while the outbox directory is a file.
    renameSync(outbox, `${outbox}.kept`);
    writeFileSync(outbox, 'not a directory');
    const jobs = t.app.get(JobsService);
    const id = await jobs.enqueue(MAIL_JOB, { to: 'late-listener@example.com', subject: 'Your statement', text: 'secret body 424242' }, { attempts: 1 });
    const listed = await until('the failed mail in the list', async () => {
      const body = (await as(admin.token).get('ops/jobs')).body.body;
      return body.jobs.find((j: { id: string }) => j.id === id);
    });
    expect(listed).toEqual({ id, queue: MAIL_JOB, attempts: 1, error: expect.stringMatching(/EEXIST|ENOTDIR|exists|not a directory/i), failed_at: expect.any(String) });
    expect(Date.now() - Date.parse(listed.failed_at)).toBeLessThan(60_000);
    const page = await as(admin.token).get('ops/jobs');
    expect(JSON.stringify(page.body)).not.toContain('424242'); // job data is never answered
    expect((await as(admin.token).get('ops/jobs', { queue: MAIL_JOB })).body.body.jobs.map((j: { id: string }) => j.id)).toContain(id);
    expect((await as(admin.token).get('ops/jobs', { queue: 'artwork.renditions' })).body.body.jobs).toEqual([]);
    const badQueue = await as(admin.token).get('ops/jobs', { queue: 'mail send; drop' });
    expect(badQueue.status).toBe(400);
    expect(badQueue.body).toMatchObject({ status: 400, message: JOB_MESSAGES.queueInvalid });

    for (const body of [{}, { job_id: '' }, { job_id: 'a:b' }, { job_id: 42 }, { job_id: 'x'.repeat(201) }]) {
      const res = await as(admin.token).post('ops/jobs/retry', body);
      expect([res.status, res.body.status, res.body.message]).toEqual([400, 400, JOB_MESSAGES.jobIdInvalid]);
    }
    expect((await as(admin.token).post('ops/jobs/retry', [id])).status).toBe(400);
    const unknown = await as(admin.token).post('ops/jobs/retry', { job_id: 'no-such-job' });
    expect([unknown.status, unknown.body.message]).toEqual([404, JOB_MESSAGES.jobNotFound]);

    rmSync(outbox);
    renameSync(`${outbox}.kept`, outbox);
    const retried = await as(admin.token).post('ops/jobs/retry', { job_id: id });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 200, message: JOB_MESSAGES.retried, body: { id, queue: MAIL_JOB } });
    const file = await until('the mail in the outbox', () => existsSync(outbox) && readdirSync(outbox).find((f) => f.includes('late-listener')));
    expect(JSON.parse(readFileSync(join(outbox, file), 'utf8'))).toMatchObject({ to: 'late-listener@example.com', subject: 'Your statement' });
    await until('the job gone from the failed list', async () => !(await as(admin.token).get('ops/jobs')).body.body.jobs.some((j: { id: string }) => j.id === id));
    expect((await as(admin.token).post('ops/jobs/retry', { job_id: id })).status).toBe(404);

    const audit = (await as(admin.token).get('ops/audit', { action: 'job.retry' })).body.body;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_email: admin.email.toLowerCase(), object_type: 'job', object_id: id.slice(0, 32) });
    expect(JSON.parse(audit[0].before)).toMatchObject({ id, queue: MAIL_JOB, attempts: 1 });
  }, 60_000);

  (withRedis ? it : it.skip)('answers 503 with Retry-After while Redis is down (BullMQ), never a 500', async () => {
    await redis!.stop();
    const list = await as(admin.token).get('ops/jobs');
    expect([list.status, list.headers['retry-after']]).toEqual([503, expect.any(String)]);
    const retry = await as(admin.token).post('ops/jobs/retry', { job_id: 'any-job' });
    expect(retry.status).toBe(503);
    // Back on the same port (the app's clients reconnect; closing it waits for Redis).
    redis = await startRedis(redis!.port);
    await until('the list again', async () => (await as(admin.token).get('ops/jobs')).status === 200);
  }, 30_000);
});
