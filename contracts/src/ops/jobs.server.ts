import type { ServerDocs } from '../common/endpoint-server';
import { opsJobRetrySchema, opsJobsQuerySchema } from './jobs.contract';

const ADMIN = ' Role: admin, after the TOTP second factor of this session; anyone else gets 403.';

/** Validation and documentation of JOBS_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const JOBS_SERVER = {
  opsFailedJobs: {
    summary: 'Failed jobs of the job queue, per queue, with the tries spent and the last error (no job data).' + ADMIN,
    description: '`queue` keeps one queue’s jobs. 400 for a malformed queue name; 503 with Retry-After while Redis does not answer.',
    query: opsJobsQuerySchema,
    errors: [400, 403, 503],
  },
  opsRetryJob: {
    summary: 'Run a failed job again from its first try (audited as job.retry).' + ADMIN,
    description: '404 when no failed job has this id (unknown, or already retried); 503 with Retry-After while Redis does not answer.',
    body: opsJobRetrySchema,
    errors: [400, 403, 404, 503],
  },
} satisfies ServerDocs;
