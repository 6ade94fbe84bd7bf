import request from 'supertest';
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { HEALTH_MESSAGES, type HealthView } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { createStaff } from '../helpers/staff';
import { familiesOf, parseScrape, promtool, promtoolCheckMetrics, valueOf } from '../helpers/prometheus-text';
import { dashboardMetricNames } from '../helpers/dashboard-queries';

const TOKEN = 'metrics-token-for-the-integration-test-0123';
const HIST = 'http_server_request_duration_seconds_count';

/**
 * Prometheus metrics (docs/decisions/038-observability.md) after real calls: GET /metrics answers only
 * METRICS_TOKEN's bearer (404 otherwise); the request histogram counts by route template (never the
 * raw path), a job queue gauge moves when a job is queued, no label holds an id; promtool accepts the
 * scrape and every metric the Grafana dashboard queries is in it. Platform → Health: admins only.
 */
describe.each(ENGINES)('metrics and health (%s)', (engine) => {
  let t: TestApp;
  const scrape = async () => {
    const res = await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text;
  };

  beforeAll(async () => {
    t = await bootTestApp(engine, { METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => t?.close());

  it('answers /metrics only for the token, as if it did not exist otherwise', async () => {
    expect((await request(t.http).get('/metrics')).status).toBe(404);
    expect((await request(t.http).get('/metrics').set('Authorization', `Bearer ${TOKEN}x`)).status).toBe(404);
    expect((await request(t.http).get('/metrics').set('Authorization', TOKEN)).status).toBe(404);
    expect((await request(t.http).post('/metrics').set('Authorization', `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('counts calls by route template, moves a queue gauge when a job is queued, and holds no id in a label', async () => {
    const before = parseScrape(await scrape());
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) expect((await request(t.http).get(`/api/files/artwork/${id}.jpg`)).status).toBe(404);
    // A sign-up queues the OTP mail (in a single process the job runs at once: `completed` moves).
    const user = await createVerifiedUser(t);
    expect((await request(t.http).get('/api/getUserDetails').set('Authorization', `Bearer ${user.token}`)).status).toBe(200);
    expect((await request(t.http).get('/api/getUserDetails').set('Authorization', 'Bearer nope')).status).toBe(401);

    const text = await scrape();
    const after = parseScrape(text);
    const moved = (labels: Record<string, string>) => valueOf(after, HIST, labels) - valueOf(before, HIST, labels);
    expect(moved({ method: 'GET', route: '/api/files/artwork/:filename', status_class: '4xx' })).toBe(3);
    expect(moved({ method: 'GET', route: '/api/getUserDetails', status_class: '2xx' })).toBe(1);
    expect(moved({ method: 'POST', route: '/api/signup', status_class: '2xx' })).toBe(1);
    const mailJobs = (s: typeof after) => valueOf(s, 'portal_job_queue_jobs', { queue: 'mail.send', state: 'completed' });
    expect(mailJobs(after)).toBeGreaterThan(mailJobs(before));
    expect(valueOf(after, 'portal_job_duration_seconds_count', { queue: 'mail.send', outcome: 'ok' })).toBeGreaterThan(0);
    expect(valueOf(after, 'portal_auth_failures_total', { reason: 'token' })).toBeGreaterThan(valueOf(before, 'portal_auth_failures_total', { reason: 'token' }));

    // No label holds an id: not the UUIDs called, no UUID at all, no e-mail, no numeric path segment.
    const values = after.flatMap((s) => Object.values(s.labels));
    for (const id of ids) expect(text).not.toContain(id);
    expect(values.filter((v) => /[0-9a-f]{8}-[0-9a-f]{4}-/i.test(v) || v.includes('@') || /\/\d+(\/|$)/.test(v))).toEqual([]);
    expect(new Set(after.filter((s) => s.name === HIST).map((s) => s.labels.route)).size).toBeLessThan(40);

    // Process and event-loop families are there, named as the Prometheus conventions say.
    const families = familiesOf(text);
    for (const f of ['process_cpu_seconds_total', 'nodejs_eventloop_lag_p99_seconds', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds', 'portal_job_queue_jobs', 'portal_db_query_errors_total'])
      expect(families.has(f.replace(/_total$/, '')) || families.has(f)).toBe(true);

    // The scrape is kept for CI's `promtool check metrics` step (SCRAPE_OUT) and checked here when promtool is installed.
    if (process.env.SCRAPE_OUT) writeFileSync(process.env.SCRAPE_OUT, text);
    if (promtool()) expect(promtoolCheckMetrics(text)).toBe('');
    else if (process.env.CI) throw new Error('promtool is not installed (Debian package prometheus): CI must check the scrape');

    // Every metric a dashboard panel queries is in the scrape (docker/observability/grafana/dashboards/portal.json).
    const dashboard = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'docker', 'observability', 'grafana', 'dashboards', 'portal.json'), 'utf8'));
    // A family counts when the scrape declares it (# TYPE), even before its first sample (a store not delivered to yet).
    const has = (n: string) => families.has(n) || families.has(n.replace(/_(bucket|count|sum)$/, ''));
    const missing = dashboardMetricNames(dashboard).filter((n) => !has(n));
    expect(missing).toEqual([]);
  });

  it('shows Platform → Health to admins only: this instance, the queues and the last failures', async () => {
    const user = await createVerifiedUser(t);
    expect((await request(t.http).get('/api/ops/health').set('Authorization', `Bearer ${user.token}`)).status).toBe(403);
    const support = await createStaff(t, 'support');
    expect((await request(t.http).get('/api/ops/health').set('Authorization', `Bearer ${support.token}`)).status).toBe(403);
    const admin = await createStaff(t, 'admin');
    const res = await request(t.http).get('/api/ops/health').set('Authorization', `Bearer ${admin.token}`);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(HEALTH_MESSAGES.health);
    const view = res.body.body as HealthView;
    expect(view.distributed).toBe(false);
    expect(view.instances).toHaveLength(1);
    expect(view.instances[0]).toMatchObject({ instance: expect.stringMatching(/-\d+$/), version: expect.any(String), runs_jobs: true });
    expect(view.instances[0]!.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(view.queues!.map((q) => q.queue)).toContain('mail.send');
    expect(view.queues!.find((q) => q.queue === 'mail.send')!.completed).toBeGreaterThan(0);
    expect(view.failures).toEqual([]);
  });
});
