import { Logger } from '@nestjs/common';

/** A background job: a plain idempotent async function of its data (no request context). */
export type JobHandler<T> = (data: T) => Promise<void>;
export type JobOptions = { attempts: number; backoffMs: number; concurrency: number };

/**
 * A small in-process job runner (docs/decisions/020): named jobs, at most `concurrency` at once, a
 * failed run retried up to `attempts` times with exponential backoff (`backoffMs` × 2^n). The handlers
 * are written so the lead can move them onto the BullMQ queue unchanged (`queue.add(name, data)` with
 * the same attempts/backoff); until then a restart loses queued runs, which `recover()` of each
 * service re-enqueues from the database (rows left `checking`).
 */
export class JobRunner<T> {
  private readonly logger: Logger;
  private running = 0;
  private readonly waiting: { data: T; attempt: number }[] = [];
  private readonly idle: (() => void)[] = [];
  private closed = false;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly name: string,
    private readonly handler: JobHandler<T>,
    private readonly options: JobOptions,
  ) {
    this.logger = new Logger(`Job:${name}`);
  }

  /** Queue a run of the handler with `data`. */
  add(data: T): void {
    if (this.closed) return;
    this.waiting.push({ data, attempt: 1 });
    this.pump();
  }

  /** Resolves when nothing runs or waits (tests and shutdown). */
  drain(): Promise<void> {
    if (!this.running && !this.waiting.length && !this.timers.size) return Promise.resolve();
    return new Promise((r) => this.idle.push(r));
  }

  /**
   * Stop taking runs: queued runs and pending retries are dropped (each service's recovery queues them
   * again from the database), and the runs already started are awaited, at most `graceMs` (ms), so a
   * shutdown never closes the database or a worker under a running handler and never waits forever.
   * Resolves true when every started run finished, false when the grace ran out first.
   */
  async close(graceMs = 10_000): Promise<boolean> {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.waiting.length = 0;
    this.settle();
    if (!this.running) return true;
    let timer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.drain().then(() => true),
      new Promise<boolean>((r) => {
        timer = setTimeout(() => r(false), graceMs);
        timer.unref();
      }),
    ]);
    clearTimeout(timer);
    if (!finished) this.logger.warn({ msg: 'closed with runs still going', running: this.running, grace_ms: graceMs });
    return finished;
  }

  private pump(): void {
    while (this.running < this.options.concurrency && this.waiting.length) {
      const job = this.waiting.shift()!;
      this.running++;
      this.handler(job.data)
        .catch((e: Error) => {
          if (job.attempt >= this.options.attempts || this.closed) {
            this.logger.error({ msg: 'job failed for good', attempt: job.attempt, err: e.message });
            return;
          }
          const delay = this.options.backoffMs * 2 ** (job.attempt - 1);
          this.logger.warn({ msg: 'job failed, retrying', attempt: job.attempt, retry_in_ms: delay, err: e.message });
          const timer = setTimeout(() => {
            this.timers.delete(timer);
            this.waiting.push({ data: job.data, attempt: job.attempt + 1 });
            this.pump();
          }, delay);
          timer.unref();
          this.timers.add(timer);
        })
        .finally(() => {
          this.running--;
          this.pump();
          this.settle();
        });
    }
  }

  private settle(): void {
    if (this.running || this.waiting.length || this.timers.size) return;
    for (const r of this.idle.splice(0)) r();
  }
}
