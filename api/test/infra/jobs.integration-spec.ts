import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootConfig, type AppConfig } from '../../src/config/app-config';
import { JobsService } from '../../src/jobs/jobs.service';
import { MailService } from '../../src/mail/mail.service';
import { letTimePass, waitFor } from '../helpers/wait-for';
import { startRedis, type Service } from './services';

// The jobs of this spec, in the typed job map as a module adds its own (src/jobs/job-map.ts).
declare module '../../src/jobs/job-map' {
  interface JobMap {
    'test.flaky': { data: Record<string, never>; result: void };
    'test.square': { data: { n: number }; result: { square: number } };
    'test.broken': { data: { order: number }; result: { ok: boolean } };
    'test.offswitch': { data: Record<string, never>; result: void };
    'test.once': { data: { tag: string }; result: void };
    'test.tick': { data: Record<string, never>; result: void };
  }
}

/** Polls `fn` until truthy (20 s at most), naming `what` in the error. */
const until = <T>(what: string, fn: () => T | Promise<T>, timeout = 20_000) => waitFor(fn, { timeout, interval: 50, what });

/**
 * JobsService (docs/decisions/018-scale-out.md): the same behaviour on both transports, in-process
 * and BullMQ on a real redis-server; then what only Redis gives: one job run once across two
 * instances, a repeatable job once per deployment, a job outliving the instance that queued it.
 */
