import { Logger } from '@nestjs/common';
import { Job, Queue, QueueEvents, Worker, type ConnectionOptions } from 'bullmq';
import Redis from 'ioredis';
import { randomUUID } from 'node:crypto';
import { redisOptions } from '../redis/redis-connection';
import { unavailableOnFailure } from '../redis/redis-counters';
import { JOB_STATES, type JobState } from '../observability/metrics';
import { bullTelemetry } from '../observability/tracing';
import type { EnqueueOptions, FailedJob, JobHandler, JobOptions } from './jobs.types';

/** Key prefix of the portal's queues in Redis. */
const PREFIX = 'portal:jobs';
/** Finished jobs kept for an hour (a `run` caller reads its result), failed ones for a week (CLI, retry). */
const KEEP_COMPLETED = { age: 3600, count: 10_000 };
const KEEP_FAILED = { age: 7 * 24 * 3600, count: 10_000 };

type Registered = { handler: JobHandler; opts: Required<JobOptions> };

/**
 * The jobs on Redis with BullMQ (REDIS_URL; docs/decisions/018-scale-out.md): one queue per job name,
 * a worker per name on every instance (whichever is free takes a job; each job runs once), failed jobs
 * kept a week for the CLI. Jobs survive a restart of every instance: a mail that could not be sent is
 * retried with backoff until its attempts are spent, then kept as failed.
 */
/** Longest a close waits for the jobs its workers are running, ms. */
const CLOSE_GRACE_MS = 10_000;
/**
 * Job runners alive (docs/decisions/030): a sorted set of runner ids scored by when their heartbeat
 * expires. Every instance that runs workers refreshes its entry every RUNNER_BEAT_MS for RUNNER_TTL_MS and
 * removes it on close; a runner that died without closing drops out when its entry expires.
 */
const RUNNERS_KEY = `${PREFIX}:runners`;
const RUNNER_BEAT_MS = 5_000;
const RUNNER_TTL_MS = 15_000;

/** A `run` whose job was not finished within its wait (no runner took it, or its runner died). */
export class JobWaitTimeout extends Error {}

export class BullMqTransport {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, Registered>();
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, QueueEvents>();
  private readonly workers: Worker[] = [];
  private readonly runnerId = randomUUID();
  private beat: NodeJS.Timeout | null = null;
  /** The connection of the runner heartbeats (one try per command, like the producers). */
  private readonly heartbeats: Redis;
  private heartbeatsReady: Promise<void> | null = null;
  /** Producers fail fast while Redis is down (the caller answers 503); workers wait for it to come back. */
  private readonly producer: ConnectionOptions;
  private readonly consumer: ConnectionOptions;

  constructor(url: string) {
    const base = redisOptions(url);
    this.producer = { ...base, enableOfflineQueue: false, maxRetriesPerRequest: 1, connectTimeout: 2000 } as ConnectionOptions;
    this.consumer = { ...base, maxRetriesPerRequest: null } as ConnectionOptions;
    this.heartbeats = new Redis({ ...base, maxRetriesPerRequest: 1, connectTimeout: 2000, lazyConnect: true });
    this.heartbeats.on('error', () => undefined);
  }

  /** The registered job names. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  register(name: string, handler: JobHandler, opts: Required<JobOptions>): void {
    this.handlers.set(name, { handler, opts });
  }

  /**
   * Start a worker for every registered name (not in the CLI), and this runner's heartbeat; resolves
   * once the first heartbeat is written (or could not be: logged, retried every RUNNER_BEAT_MS).
   */
  async startWorkers(): Promise<void> {
    for (const [name, reg] of this.handlers) {
      const worker = new Worker(
        name,
        async (job: Job) => reg.handler(job.data, { id: String(job.id), name, attempt: job.attemptsMade + 1 }),
        { connection: this.consumer, prefix: PREFIX, concurrency: reg.opts.concurrency, ...bullTelemetry() },
      );
      worker.on('failed', (job, e) => {
        const last = !!job && job.attemptsMade >= (job.opts.attempts ?? 1);
        this.logger[last ? 'error' : 'warn']({ msg: last ? 'job failed' : 'job failed; retrying', job: name, id: job?.id, attempt: job?.attemptsMade, err: e.message });
      });
      worker.on('error', (e) => this.logger.warn({ msg: 'job worker error', job: name, err: e.message }));
      this.workers.push(worker);
    }
    const beat = () => this.heartbeat().catch((e: Error) => this.logger.warn({ msg: 'job runner heartbeat not written', err: e.message }));
    this.beat = setInterval(() => void beat(), RUNNER_BEAT_MS);
    this.beat.unref();
    await beat();
  }

  /**
   * Whether some instance runs jobs now (a live heartbeat in RUNNERS_KEY), ours included. Expired
   * entries are removed on the way. Rejects when Redis does not answer.
   */
  async hasRunners(): Promise<boolean> {
    const redis = await this.heartbeatConnection();
    const now = Date.now();
    await redis.zremrangebyscore(RUNNERS_KEY, '-inf', now);
    return (await redis.zcount(RUNNERS_KEY, now, '+inf')) > 0;
  }

  private async heartbeat(): Promise<void> {
    const redis = await this.heartbeatConnection();
    await redis.zadd(RUNNERS_KEY, Date.now() + RUNNER_TTL_MS, this.runnerId);
  }

