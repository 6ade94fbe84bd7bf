import type { Logger } from '@nestjs/common';
import type { EnqueueOptions, JobData, JobName, JobsService } from '../jobs/jobs.service';

/**
 * The distribution engine's use of the JobsService (docs/decisions/020 "Jobs"): with Redis a job is
 * stored in BullMQ and runs on whichever instance takes it; without, it runs in this process and is
 * tracked here so `drain()` can wait for it (tests, and a caller that must not wait for the job to end:
 * the in-process `enqueue` would wait for the first attempt). Never throws: a job that cannot be
 * queued is logged; its row stays as it was and is queued again by the service's recovery.
 */
export class DistributionJobs {
  private readonly pending = new Set<Promise<unknown>>();

  constructor(
    private readonly jobs: JobsService,
    private readonly logger: Logger,
  ) {}

  /** Queue job `name` with `data` under the idempotency id `opts.jobId` (BullMQ: no `:` in it). */
  async add<N extends JobName>(name: N, data: JobData<N>, opts: EnqueueOptions): Promise<void> {
    if (this.jobs.distributed) {
      await this.jobs.enqueue(name, data, opts).catch((e: Error) => this.logger.warn({ msg: 'could not queue a job', job: name, id: opts.jobId, err: e.message }));
      return;
    }
    const run: Promise<unknown> = this.jobs
      .run(name, data, opts)
      .catch(() => undefined) // failures are logged by the transport and kept for `jobs failed`
      .finally(() => this.pending.delete(run));
    this.pending.add(run);
  }

  /** Resolves once every job this process queued (delayed retries included) has settled; in-process only. */
  async drain(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
