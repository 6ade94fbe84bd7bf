import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { unavailableOnFailure } from '../redis/redis-counters';
import { observeJob } from '../observability/job-hooks';
import { metricSources, type JobState } from '../observability/metrics';
import { BullMqTransport, JobWaitTimeout } from './bullmq.transport';
import { InProcessTransport } from './in-process.transport';
import type { EnqueueOptions, FailedJob, JobHandler, JobOptions } from './jobs.types';
import type { JobData, JobName, JobResult } from './job-map';

export type { EnqueueOptions, FailedJob, JobContext, JobHandler, JobOptions } from './jobs.types';
export type { JobData, JobMap, JobName, JobResult } from './job-map';

/**
 * Work that must not run in the request or on every instance (docs/decisions/018-scale-out.md): one
 * API, two transports. With REDIS_URL, BullMQ queues on that Redis: every instance runs workers, a job
 * runs once on whichever takes it, retries survive restarts, failures are kept a week. Without it, the
 * same handlers run in this process.
 *
 * Usage (in a module's service constructor or onModuleInit, before the app starts):
 *   jobs.register('mail.send', (mail: OutgoingMail) => transport.send(mail), { attempts: 8, backoffMs: 2000 });
 *   await jobs.enqueue('mail.send', mail);                      // fire and forget (accepted = stored)
 *   const bytes = await jobs.run('artwork.renditions', { key }, { jobId: `renditions-${key}` }); // wait for the outcome
 *   jobs.repeat('uploads.sweep', 60 * 60_000);                  // once per deployment, every hour
 *   jobs.afterStart('statements.resume', 1000, {});             // once, a second after this runner started
 * Handlers get the data (JSON) and { id, name, attempt }, must be idempotent (a job may run again after a
 * crash), and answer a JSON result. Names are `<area>.<verb>`, each declared with its data and result
 * in the typed JobMap (job-map.ts) by the module that registers it. RUN_JOBS=false (web-only instances,
 * the CLI) runs no job and no schedule (docs/decisions/034 "Jobs"); such an instance may still queue jobs.
 * Failed jobs: `npm run cli -- jobs failed` and `jobs retry <id>`.
 */
/** A repeated job (JobsService.repeat). */
type Repeat = { name: JobName; everyMs: number; data: unknown; atStart: boolean };

/** Seconds a client is told to wait when no instance runs jobs (about how long a runner takes to come back). */
export const JOBS_RETRY_AFTER_SECONDS = 30;

/** 503 `jobs_unavailable` with Retry-After (docs/decisions/030). */
const jobsUnavailable = () =>
  new DomainError(503, SERVER_MESSAGES.jobsUnavailable, { code: 'jobs_unavailable', headers: { 'Retry-After': String(JOBS_RETRY_AFTER_SECONDS) } });

