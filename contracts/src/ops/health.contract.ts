/**
 * Platform → Health in the console (docs/decisions/038-observability.md): per API instance, from the
 * heartbeats each writes to Redis every few seconds (without Redis: this instance only), its uptime,
 * version, event-loop lag, requests per second and error ratio over the last minute, its last 5xx
 * answers; the job queues' depths and the last failed jobs. Admins only; readable without Grafana.
 */

/** A 5xx answer an instance gave: when, the method, the route template (never a raw path), the status, its request (trace) id. */
export type HealthRecentError = { at: string; method: string; route: string; status: number; request_id: string | null };

/** One API instance as its last heartbeat describes it. */
export type InstanceHealth = {
  /** `<host>-<pid>`. */
  instance: string;
  /** The API's version (package version). */
  version: string;
  /** ISO time the process started. */
  started_at: string;
  /** ISO time of the heartbeat. */
  seen_at: string;
  /** Seconds since start, at the heartbeat. */
  uptime_seconds: number;
  /** Whether the instance runs jobs (RUN_JOBS). */
  runs_jobs: boolean;
  /** 99th percentile of the event-loop delay since the previous heartbeat, milliseconds. */
  event_loop_lag_ms: number;
  /** Heap in use, bytes. */
  heap_used_bytes: number;
  /** Requests answered per second over `window_seconds`. */
  requests_per_second: number;
  /** Share of 5xx answers among the requests of `window_seconds` (0…1). */
  error_ratio: number;
  /** The span the two rates are measured over, seconds (up to 60). */
  window_seconds: number;
  /** The last 5xx answers of the instance, newest first (at most 10). */
  recent_errors: HealthRecentError[];
};

/** Jobs of one queue by state (BullMQ: read from Redis, the same for every instance). */
export type QueueDepth = { queue: string; waiting: number; active: number; delayed: number; failed: number; completed: number };

/** A failed job as Health lists it (no data). */
export type HealthFailedJob = { id: string; queue: string; error: string; failed_at: string | null };

/** What GET ops/health answers. */
export type HealthView = {
  /** ISO time of the answer. */
  checked_at: string;
  /** Whether instances share Redis (heartbeats and queues of every instance) or this is a single process. */
  distributed: boolean;
  /** Instances with a heartbeat in the last HEALTH_LIMITS.staleSeconds, oldest start first. */
  instances: InstanceHealth[];
  /** Every queue's depths, by name; null when Redis did not answer. */
  queues: QueueDepth[] | null;
  /** The last failed jobs, newest first (at most HEALTH_LIMITS.failures); null when Redis did not answer. */
  failures: HealthFailedJob[] | null;
};

export const HEALTH_LIMITS = {
  /** Seconds between an instance's heartbeats. */
  beatSeconds: 5,
  /** A heartbeat older than this is a stopped instance: not listed. */
  staleSeconds: 20,
  /** Failed jobs listed. */
  failures: 10,
  /** The page polls this often, ms. */
  refreshMs: 10_000,
} as const;

export const HEALTH_MESSAGES = {
  health: 'Health of the platform.',
} as const;

export const HEALTH_UI = {
  heading: 'Health',
  intro: 'Each API instance from its heartbeat (every 5 seconds), the job queues and the last failures. Refreshed every 10 seconds; Grafana has the history.',
  loadFailed: 'The health of the platform could not be loaded.',
  reload: 'Reload',
  checkedAt: 'Checked at {time}',
  transport: { distributed: 'Instances share Redis: every instance and queue is listed.', local: 'Single process (no REDIS_URL): this instance only.' },
  instances: {
    heading: 'Instances',
    empty: 'No instance sent a heartbeat in the last 20 seconds.',
    columns: { instance: 'Instance', version: 'Version', uptime: 'Up for', lag: 'Event-loop lag', rps: 'Requests/s', errors: 'Errors', jobs: 'Runs jobs' },
    yes: 'yes',
    no: 'no',
    /** Caption of an instance's last 5xx answers: `{instance}`. */
    recentErrors: 'Last 5xx answers of {instance}',
    errorColumns: { at: 'At', route: 'Route', status: 'Status', requestId: 'Request id' },
  },
  queues: {
    heading: 'Job queues',
    unavailable: 'The queues could not be read (Redis does not answer).',
    empty: 'No queue.',
    columns: { queue: 'Queue', waiting: 'Waiting', active: 'Active', delayed: 'Delayed', failed: 'Failed', completed: 'Completed' },
  },
  failures: {
    heading: 'Last failed jobs',
    empty: 'No failed jobs.',
    unavailable: 'The failed jobs could not be read (Redis does not answer).',
    columns: { queue: 'Queue', id: 'Job', failedAt: 'Failed at', error: 'Last error' },
  },
} as const;