describe('JobsService', () => {
  let redis: Service;
  let dataDir: string;
  const services: JobsService[] = [];
  const config = (env: Record<string, string> = {}): AppConfig => bootConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_ROOT: '', ...env });
  /** A JobsService as the app would have it: handlers registered, then bootstrapped. */
  const make = async (env: Record<string, string>, setup: (jobs: JobsService) => void): Promise<JobsService> => {
    const jobs = new JobsService(config(env));
    setup(jobs);
    await jobs.onApplicationBootstrap();
    services.push(jobs);
    return jobs;
  };

  beforeAll(async () => {
    redis = await startRedis();
    dataDir = mkdtempSync(join(tmpdir(), 'jobs-'));
  });
  afterEach(async () => {
    for (const s of services.splice(0)) await s.onApplicationShutdown();
  });
  afterAll(async () => {
    await redis?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe.each([
    ['in-process', () => ({})],
    ['BullMQ on Redis', () => ({ REDIS_URL: redis.url })],
  ])('%s', (_name, env) => {
    it('retries a failing job with backoff until it succeeds', async () => {
      const tries: number[] = [];
      const jobs = await make(env(), (j) =>
        j.register('test.flaky', async (_d: unknown, job) => {
          tries.push(Date.now());
          if (job.attempt < 3) throw new Error(`try ${job.attempt} fails`);
        }, { attempts: 5, backoffMs: 100 }),
      );
      await jobs.enqueue('test.flaky', {});
      await until('three tries', () => tries.length === 3);
      // Backoff doubles: about 100 ms, then 200 ms.
      expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(90);
      expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(190);
      // Kept on purpose: longer than the next backoff (400 ms after two doublings would follow a failure) shows no fourth try.
      await letTimePass(300);
      expect(tries).toHaveLength(3);
    });

    it('runs a job and answers its result; callers asking for the same job id share one run', async () => {
      let runs = 0;
      const jobs = await make(env(), (j) =>
        j.register('test.square', async ({ n }: { n: number }) => {
          runs += 1;
          await letTimePass(200); // a job that takes a while, so the second caller arrives while it runs
          return { square: n * n };
        }),
      );
      const jobId = `square-${Date.now()}`;
      const answers = await Promise.all([jobs.run('test.square', { n: 7 }, { jobId }), jobs.run('test.square', { n: 7 }, { jobId })]);
      expect(answers).toEqual([{ square: 49 }, { square: 49 }]);
      expect(runs).toBe(1);
    });

    it('keeps a job whose attempts are spent as failed, and runs it again on retry', async () => {
      let fixed = false;
      const jobs = await make(env(), (j) =>
        j.register('test.broken', async () => {
          if (!fixed) throw new Error('still broken');
          return { ok: true };
        }, { attempts: 2, backoffMs: 50 }),
      );
      await expect(jobs.run('test.broken', { order: 42 })).rejects.toThrow('still broken');
      const failed = await jobs.failed();
      const mine = failed.find((f) => f.name === 'test.broken' && (f.data as { order: number }).order === 42);
      expect(mine).toMatchObject({ attempts: 2, reason: 'still broken' });
      fixed = true;
      expect(await jobs.retry(mine!.id)).toBe(true);
      await until('the retried job done', async () => !(await jobs.failed()).some((f) => f.id === mine!.id));
      expect(await jobs.retry('no-such-job')).toBe(false);
    });

    it('delivers a mail whose first tries fail once the outbox works again (never lost)', async () => {
      const dir = mkdtempSync(join(dataDir, 'mail-'));
      const outbox = join(dir, 'outbox');
      writeFileSync(outbox, 'a file where the outbox directory should be'); // every delivery try fails
      const cfg = config({ ...env(), DATA_DIR: dir });
      const jobs = new JobsService(cfg);
      const mail = new MailService(cfg, jobs);
      await jobs.onApplicationBootstrap();
      services.push(jobs);
      await mail.send({ to: 'late@example.com', subject: 'Your code', text: '123456' });
      // Kept on purpose: the first try and the retry after the 2 s backoff both fail while the outbox is broken.
      await letTimePass(2500);
      expect(statSync(outbox).isFile()).toBe(true); // nothing delivered yet
      rmSync(outbox);
      const file = await until('the mail in the outbox', () => existsSync(outbox) && readdirSync(outbox)[0], 15_000);
      expect(JSON.parse(readFileSync(join(outbox, file), 'utf8'))).toMatchObject({ to: 'late@example.com', subject: 'Your code' });
    }, 30_000);
  });

  describe('across instances on one Redis', () => {
    it('stops a repeatable job turned off (every 0) at the next start, though an earlier start scheduled it', async () => {
      const ticks: string[] = [];
      const first = await make({ REDIS_URL: redis.url }, (j) => {
        j.register('test.offswitch', async () => void ticks.push('first'));
        j.repeat('test.offswitch', 200);
      });
      await until('a tick', () => ticks.length >= 1);
      await first.onApplicationShutdown();
      services.splice(services.indexOf(first), 1);
      await make({ REDIS_URL: redis.url }, (j) => {
        j.register('test.offswitch', async () => void ticks.push('second'));
        j.repeat('test.offswitch', 0);
      });
      // A run already due when the schedule went may still happen once; no further ones (the period is 200 ms).
      // Kept on purpose: two periods pass (at most the one due run), then five more with no run.
      await letTimePass(400);
      const settled = ticks.filter((t) => t === 'second').length;
      expect(settled).toBeLessThanOrEqual(1);
      await letTimePass(1000);
      expect(ticks.filter((t) => t === 'second').length).toBe(settled);
    });

    it('a job queued by an instance that runs no jobs is run by another, once, even if queued before that one started', async () => {
      const ran: string[] = [];
      const handler = (who: string) => (j: JobsService) => j.register('test.once', async ({ tag }: { tag: string }) => void ran.push(`${who}:${tag}`));
      const web = await make({ REDIS_URL: redis.url, RUN_JOBS: 'false' }, handler('web'));
      for (let i = 0; i < 5; i++) await web.enqueue('test.once', { tag: String(i) });
      await letTimePass(300); // kept on purpose: a while in which nothing may run (no instance runs jobs yet)
      expect(ran).toEqual([]); // nobody runs jobs yet: they wait in Redis
      await make({ REDIS_URL: redis.url }, handler('a'));
      await make({ REDIS_URL: redis.url }, handler('b'));
      await until('five runs', () => ran.length === 5);
      await letTimePass(300); // kept on purpose: no sixth run (a second run of one job) shows up in this while
      expect(ran.map((r) => r.split(':')[1]).sort()).toEqual(['0', '1', '2', '3', '4']);
      expect(ran.some((r) => r.startsWith('web:'))).toBe(false);
    });

    it('runs a repeatable job once per period for the deployment, not once per instance', async () => {
      const ticks: string[] = [];
      for (const who of ['a', 'b', 'c']) {
        await make({ REDIS_URL: redis.url }, (j) => {
          j.register('test.tick', async (_d: unknown, job) => void ticks.push(`${who}:${job.id}`));
          j.repeat('test.tick', 400);
        });
      }
      await letTimePass(2100); // kept on purpose: the runs of about five periods (400 ms) are counted
      // Three instances each ticking alone would make about 15 runs.
      expect(ticks.length).toBeGreaterThanOrEqual(3);
      expect(ticks.length).toBeLessThanOrEqual(7);
      expect(new Set(ticks.map((t) => t.split(':').slice(1).join(':'))).size).toBe(ticks.length);
    });
  });
});
