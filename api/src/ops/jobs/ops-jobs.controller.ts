import { JOB_MESSAGES as M, JOBS_ENDPOINTS as E, type EndpointRequest, type FailedJobRow, type FailedJobsView } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { DomainError } from '../../common/domain-error';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { JobsService, type FailedJob } from '../../jobs/jobs.service';
import { AuditService } from '../../audit/audit.service';
import { StaffController } from '../../staff/staff.guard';
import { StaffService } from '../../staff/staff.service';

type R<K extends keyof typeof E> = EndpointRequest<(typeof E)[K]>;

/** A failed job as the console shows it: never its data (mail bodies, codes). */
const row = (j: FailedJob): FailedJobRow => ({ id: j.id, queue: j.name, attempts: j.attempts, error: j.reason, failed_at: j.failedAt ? new Date(j.failedAt).toISOString() : null });

/**
 * Failed jobs of the job queue in the console (docs/decisions/018-scale-out.md), admins only:
 * the same list and retry as `npm run cli -- jobs failed | retry`, on either transport (BullMQ on Redis:
 * every instance's failures, kept a week; in-process: this instance's since it started).
 */
@StaffController('admin')
export class OpsJobsController {
  constructor(
    private readonly jobs: JobsService,
    private readonly staff: StaffService,
    private readonly audit: AuditService,
  ) {}

  /**
   * GET /api/ops/jobs[?queue=mail.send] → { distributed, queues (every registered name), jobs: FailedJobRow[] oldest first }.
   * Errors: 400 malformed queue name, 403 not admin, 503 Redis unreachable.
   */
  @Endpoint(E.opsFailedJobs)
  async list(@ValidQuery(E.opsFailedJobs) q: R<'opsFailedJobs'>) {
    const failed = (await this.jobs.failed()).filter((j) => !q.queue || j.name === q.queue);
    const body: FailedJobsView = { distributed: this.jobs.distributed, queues: this.jobs.queueNames(), jobs: failed.map(row) };
    return ok(M.failedJobs, { body });
  }

  /**
   * POST /api/ops/jobs/retry { job_id } → the job as it was listed, now queued again from its first try
   * (audit `job.retry`, object `job` <first 32 characters of the id>, before = the failure). Errors: 400 bad id, 403, 404 no failed job with this id.
   */
  @Endpoint(E.opsRetryJob)
  async retry(@ValidBody(E.opsRetryJob) b: R<'opsRetryJob'>, @CurrentUser() user: AuthUser) {
    const job = (await this.jobs.failed()).find((j) => j.id === b.job_id);
    if (!job || !(await this.jobs.retry(job.id))) throw DomainError.notFound(M.jobNotFound);
    const listed = row(job);
    // The audit's object_id holds 32 characters (a UUID job id has 36): longer ids are cut there, whole in `before`.
    await this.audit.record(await this.staff.actor(user), 'job.retry', 'job', job.id.slice(0, 32), listed, { queue: job.name, retried: true });
    return ok(M.retried, { body: listed });
  }
}
