import { HEALTH_ENDPOINTS as E, HEALTH_LIMITS, HEALTH_MESSAGES as M, type HealthView, type QueueDepth } from '@portal/contracts';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { JobsService } from '../../jobs/jobs.service';
import { InstanceHeartbeat } from '../../observability/instance-heartbeat';
import { StaffController } from '../../staff/staff.guard';

/** `read`'s answer, or null when it fails (Redis down): the page still shows what it could read. */
const orNull = <T>(read: Promise<T>): Promise<T | null> => read.catch(() => null);

/**
 * Platform → Health in the console (docs/decisions/038-observability.md), admins only: every API
 * instance's last heartbeat, the job queues' depths and the last failed jobs, readable without Grafana.
 */
@StaffController('admin')
export class OpsHealthController {
  constructor(
    private readonly heartbeat: InstanceHeartbeat,
    private readonly jobs: JobsService,
  ) {}

  /**
   * GET /api/ops/health → HealthView: instances (this one alone without Redis), queues by name and the
   * last HEALTH_LIMITS.failures failed jobs newest first (both null while Redis does not answer; the
   * instance list then holds this instance only). Errors: 403 not admin.
   */
  @Endpoint(E.opsHealth)
  async health() {
    const [instances, counts, failed] = await Promise.all([this.heartbeat.instances().catch(() => [this.heartbeat.snapshot()]), orNull(this.jobs.counts()), orNull(this.jobs.failed())]);
    const queues: QueueDepth[] | null = counts && Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)).map(([queue, c]) => ({ queue, ...c }));
    const failures =
      failed &&
      [...failed]
        .sort((a, b) => (b.failedAt ?? 0) - (a.failedAt ?? 0))
        .slice(0, HEALTH_LIMITS.failures)
        .map((j) => ({ id: j.id, queue: j.name, error: j.reason, failed_at: j.failedAt ? new Date(j.failedAt).toISOString() : null }));
    const body: HealthView = { checked_at: new Date().toISOString(), distributed: this.jobs.distributed, instances, queues, failures };
    return ok(M.health, { body });
  }
}
