import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { JobState } from '../observability/metrics';
import type { EnqueueOptions, FailedJob, JobHandler, JobOptions } from './jobs.types';

type Registered = { handler: JobHandler; opts: Required<JobOptions>; running: number; waiting: Array<() => void>; delayed: number; completed: number };
/** Failed jobs kept for `failed()` / `retry()` (the oldest go first). */
const KEEP_FAILED = 1000;

/**
 * The jobs of one process (no REDIS_URL; docs/decisions/018-scale-out.md): each job starts at once
 * (concurrency permitting) and `enqueue` resolves once its FIRST attempt settled, so a single process
 * behaves as before the queue existed (a sign-up's OTP mail is in the outbox when the call answers).
 * Later attempts run after an exponential backoff in the background. Nothing survives a restart: a
 * job still retrying then is lost (logged at each failure), the price of the setting without Redis.
 */
export class InProcessTransport {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, Registered>();
  private readonly active = new Map<string, { first: Promise<void>; done: Promise<unknown> }>();
  private readonly failedJobs = new Map<string, FailedJob & { opts: EnqueueOptions }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  /** The registered job names. */
  names(): string[] {
    return [...this.handlers.keys()];
  }

  register(name: string, handler: JobHandler, opts: Required<JobOptions>): void {
    this.handlers.set(name, { handler, opts, running: 0, waiting: [], delayed: 0, completed: 0 });
  }

  /**
   * Run `name` now (after `delayMs`). Answers the job's id, `first` (settles when the first attempt
   * did) and `done` (the result, or the last attempt's error).
   */
  enqueue(name: string, data: unknown, opts: EnqueueOptions = {}): { id: string; first: Promise<void>; done: Promise<unknown> } {
    const reg = this.reg(name);
    const id = opts.jobId ?? randomUUID();
    if (id.includes(':')) throw new Error(`job id ${id} must not contain ":" (as BullMQ)`);
    const existing = this.active.get(id);
    if (existing) return { id, ...existing };
    const attempts = opts.attempts ?? reg.opts.attempts;
    const backoff = opts.backoffMs ?? reg.opts.backoffMs;
    let firstSettled!: () => void;
    const first = new Promise<void>((r) => (firstSettled = r));
    const run = async (attempt: number): Promise<unknown> => {
      await this.slot(reg);
      try {
        const result = await reg.handler(data, { id, name, attempt });
        reg.completed += 1;
        return result;
      } finally {
        reg.running -= 1;
        reg.waiting.shift()?.();
        if (attempt === 1) firstSettled(); // (a second call is a no-op)
      }
    };
    const attemptLoop = (attempt: number): Promise<unknown> =>
      run(attempt).catch((e: Error) => {
        if (attempt < attempts && !this.closed) {
          const delay = backoff * 2 ** (attempt - 1);
          this.logger.warn({ msg: 'job failed; retrying', job: name, id, attempt, retry_in_ms: delay, err: e.message });
          return this.later(reg, delay).then(() => attemptLoop(attempt + 1));
        }
        this.logger.error({ msg: 'job failed', job: name, id, attempts: attempt, err: e.message });
        this.failedJobs.set(id, { id, name, data, attempts: attempt, reason: e.message, failedAt: Date.now(), opts });
        if (this.failedJobs.size > KEEP_FAILED) this.failedJobs.delete(this.failedJobs.keys().next().value!);
        throw e;
      });
    // A delayed job is accepted at once: the caller does not wait for the delay.
    if (opts.delayMs) firstSettled();
    const done = (opts.delayMs ? this.later(reg, opts.delayMs) : Promise.resolve()).then(() => attemptLoop(1)).finally(() => this.active.delete(id));
    done.catch(() => undefined);
    this.active.set(id, { first, done });
    return { id, first, done };
  }

  failed(): FailedJob[] {
    return [...this.failedJobs.values()].map(({ opts: _o, ...job }) => job);
  }

  async retry(id: string): Promise<boolean> {
    const job = this.failedJobs.get(id);
    if (!job) return false;
    this.failedJobs.delete(id);
    await this.enqueue(job.name, job.data, { ...job.opts, jobId: id, delayMs: 0 }).first;
    return true;
  }

  /** Jobs per queue and state in this process (docs/decisions/038); `completed` since it started. */
  counts(): Record<string, Record<JobState, number>> {
    const failed = [...this.failedJobs.values()];
    return Object.fromEntries(
      [...this.handlers].map(([name, reg]) => [name, { waiting: reg.waiting.length, active: reg.running, delayed: reg.delayed, failed: failed.filter((j) => j.name === name).length, completed: reg.completed }]),
    );
  }

  /** `sleep`, counted as a delayed job of `reg` meanwhile. */
  private later(reg: Registered, ms: number): Promise<void> {
    reg.delayed += 1;
    return this.sleep(ms).finally(() => (reg.delayed -= 1));
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
  }

  /** Resolves after `ms` (not keeping the process alive; cut short by close()). */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      timer.unref();
      this.timers.add(timer);
    });
  }

  private reg(name: string): Registered {
    const reg = this.handlers.get(name);
    if (!reg) throw new Error(`no job handler registered for "${name}"`);
    return reg;
  }

  private async slot(reg: Registered): Promise<void> {
    while (reg.running >= reg.opts.concurrency) await new Promise<void>((r) => reg.waiting.push(r));
    reg.running += 1;
  }
}
