import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newSignup } from '../helpers/accounts';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver';
import { waitFor } from '../helpers/wait-for';
import { call, ensureBuilt, startInstance, type Instance } from './instances';
import { scratchMysqlDatabase, startRedis, type Service } from './services';

/** SpanKind.SERVER in OTLP (SPAN_KIND_SERVER). */
const SERVER = 2;
const isDbSpan = (s: ReceivedSpan) => 'db.system' in s.attributes || 'db.system.name' in s.attributes;

/**
 * Traces (docs/decisions/038-observability.md): the built API (`node dist/main.js`, where the
 * instrumentations patch http, express, mysql2 and ioredis as they load) exports its spans over
 * OTLP/HTTP to a receiver this test runs. One sign-up yields one trace holding the HTTP server span,
 * the database's spans and the span of the OTP mail job it queued (in this process, and through BullMQ
 * on a redis-server this test starts, where the job runs in a worker); the answer's X-Request-Id is that
 * trace id, and so is the request_id of the request's log lines. MariaDB too with MYSQL_URL (mysql2 spans).
 */
// Compiled once for both cases (tsc takes minutes on a busy machine).
beforeAll(() => ensureBuilt(), 600_000);

describe.each(['in-process', 'bullmq'] as const)('one request, one trace (%s jobs)', (jobs) => {
  let receiver: OtlpReceiver;
  let redis: Service | undefined;
  let api: Instance;
  let dataDir: string;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-traces-'));
    receiver = await startOtlpReceiver();
    if (jobs === 'bullmq') redis = await startRedis();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      STATIC_ROOT: '',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_REQUIRED: 'false',
      LOG_REQUESTS: 'true',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Export each batch at once instead of every 5 s.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      ...(redis ? { REDIS_URL: redis.url } : {}),
    };
    delete env.DATABASE_URL;
    delete env.API_WORKERS;
    if (jobs === 'bullmq') delete env.REDIS_URL;
    if (redis) env.REDIS_URL = redis.url;
    if (process.env.MYSQL_URL) {
      const db = await scratchMysqlDatabase('portal_traces');
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    api = await startInstance('traced', env);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await redis?.stop();
    await receiver?.close();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holds the HTTP, database and job spans of a sign-up in one trace, whose id the answer and the log lines carry', async () => {
    const answer = await call(api.port, 'POST', '/api/signup', newSignup());
    expect(answer.body.status).toBe(200);
    const traceId = String(answer.headers['x-request-id']);
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);

    const inTrace = () => receiver.spans.filter((s) => s.traceId === traceId);
    const complete = () => {
      const spans = inTrace();
      // Complete once every span's parent has arrived too (a batch may hold a child before its parent).
      const known = new Set(spans.map((s) => s.spanId));
      const whole = spans.every((s) => !s.parentSpanId || known.has(s.parentSpanId));
      if (whole && spans.some((s) => s.kind === SERVER) && spans.some(isDbSpan) && spans.some((s) => s.name === 'job mail.send')) return spans;
      throw new Error(`spans so far: ${spans.map((s) => s.name).join(', ') || 'none'} (of ${receiver.spans.length} received)`);
    };
    const spans = await waitFor(complete, { timeout: 20_000, interval: 100, what: `the HTTP, database and job spans of trace ${traceId}` });
    const server = spans.find((s) => s.kind === SERVER)!;
    expect(server.service).toBe('portal-api');
    expect(server.parentSpanId).toBe('');
    expect(String(server.attributes['http.route'] ?? server.name)).toContain('signup');
    // Every span of the trace descends from the request's server span: one trace, no orphan.
    const byId = new Map(spans.map((s) => [s.spanId, s]));
    const root = (s: ReceivedSpan): ReceivedSpan => (s.parentSpanId && byId.has(s.parentSpanId) ? root(byId.get(s.parentSpanId)!) : s);
    for (const s of spans) expect(root(s).spanId).toBe(server.spanId);
    expect(spans.find((s) => s.name === 'job mail.send')!.attributes['portal.job.attempt']).toBe(1);
    // No other trace holds this request's spans.
    expect(receiver.spans.filter((s) => s.name === 'job mail.send' && s.traceId !== traceId)).toEqual([]);

    // The request's log line carries the trace id as its request_id.
    // Nest's JSON lines: { level, context, message: { method, path, status, ms, request_id, … } }.
    const fields = (l: Record<string, unknown>) => (l.message && typeof l.message === 'object' ? (l.message as Record<string, unknown>) : l);
    const line = await waitFor(() => api.logs.map(fields).find((l) => l.path === '/api/signup' && l.method === 'POST'), { timeout: 5000, what: 'the request log line' });
    expect(line.request_id).toBe(traceId);
    expect(api.logs.map(fields).filter((l) => l.request_id === traceId).length).toBeGreaterThanOrEqual(1);
  });

  it('names the server span by route template and continues a caller\'s traceparent; health probes make no span', async () => {
    const callerTrace = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');
    const probe = await call(api.port, 'GET', '/api/health/live');
    expect(probe.status).toBe(200);
    const answer = await call(api.port, 'GET', '/api/files/audio/track-424242.wav', undefined, undefined, { traceparent: `00-${callerTrace}-${callerSpan}-01` });
    expect(answer.status).toBe(401);
    // The answer's id is the caller's trace: the request joined it instead of starting its own.
    expect(answer.headers['x-request-id']).toBe(callerTrace);
    const server = await waitFor(() => receiver.spans.find((s) => s.traceId === callerTrace && s.kind === SERVER), { timeout: 10_000, what: 'the server span of the continued trace' });
    expect(server.parentSpanId).toBe(callerSpan);
    // The template, never the raw path with its id (bounded names, decision 038).
    expect(server.name).toBe('GET /api/files/audio/:filename');
    expect(server.attributes['http.route']).toBe('/api/files/audio/:filename');
    expect(server.attributes['http.response.status_code']).toBe(401);
    expect(receiver.spans.some((s) => s.name.includes('424242') || String(s.attributes['http.route'] ?? '').includes('424242'))).toBe(false);
    expect(receiver.spans.some((s) => String(s.attributes['url.path'] ?? '').startsWith('/api/health'))).toBe(false);
  });

  it('keeps no span of a request the sampler leaves out, yet gives it a trace id for its logs', async () => {
    // traceparent flags 00: the caller did not sample; parent-based sampling keeps nothing of this request.
    const callerTrace = randomBytes(16).toString('hex');
    const answer = await call(api.port, 'GET', '/api/getUserDetails', undefined, undefined, { traceparent: `00-${callerTrace}-${randomBytes(8).toString('hex')}-00` });
    expect(answer.status).toBe(401);
    expect(answer.headers['x-request-id']).toBe(callerTrace);
    // A sampled request sent after it is exported; by then the unsampled one would have been too.
    const after = await call(api.port, 'GET', '/api/getUserDetails');
    const afterTrace = String(after.headers['x-request-id']);
    await waitFor(() => receiver.spans.find((s) => s.traceId === afterTrace && s.kind === SERVER), { timeout: 10_000, what: 'the server span of the sampled request' });
    expect(receiver.spans.filter((s) => s.traceId === callerTrace)).toEqual([]);
  });
});
