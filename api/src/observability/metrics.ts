import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus registry (docs/decisions/038-observability.md) and every metric family the
 * portal exports. Names follow the Prometheus conventions (base units in the name: `_seconds`,
 * `_bytes`; counters end in `_total`); labels take values from bounded sets only (route templates,
 * queue names, store names, outcomes): never an id, a path with ids, an e-mail or a user.
 *
 * Modules record through the small functions of `observe` (one line at the place the event happens);
 * the gauges read from a source set at boot (`metricSources`) when Prometheus scrapes, so the queue
 * depths come from Redis and every instance answers the same numbers.
 */
export const registry = new Registry();

let processMetricsOn = false;

/**
 * Start the process families (process_*, nodejs_eventloop_lag_*, nodejs_heap_*, nodejs_gc_duration_seconds …)
 * once per process: at boot when metrics are served (METRICS_PORT or METRICS_TOKEN), else at the first
 * scrape. Not at import: their GC observer lives as long as the process and holds this module, so a
 * process that loads the app many times (a test runner) and never scrapes would keep every copy.
 */
export function startProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  // Gauges named like counters (promtool refuses them); their per-type siblings (nodejs_active_handles …) stay.
  for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']) registry.removeSingleMetric(name);
}

/** Buckets of request and job durations, seconds (5 ms … 10 s). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What the gauges read at scrape time; set at boot by the module that owns the source (null: no series). */
export const metricSources: {
  /** Job counts per queue and state (BullMQ from Redis, or this process's), by queue name. */
  queues: (() => Promise<Record<string, Record<JobState, number>>>) | null;
  /** Whether Redis answers a PING now; null without REDIS_URL. */
  redisUp: (() => Promise<boolean>) | null;
  /** Database connections in use and idle (MariaDB pool); null on SQLite. */
  dbPool: (() => { used: number; idle: number; max: number }) | null;
  /** Age (s) of the oldest delivery still waiting for its store's acknowledgement (queued or delivering); 0: none. */
  oldestPendingDelivery: (() => Promise<number>) | null;
} = { queues: null, redisUp: null, dbPool: null, oldestPendingDelivery: null };

/** The BullMQ job states the gauges report. */
export const JOB_STATES = ['waiting', 'active', 'delayed', 'failed', 'completed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** A gauge source that fails (Redis down) leaves its series out of this scrape instead of failing the scrape. */
async function settle<T>(read: (() => Promise<T>) | null): Promise<T | undefined> {
  if (!read) return undefined;
  try {
    return await read();
  } catch {
    return undefined;
  }
}

export const M = {
  info: new Gauge({ name: 'portal_build_info', help: 'Always 1; the labels name the running version.', labelNames: ['version'], registers: [registry] }),
  httpDuration: new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Duration of HTTP requests served, by method, route template (never a raw path) and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: DURATION_BUCKETS,
    registers: [registry],
  }),
  dbPool: new Gauge({
    name: 'portal_db_pool_connections',
    help: 'Database pool connections by state (used, idle) and the pool size (max); MariaDB only.',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = metricSources.dbPool?.();
      this.reset();
      if (pool) for (const state of ['used', 'idle', 'max'] as const) this.set({ state }, pool[state]);
    },
  }),
  dbQueryErrors: new Counter({ name: 'portal_db_query_errors_total', help: 'Database queries that failed.', registers: [registry] }),
  redisUp: new Gauge({
    name: 'portal_redis_up',
    help: '1 when Redis answered a PING at scrape time, 0 when not; absent without REDIS_URL.',
    registers: [registry],
    async collect() {
      this.reset();
      if (!metricSources.redisUp) return;
      this.set((await settle(metricSources.redisUp)) ? 1 : 0);
    },
  }),
  queueJobs: new Gauge({
    name: 'portal_job_queue_jobs',
    help: 'Jobs per queue and state, read from the queue itself (Redis: the same on every instance).',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const counts = await settle(metricSources.queues);
      this.reset();
      for (const [queue, states] of Object.entries(counts ?? {})) for (const state of JOB_STATES) this.set({ queue, state }, states[state] ?? 0);
    },
  }),
  jobDuration: new Histogram({
    name: 'portal_job_duration_seconds',
    help: 'Duration of job attempts run by this instance, by queue and outcome (ok, error).',
    labelNames: ['queue', 'outcome'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 1800],
    registers: [registry],
  }),
  deliveries: new Counter({
    name: 'portal_deliveries_total',
    help: 'Delivery attempts to stores, by store and outcome (delivered, retrying, failed).',
    labelNames: ['store', 'outcome'],
    registers: [registry],
  }),
  deliveryAckLag: new Histogram({
    name: 'portal_delivery_ack_lag_seconds',
    help: 'Time from a delivery being queued to the store acknowledging the complete batch, by store.',
    labelNames: ['store'],
    buckets: [1, 5, 15, 60, 300, 900, 3600, 4 * 3600, 24 * 3600],
    registers: [registry],
  }),
  deliveryPendingAge: new Gauge({
    name: 'portal_delivery_pending_oldest_seconds',
    help: 'Age of the oldest delivery not yet acknowledged by its store (queued or delivering); 0 when none.',
    registers: [registry],
    async collect() {
      const age = await settle(metricSources.oldestPendingDelivery);
      this.reset();
      if (age !== undefined) this.set(age);
    },
  }),
  importRows: new Counter({ name: 'portal_statement_import_rows_total', help: 'Statement rows read by imports, by outcome of the import (done, failed).', labelNames: ['outcome'], registers: [registry] }),
  importDuration: new Histogram({
    name: 'portal_statement_import_duration_seconds',
    help: 'Duration of statement imports, by outcome (done, failed).',
    labelNames: ['outcome'],
    buckets: [0.1, 0.5, 1, 5, 15, 60, 300, 1800, 3600],
    registers: [registry],
  }),
  uploadBytes: new Counter({ name: 'portal_upload_bytes_total', help: 'Bytes of files uploaded, by kind (audio, artwork, video, statement, other).', labelNames: ['kind'], registers: [registry] }),
  uploadQc: new Counter({ name: 'portal_upload_qc_total', help: 'Store quality checks of uploaded audio, by outcome (pass, fail).', labelNames: ['outcome'], registers: [registry] }),
  remoteLoads: new Counter({
    name: 'portal_remote_loads_total',
    help: 'Load beacons of the front-end remotes, by remote, version and outcome (ok, failed).',
    labelNames: ['remote', 'version', 'outcome'],
    registers: [registry],
  }),
  authFailures: new Counter({ name: 'portal_auth_failures_total', help: 'Refused authentications, by reason (credentials, token, otp, totp).', labelNames: ['reason'], registers: [registry] }),
  rateLimited: new Counter({ name: 'portal_rate_limit_refusals_total', help: 'Requests refused by a rate limit (429), by route template.', labelNames: ['route'], registers: [registry] }),
  storageErrors: new Counter({ name: 'portal_storage_errors_total', help: 'File storage operations that failed (local disk or S3), by operation.', labelNames: ['operation'], registers: [registry] }),
};