@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly local: InProcessTransport | null;
  private readonly bull: BullMqTransport | null;
  private readonly repeats: Repeat[] = [];
  private readonly onceAfterStart: Array<{ name: JobName; delayMs: number; data: unknown }> = [];
  private readonly intervals: NodeJS.Timeout[] = [];
  private started = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.bull = config.redisUrl ? new BullMqTransport(config.redisUrl) : null;
    this.local = this.bull ? null : new InProcessTransport();
    metricSources.queues = () => this.counts(); // the queue gauges of /metrics (docs/decisions/038)
  }

  /** Whether jobs go through Redis (BullMQ) rather than this process. */
  get distributed(): boolean {
    return !!this.bull;
  }

  /**
   * Register the handler of job `name` (once, before the app starts). Options: concurrency per
   * instance (1), attempts (1), backoffMs (1000, doubled per retry).
   */
  register<N extends JobName>(name: N, handler: JobHandler<JobData<N>, JobResult<N>>, opts: JobOptions = {}): void {
    const full = { concurrency: opts.concurrency ?? 1, attempts: opts.attempts ?? 1, backoffMs: opts.backoffMs ?? 1000 };
    (this.bull ?? this.local)!.register(name, observeJob(name, handler as JobHandler), full);
  }

  /**
   * Add a job; resolves to its id once accepted: stored in Redis, or, in a single process, once its
   * first attempt has run (so the result of that attempt is visible when the caller answers). Later
   * attempts follow with backoff. Errors: 503 (DomainError with Retry-After) when Redis does not answer.
   */
  async enqueue<N extends JobName>(name: N, data: JobData<N>, opts: EnqueueOptions = {}): Promise<string> {
    if (this.bull) return unavailableOnFailure(this.bull.enqueue(name, data, opts));
    const job = this.local!.enqueue(name, data, opts);
    await job.first;
    return job.id;
  }

  /**
   * Add a job and wait for its outcome: the handler's result, or a rejection with the last attempt's
   * error message once its attempts are spent. With `jobId`, callers asking for the same work at once
   * share one job. Errors: 503 when Redis does not answer; 503 `jobs_unavailable` with Retry-After,
   * at once, when no instance runs jobs (every one web-only, or the runners down: nobody would take
   * the job; docs/decisions/030), or when the job was not finished within the wait (its runner died).
   */
  async run<N extends JobName>(name: N, data: JobData<N>, opts: EnqueueOptions = {}): Promise<JobResult<N>> {
    if (this.bull) {
      if (!(await unavailableOnFailure(this.bull.hasRunners()))) {
        this.logger.warn({ msg: 'no instance runs jobs: refused at once', job: name });
        throw jobsUnavailable();
      }
      try {
        return (await this.bull.run(name, data, opts)) as JobResult<N>;
      } catch (e) {
        if (e instanceof JobWaitTimeout) throw jobsUnavailable();
        throw e;
      }
    }
    return (await this.local!.enqueue(name, data, opts).done) as JobResult<N>;
  }

  /**
   * Run job `name` every `everyMs` with `data`, once per deployment (BullMQ job scheduler, whose first
   * run is at once; in a single process a timer, first run after `everyMs`, or at start too with
   * `atStart`). Call before the app starts; scheduled at start, only by an instance that runs jobs
   * (RUN_JOBS; never the CLI). `everyMs` 0 turns it off. Every periodic piece of background work of the
   * API (sweeps, pollers) is scheduled here (docs/decisions/034 "Jobs").
   */
  repeat<N extends JobName>(name: N, everyMs: number, data: JobData<N> = {} as JobData<N>, opts: { atStart?: boolean } = {}): void {
    // everyMs 0: not repeated (with Redis, a schedule left by an earlier start is removed at start).
    this.repeats.push({ name, everyMs, data, atStart: !!opts.atStart });
    if (this.started) void this.schedule(this.repeats[this.repeats.length - 1]!);
  }

  /**
   * Queue job `name` once, `delayMs` after this instance started, if it runs jobs (RUN_JOBS; never the
   * CLI): start-up work such as picking up what a stopped process left. Call before the app starts.
   */
  afterStart<N extends JobName>(name: N, delayMs: number, data: JobData<N>): void {
    this.onceAfterStart.push({ name, delayMs, data });
  }

  /** Whether this instance runs jobs and their schedules (RUN_JOBS; false in the CLI and on web-only instances). */
  get runsJobs(): boolean {
    return this.config.runJobs;
  }

  /** The registered job names (one queue each), sorted. */
  queueNames(): string[] {
    return (this.bull ?? this.local)!.names().sort();
  }

  /** The failed jobs (kept a week with Redis; in a single process, those of this process since it started). Errors: 503 when Redis does not answer. */
  async failed(): Promise<FailedJob[]> {
    return this.bull ? unavailableOnFailure(this.bull.failed()) : this.local!.failed();
  }

  /** Jobs per queue and state (BullMQ: read from Redis, the same on every instance). Errors: rejects when Redis does not answer. */
  async counts(): Promise<Record<string, Record<JobState, number>>> {
    return this.bull ? this.bull.counts() : this.local!.counts();
  }

  /** Run a failed job again from its first attempt; false when no failed job has this id. Errors: 503 when Redis does not answer. */
  async retry(id: string): Promise<boolean> {
    return this.bull ? unavailableOnFailure(this.bull.retry(id)) : this.local!.retry(id);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    if (!this.config.runJobs) return;
    await this.bull?.startWorkers();
    for (const r of this.repeats) await this.schedule(r);
    for (const o of this.onceAfterStart) this.startLater(o);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const t of this.intervals) clearTimeout(t);
    this.local?.close();
    await this.bull?.close();
  }

  private startLater(o: { name: JobName; delayMs: number; data: unknown }): void {
    const failed = (e: Error) => this.logger.warn({ msg: 'could not queue a start-up job', job: o.name, err: e.message });
    // A timer of this instance, then the job (with Redis, whichever runner takes it).
    const queue = () => (this.bull ? void this.bull.enqueue(o.name, o.data, {}).catch(failed) : void this.local!.enqueue(o.name, o.data).done.catch(() => undefined));
    const timer = setTimeout(queue, o.delayMs);
    timer.unref();
    this.intervals.push(timer);
  }

  private async schedule(r: Repeat): Promise<void> {
    if (!this.config.runJobs) return;
    if (this.bull) {
      if (!r.everyMs) {
        await this.bull.unrepeat(r.name).catch((e: Error) => this.logger.warn({ msg: 'could not remove a repeatable job', job: r.name, err: e.message }));
        return;
      }
      await this.bull.repeat(r.name, r.everyMs, r.data).catch((e: Error) => this.logger.warn({ msg: 'could not schedule a repeatable job', job: r.name, err: e.message }));
      return;
    }
    if (!r.everyMs) return;
    if (r.atStart) void this.local!.enqueue(r.name, r.data).done.catch(() => undefined);
    const timer = setInterval(() => this.local!.enqueue(r.name, r.data).done.catch(() => undefined), r.everyMs);
    timer.unref();
    this.intervals.push(timer);
  }
}
