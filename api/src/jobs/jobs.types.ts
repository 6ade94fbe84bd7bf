/** What a handler is given besides the job's data. */
export type JobContext = { id: string; name: string; /** 1 for the first try. */ attempt: number };

/** A job handler: does the work for `data` (JSON) and answers a JSON result; throwing fails this attempt (retried with backoff). */
export type JobHandler<D = unknown, R = unknown> = (data: D, job: JobContext) => Promise<R>;

/** Per job name, set at register(); enqueue() may override attempts and backoff per job. */
export type JobOptions = {
  /** Jobs of this name run at once per instance (default 1). */
  concurrency?: number;
  /** Tries before the job counts as failed (default 1: no retry). */
  attempts?: number;
  /** First retry delay in ms, doubled each time (default 1000). */
  backoffMs?: number;
};

export type EnqueueOptions = {
  /** Idempotency: a job with the same id that is still waiting, running, or kept as failed is not added again. Letters, digits, `-`, `_`, `.` (BullMQ refuses `:`). */
  jobId?: string;
  /** Run no sooner than this many ms from now. */
  delayMs?: number;
  attempts?: number;
  backoffMs?: number;
};

/** A failed job as the CLI lists it (times epoch ms). */
export type FailedJob = { id: string; name: string; data: unknown; attempts: number; reason: string; failedAt: number | null };