/** Counts of this instance's requests and 5xx answers since start (for the heartbeat's rates; the histogram has them per route). */
export const httpTotals = { requests: 0, errors: 0 };

/** One-line hooks for the modules (docs/decisions/038): each records one event; none throws. */
export const observe = {
  /** A delivery attempt to `store` ended; `ackLagSeconds` when the store acknowledged the batch. */
  delivery(store: string, outcome: 'delivered' | 'retrying' | 'failed', ackLagSeconds?: number): void {
    M.deliveries.inc({ store, outcome });
    if (ackLagSeconds !== undefined) M.deliveryAckLag.observe({ store }, Math.max(0, ackLagSeconds));
  },
  /** A store acknowledged a delivered batch `lagSeconds` after it was delivered (ingested or refused). */
  acknowledged(store: string, lagSeconds: number): void {
    M.deliveryAckLag.observe({ store }, Math.max(0, lagSeconds));
  },
  /** A statement import ended with `rows` read in `seconds`. */
  statementImport(outcome: 'done' | 'failed', rows: number, seconds: number): void {
    M.importRows.inc({ outcome }, rows);
    M.importDuration.observe({ outcome }, seconds);
  },
  /** `bytes` of a file of `kind` were stored. */
  upload(kind: 'audio' | 'artwork' | 'video' | 'statement' | 'other', bytes: number): void {
    if (bytes > 0) M.uploadBytes.inc({ kind }, bytes);
  },
  /** An upload's store quality check answered. */
  qc(outcome: 'pass' | 'fail'): void {
    M.uploadQc.inc({ outcome });
  },
  /** A remote's load beacon (`remote`: a registered remote's name, `version`: its semver). */
  remoteLoad(remote: string, version: string, outcome: 'ok' | 'failed'): void {
    M.remoteLoads.inc({ remote, version, outcome });
  },
  /** An authentication was refused. */
  authFailure(reason: 'credentials' | 'token' | 'otp' | 'totp'): void {
    M.authFailures.inc({ reason });
  },
  /** A rate limit answered 429 on `route` (a route template). */
  rateLimited(route: string): void {
    M.rateLimited.inc({ route });
  },
  /** A storage operation failed. */
  storageError(operation: 'read' | 'write' | 'delete' | 'list'): void {
    M.storageErrors.inc({ operation });
  },
  /** A database query failed. */
  dbQueryError(): void {
    M.dbQueryErrors.inc();
  },
};

/** The scrape: every family in the Prometheus text format (0.0.4). */
export async function scrape(): Promise<{ contentType: string; body: string }> {
  startProcessMetrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
