import * as yup from 'yup';

/**
 * Failed jobs in the console (docs/decisions/018-scale-out.md): the job queue's failures per
 * queue with the last error and the tries spent, and a retry. Admins only (audited). Job data is never
 * answered (it may hold mail bodies and codes).
 */
export const JOB_LIMITS = {
  /** A job id: letters, digits, `-`, `_`, `.` (BullMQ refuses `:`), as the JobsService makes them. */
  idMax: 200,
  /** Longest queue name (`<area>.<verb>`). */
  queueMax: 64,
} as const;

export const JOB_MESSAGES = {
  failedJobs: 'Failed jobs.',
  retried: 'The job was queued again.',
  jobNotFound: 'No failed job with this id.',
  jobIdInvalid: 'Please give the id of a failed job.',
  queueInvalid: 'Please give a queue name such as mail.send.',
} as const;

export const JOBS_UI = {
  tab: 'Failed jobs',
  heading: 'Failed jobs',
  intro: 'Jobs whose tries are all spent, per queue (kept a week with Redis; without Redis, those of this instance since it started). Retry runs a job again from its first try.',
  empty: 'No failed jobs.',
  loadFailed: 'The failed jobs could not be loaded.',
  reload: 'Reload',
  retry: 'Retry',
  retrying: 'Retrying…',
  columns: { id: 'Job', attempts: 'Tries', failedAt: 'Failed at', error: 'Last error', action: 'Action' },
  /** Caption of one queue's table: `{queue}` and `{count}`. */
  queueCaption: '{queue} ({count} failed)',
  transport: { distributed: 'Queue: BullMQ on Redis (shared by every instance).', local: 'Queue: in this process (no REDIS_URL).' },
} as const;

/** One failed job as the console lists it (no data). */
export type FailedJobRow = {
  id: string;
  /** The queue (job name), `<area>.<verb>`. */
  queue: string;
  /** Tries spent. */
  attempts: number;
  /** The last try's error message. */
  error: string;
  /** ISO time of the last try, or null when unknown. */
  failed_at: string | null;
};

/** What GET ops/jobs answers: the transport and every failed job, oldest first. */
export type FailedJobsView = { distributed: boolean; queues: string[]; jobs: FailedJobRow[] };

const jobIdPattern = /^[A-Za-z0-9._-]+$/;
export const opsJobsQuerySchema = yup.object({
  queue: yup.string().typeError(JOB_MESSAGES.queueInvalid).trim().max(JOB_LIMITS.queueMax, JOB_MESSAGES.queueInvalid).matches(/^[a-z0-9._-]+$/i, { message: JOB_MESSAGES.queueInvalid, excludeEmptyString: true }).optional(),
});
export const opsJobRetrySchema = yup.object({
  job_id: yup.string().typeError(JOB_MESSAGES.jobIdInvalid).trim().required(JOB_MESSAGES.jobIdInvalid).max(JOB_LIMITS.idMax, JOB_MESSAGES.jobIdInvalid).matches(jobIdPattern, JOB_MESSAGES.jobIdInvalid),
});

