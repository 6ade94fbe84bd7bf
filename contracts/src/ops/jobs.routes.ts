import type * as yup from 'yup';
import { defineRoute } from '../common/endpoint';
import type { FailedJobRow, opsJobRetrySchema, FailedJobsView, opsJobsQuerySchema } from './jobs.contract';

export const JOBS_ENDPOINTS = {
  opsFailedJobs: defineRoute<yup.InferType<typeof opsJobsQuerySchema>, FailedJobsView, 'GET'>({ method: 'GET', path: 'ops/jobs', access: 'staff', tag: 'ops' }),
  opsRetryJob: defineRoute<yup.InferType<typeof opsJobRetrySchema>, FailedJobRow, 'POST'>({ method: 'POST', path: 'ops/jobs/retry', access: 'staff', tag: 'ops' }),
} as const;
