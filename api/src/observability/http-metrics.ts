import type { NextFunction, Request, Response } from 'express';
import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { httpTotals, M, scrape } from './metrics';

/** A 5xx answer as the heartbeat lists it (console's Platform → Health): no path, no user. */
export type RecentError = { at: string; method: string; route: string; status: number; request_id: string | undefined };

/** The last RECENT_ERRORS 5xx answers of this instance, newest last. */
export const recentErrors: RecentError[] = [];
const RECENT_ERRORS = 10;

/**
 * The label of a request's route (docs/decisions/038): the template the router matched
 * (`/api/getReleaseDetails/:id`), never the raw path, so the label set stays bounded. Requests no route
 * answered (static files, the tus upload middleware, unknown paths) share a few fixed labels.
 */
export function routeLabel(req: Request): string {
  const path = (req as Request & { route?: { path?: unknown } }).route?.path;
  if (typeof path === 'string') return `${req.baseUrl}${path}`;
  const url = req.originalUrl;
  if (url.startsWith('/api/')) return '/api/*';
  if (url.startsWith('/remotes/')) return '/remotes/*';
  if (path !== undefined) return '/*'; // the shell's client-side routes (a RegExp route)
  return 'static';
}

/** The histogram's child of each label set met (bounded: methods the HTTP parser accepts × route templates × 5 status classes). */
const durations = new Map<string, { observe(seconds: number): void }>();

/** http_server_request_duration_seconds's child for a method, route label and status, made once per label set (decision 042: no label hashing per request). */
function durationOf(method: string, route: string, status: number): { observe(seconds: number): void } {
  const statusClass = `${Math.floor(status / 100)}xx`;
  const key = `${method} ${statusClass} ${route}`;
  let child = durations.get(key);
  if (!child) durations.set(key, (child = M.httpDuration.labels({ method, route, status_class: statusClass })));
  return child;
}

/**
 * Time every request (first middleware): at `finish`, observe http_server_request_duration_seconds by
 * method, route template and status class, and count this instance's requests and 5xx answers for
 * the heartbeat. 401 counts an authentication failure (`token`); 429 a rate-limit refusal.
 */
export function httpMetrics(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    const status = res.statusCode;
    const route = routeLabel(req);
    durationOf(req.method, route, status).observe(Number(process.hrtime.bigint() - started) / 1e9);
    httpTotals.requests += 1;
    if (status === 401) M.authFailures.inc({ reason: 'token' });
    else if (status === 429) M.rateLimited.inc({ route });
    else if (status >= 500) {
      httpTotals.errors += 1;
      recentErrors.push({ at: new Date().toISOString(), method: req.method, route, status, request_id: (req as Request & { id?: string }).id });
      if (recentErrors.length > RECENT_ERRORS) recentErrors.shift();
    }
  });
  next();
}

/** Whether `header` is `Bearer <token>` (constant time). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header ?? '');
  const wanted = Buffer.from(`Bearer ${token}`);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/** The scrape's path on the portal's port: `/metrics` or `/metrics/`, in any letter case (as Express matches a mount path). */
const METRICS_PATH = /^\/metrics\/?$/i;

/**
 * GET /metrics on the portal's port (a middleware in front of the routes; other methods and paths pass on): the scrape for `Authorization: Bearer <METRICS_TOKEN>`, 404 for
 * anyone else (as if there were no such page); `token` null: 404 always (metrics on METRICS_PORT only).
 */
export function metricsRoute(token: string | null) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' || !METRICS_PATH.test(req.path)) return next();
    if (!token || !bearerMatches(req.headers.authorization, token)) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    scrape().then(({ contentType, body }) => {
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('Content-Type', contentType); // as prom-client names it (res.type would add a charset)
      res.end(body);
    }, next);
  };
}

/**
 * The metrics listener on METRICS_PORT (docs/decisions/038): GET /metrics only (with METRICS_TOKEN set,
 * for its bearer token only), everything else 404. Resolves once listening; close it on shutdown.
 */
export function startMetricsServer(port: number, token: string | null, host?: string): Promise<Server> {
  const server = createServer((req, res) => {
    const allowed = req.method === 'GET' && (req.url === '/metrics' || req.url?.startsWith('/metrics?')) && (!token || bearerMatches(req.headers.authorization, token));
    if (!allowed) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found');
      return;
    }
    scrape().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
      (e: Error) => res.writeHead(500, { 'content-type': 'text/plain' }).end(e.message),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
