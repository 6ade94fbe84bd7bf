import { M } from './metrics';
import { inSpan } from './tracing';

type Handler<D, R, C> = (data: D, job: C) => Promise<R>;

/**
 * `handler` of job `name` measured (docs/decisions/038): each attempt observes
 * portal_job_duration_seconds{queue, outcome} and, with tracing on, runs in a span `job <name>`, a child
 * of the span that queued it (the request, through BullMQ's telemetry or, in a single process, the
 * request's own async context), so the request's trace holds the job and what it did.
 */
export function observeJob<D, R, C extends { id: string; attempt: number }>(name: string, handler: Handler<D, R, C>): Handler<D, R, C> {
  return (data, job) => {
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    return inSpan(`job ${name}`, { 'messaging.destination.name': name, 'messaging.message.id': job.id, 'portal.job.attempt': job.attempt }, () => handler(data, job)).then(
      (result) => {
        M.jobDuration.observe({ queue: name, outcome: 'ok' }, seconds());
        return result;
      },
      (e: unknown) => {
        M.jobDuration.observe({ queue: name, outcome: 'error' }, seconds());
        throw e;
      },
    );
  };
}