  /** The heartbeat connection, connected on first use (then ioredis reconnects by itself; a command fails after one try). */
  private async heartbeatConnection(): Promise<Redis> {
    if (this.heartbeats.status === 'wait') this.heartbeatsReady = this.heartbeats.connect().catch(() => undefined);
    await this.heartbeatsReady;
    return this.heartbeats;
  }

  async enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): Promise<string> {
    const reg = this.reg(name);
    const job = await this.queue(name).add(name, data, {
      jobId: opts.jobId ?? randomUUID(),
      delay: opts.delayMs,
      attempts: opts.attempts ?? reg.opts.attempts,
      backoff: { type: 'exponential', delay: opts.backoffMs ?? reg.opts.backoffMs },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
    return String(job.id);
  }

  /** Add the job and wait for its outcome (whichever instance runs it); rejects with the last attempt's reason. */
  async run(name: string, data: unknown, opts: EnqueueOptions = {}, timeoutMs = 120_000): Promise<unknown> {
    const events = this.queueEvents(name);
    await unavailableOnFailure(Promise.race([events.waitUntilReady(), new Promise((_, reject) => setTimeout(() => reject(new Error('redis not ready')), 3000).unref())]));
    const id = await unavailableOnFailure(this.enqueue(name, data, opts));
    const job = await Job.fromId(this.queue(name), id);
    if (!job) throw new Error(`job ${name}/${id} vanished`);
    if (await job.isCompleted()) return job.returnvalue;
    if (await job.isFailed()) {
      // An earlier job of this id failed and is kept: try it again.
      await job.retry();
    }
    try {
      return await job.waitUntilFinished(events, timeoutMs);
    } catch (e) {
      if (/timed out/i.test((e as Error).message)) throw new JobWaitTimeout(`job ${name}/${id} not finished within ${timeoutMs} ms`);
      throw e;
    }
  }

  /** A repeatable job, scheduled once per deployment whatever the number of instances. */
  async repeat(name: string, everyMs: number, data: unknown = {}): Promise<void> {
    this.reg(name);
    await this.queue(name).upsertJobScheduler(`${name}:every`, { every: everyMs }, { name, data, opts: { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED } });
  }

  /** Remove the schedule of `name` (its repeat turned off in the configuration). */
  async unrepeat(name: string): Promise<void> {
    this.reg(name);
    await this.queue(name).removeJobScheduler(`${name}:every`);
  }

  /** Jobs per queue and state, from Redis (docs/decisions/038). */
  async counts(): Promise<Record<string, Record<JobState, number>>> {
    const names = [...this.handlers.keys()];
    const counts = await Promise.all(names.map((name) => this.queue(name).getJobCounts(...JOB_STATES)));
    return Object.fromEntries(names.map((name, i) => [name, counts[i] as Record<JobState, number>]));
  }

  async failed(): Promise<FailedJob[]> {
    const out: FailedJob[] = [];
    for (const name of this.handlers.keys()) {
      for (const job of await this.queue(name).getFailed(0, 999)) {
        out.push({ id: String(job.id), name, data: job.data, attempts: job.attemptsMade, reason: job.failedReason, failedAt: job.finishedOn ?? null });
      }
    }
    return out.sort((a, b) => (a.failedAt ?? 0) - (b.failedAt ?? 0));
  }

  async retry(id: string): Promise<boolean> {
    for (const name of this.handlers.keys()) {
      const job = await Job.fromId(this.queue(name), id);
      if (job && (await job.isFailed())) {
        await job.retry('failed', { resetAttemptsMade: true });
        return true;
      }
    }
    return false;
  }

  /**
   * Stop the workers (letting a running job finish, for at most CLOSE_GRACE_MS; then they are closed by
   * force and BullMQ hands the job to another instance once its lock expires), then the event streams and
   * queues. Bounded, so an application close never waits on a job forever.
   */
  async close(): Promise<void> {
    if (this.beat) {
      clearInterval(this.beat);
      this.beat = null;
      // Known gone at once (not only once the heartbeat expires): a web-only instance refuses work at once.
      await this.heartbeats.zrem(RUNNERS_KEY, this.runnerId).catch(() => undefined);
    }
    const graceful = Promise.all(this.workers.map((w) => w.close().catch(() => undefined))).then(() => true);
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS)));
    const closed = await Promise.race([graceful, bound]);
    clearTimeout(timer);
    if (!closed) await Promise.all(this.workers.map((w) => w.close(true).catch(() => undefined)));
    await Promise.all([...this.events.values()].map((e) => e.close().catch(() => undefined)));
    await Promise.all([...this.queues.values()].map((q) => q.close().catch(() => undefined)));
    this.heartbeats.disconnect();
  }

  private reg(name: string): Registered {
    const reg = this.handlers.get(name);
    if (!reg) throw new Error(`no job handler registered for "${name}"`);
    return reg;
  }

  private queue(name: string): Queue {
    let q = this.queues.get(name);
    if (!q) {
      q = new Queue(name, { connection: this.producer, prefix: PREFIX, ...bullTelemetry() });
      q.on('error', (e) => this.logger.warn({ msg: 'job queue error', job: name, err: e.message }));
      this.queues.set(name, q);
    }
    return q;
  }

  private queueEvents(name: string): QueueEvents {
    let e = this.events.get(name);
    if (!e) {
      e = new QueueEvents(name, { connection: this.consumer, prefix: PREFIX });
      e.on('error', (err) => this.logger.warn({ msg: 'job events error', job: name, err: err.message }));
      this.events.set(name, e);
    }
    return e;
  }
}
