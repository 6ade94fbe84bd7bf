import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { unavailableOnFailure } from '../redis/redis-counters';
import { BullMqTransport } from './bullmq.transport';
import { InProcessTransport } from './in-process.transport';
import type { EnqueueOptions, FailedJob, JobHandler, JobOptions } from './jobs.types';

export type { EnqueueOptions, FailedJob, JobContext, JobHandler, JobOptions } from './jobs.types';

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
 * Handlers get the data (JSON) and { id, name, attempt }, must be idempotent (a job may run again after a
 * crash), and answer a JSON result. Names are `<area>.<verb>`.
 * Failed jobs: `npm run cli -- jobs failed` and `jobs retry <id>`.
 */
@Injectable()
export class JobsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly local: InProcessTransport | null;
  private readonly bull: BullMqTransport | null;
  private readonly repeats: Array<{ name: string; everyMs: number; data: unknown }> = [];
  private readonly intervals: NodeJS.Timeout[] = [];
  private started = false;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.bull = config.redisUrl ? new BullMqTransport(config.redisUrl) : null;
    this.local = this.bull ? null : new InProcessTransport();
  }

  /** Whether jobs go through Redis (BullMQ) rather than this process. */
  get distributed(): boolean {
    return !!this.bull;
  }

  /**
   * Register the handler of job `name` (once, before the app starts). Options: concurrency per
   * instance (1), attempts (1), backoffMs (1000, doubled per retry).
   */
  register<D, R>(name: string, handler: JobHandler<D, R>, opts: JobOptions = {}): void {
    const full = { concurrency: opts.concurrency ?? 1, attempts: opts.attempts ?? 1, backoffMs: opts.backoffMs ?? 1000 };
    (this.bull ?? this.local)!.register(name, handler as JobHandler, full);
  }

  /**
   * Add a job; resolves to its id once accepted: stored in Redis, or, in a single process, once its
   * first attempt has run (so the result of that attempt is visible when the caller answers). Later
   * attempts follow with backoff. Errors: 503 (DomainError with Retry-After) when Redis does not answer.
   */
  async enqueue<D>(name: string, data: D, opts: EnqueueOptions = {}): Promise<string> {
    if (this.bull) return unavailableOnFailure(this.bull.enqueue(name, data, opts));
    const job = this.local!.enqueue(name, data, opts);
    await job.first;
    return job.id;
  }

  /**
   * Add a job and wait for its outcome: the handler's result, or a rejection with the last attempt's
   * error message once its attempts are spent. With `jobId`, callers asking for the same work at once
   * share one job. Errors: 503 when Redis does not answer.
   */
  async run<D, R>(name: string, data: D, opts: EnqueueOptions = {}): Promise<R> {
    if (this.bull) return (await this.bull.run(name, data, opts)) as R;
    return (await this.local!.enqueue(name, data, opts).done) as R;
  }

  /**
   * Run job `name` every `everyMs` with `data`, once per deployment (BullMQ job scheduler; in a single
   * process a timer). Call before the app starts; scheduled at start. `everyMs` 0 turns it off.
   */
  repeat(name: string, everyMs: number, data: unknown = {}): void {
    // everyMs 0: not repeated (with Redis, a schedule left by an earlier start is removed at start).
    this.repeats.push({ name, everyMs, data });
    if (this.started) void this.schedule(this.repeats[this.repeats.length - 1]!);
  }

  /** The registered job names (one queue each), sorted. */
  queueNames(): string[] {
    return (this.bull ?? this.local)!.names().sort();
  }

  /** The failed jobs (kept a week with Redis; in a single process, those of this process since it started). Errors: 503 when Redis does not answer. */
  async failed(): Promise<FailedJob[]> {
    return this.bull ? unavailableOnFailure(this.bull.failed()) : this.local!.failed();
  }

  /** Run a failed job again from its first attempt; false when no failed job has this id. Errors: 503 when Redis does not answer. */
  async retry(id: string): Promise<boolean> {
    return this.bull ? unavailableOnFailure(this.bull.retry(id)) : this.local!.retry(id);
  }

  async onApplicationBootstrap(): Promise<void> {
    this.started = true;
    if (!this.config.runJobs) return;
    this.bull?.startWorkers();
    for (const r of this.repeats) await this.schedule(r);
  }

  async onApplicationShutdown(): Promise<void> {
    for (const t of this.intervals) clearInterval(t);
    this.local?.close();
    await this.bull?.close();
  }

  private async schedule(r: { name: string; everyMs: number; data: unknown }): Promise<void> {
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
    const timer = setInterval(() => this.local!.enqueue(r.name, r.data).done.catch(() => undefined), r.everyMs);
    timer.unref();
    this.intervals.push(timer);
  }
}
