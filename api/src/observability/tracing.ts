import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import type { NextFunction, Request, Response } from 'express';
import { parseTracing } from './observability.settings';

/**
 * OpenTelemetry tracing (docs/decisions/038-observability.md). `startTracing` runs first in main.ts
 * (before express, http, mysql2 and ioredis are loaded, so the instrumentations can patch them) and
 * starts the Node SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise no SDK module is even
 * loaded, `inSpan` calls its function straight away and the request id stays a random UUID (no cost).
 *
 * Spans: the HTTP server span of each request (`traceRequest`, our first middleware: a light span named
 * by route template, decided by the sampler before anything else is computed), HTTP client spans
 * (instrumentation-http, outgoing side only), mysql2 queries (MariaDB) or the TypeORM queries on SQLite
 * (observability/query-hooks.ts), ioredis commands inside a trace, BullMQ's produce/process spans (bullmq-otel, so a job queued by a request
 * runs in that request's trace on whichever instance takes it), and `job <name>` around every job
 * attempt, with deliveries and statement imports inside. Exported over OTLP/HTTP protobuf in batches.
 */
type Sdk = { shutdown(): Promise<void> };
let sdk: Sdk | null = null;

/** Whether spans are recorded and exported (the SDK started). */
export const tracingOn = (): boolean => sdk !== null;

/**
 * Start the SDK when `env` names an OTLP endpoint; answers whether tracing is on. Idempotent.
 * `/metrics` and the health probes are not traced (a scrape or probe every few seconds would drown the traces).
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (sdk) return true;
  const settings = parseTracing(env);
  if (!settings.endpoint) return false;
  // The SDK would otherwise also start metric and log exporters: metrics are Prometheus's (metrics.ts), logs stdout's.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  env.OTEL_TRACES_EXPORTER ??= 'otlp';
  env.OTEL_EXPORTER_OTLP_ENDPOINT ??= settings.endpoint;
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on (no cost when off) */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { OTLPTraceExporter } = require('@opentelemetry/exporter-trace-otlp-proto') as typeof import('@opentelemetry/exporter-trace-otlp-proto');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { MySQL2Instrumentation } = require('@opentelemetry/instrumentation-mysql2') as typeof import('@opentelemetry/instrumentation-mysql2');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const started = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // Outgoing calls only: the server span is traceRequest's. The instrumentation's incoming side made a span
      // for every request with a dozen attributes computed before sampling, and cost about a third of the
      // hot route's throughput (bench/auth-throughput.js, decision 038).
      new HttpInstrumentation({ disableIncomingRequestInstrumentation: true }),
      // No instrumentation-express: it wraps every matched layer of every request, sampled or not (about 35 µs
      // of CPU per getUserDetails, a sixth of the request); the server span carries the route template instead.
      new MySQL2Instrumentation(),
      // Only inside a trace: BullMQ's blocking polls and the heartbeats would otherwise be one trace each.
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  started.start();
  sdk = started;
  return true;
}

/** Paths never traced: a scrape or a probe every few seconds would drown the traces. */
const UNTRACED = /^\/(metrics|api\/health)(\/|$|\?)/;

/**
 * The HTTP server span of a request (docs/decisions/038-observability.md), as Express middleware placed
 * first; `null` when tracing is off (mount nothing). Continues the caller's W3C `traceparent` if any, asks
 * the sampler first and computes attributes only for a recorded span, runs the rest of the request inside
 * the span's context (so database, Redis, job and log lines join it; the request id is its trace id), and
 * ends it when the answer is sent or the connection closes: named `GET /api/getReleaseDetails/:id` by the
 * matched route template (never a raw path), status code, ERROR from 500 or when the client went away.
 * Not traced: `/metrics` and `/api/health/*`. `routeLabel`: the route template of a served request
 * (http-metrics.ts; passed in so this file, loaded before http and express, loads neither).
 */
export function traceRequest(routeLabel: (req: Request) => string): ((req: Request, res: Response, next: NextFunction) => void) | null {
  if (!sdk) return null;
  const tracer = trace.getTracer('portal-http');
  return (req, res, next) => {
    if (UNTRACED.test(req.url)) return next();
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const span = tracer.startSpan(req.method, { kind: SpanKind.SERVER }, parent);
    if (span.isRecording()) {
      span.setAttributes({
        'http.request.method': req.method,
        'url.path': req.path,
        'url.scheme': req.protocol,
        'client.address': req.ip ?? '',
        'user_agent.original': req.headers['user-agent'] ?? '',
      });
      res.once('close', () => {
        const status = res.statusCode;
        const route = routeLabel(req);
        span.updateName(`${req.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        else if (!res.writableFinished) span.setStatus({ code: SpanStatusCode.ERROR, message: 'the client closed the connection before the answer was sent' });
        span.end();
      });
    }
    context.with(trace.setSpan(parent, span), next);
  };
}

/**
 * Whether a span made now would be recorded: tracing is on and the active span, if any, was kept by the
 * sampler. Lets a caller skip building a span's name and attributes for a request the sampler left out.
 */
export function recordingHere(): boolean {
  if (!sdk) return false;
  const parent = trace.getActiveSpan();
  return !parent || parent.isRecording();
}

/** Flush the spans still buffered and stop the SDK (app shutdown). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown().catch(() => undefined);
}

/**
 * Run `fn` inside a span `name` (child of the active span) with `attributes`; the span records an
 * error `fn` throws (status ERROR) and ends when `fn` settles. Tracing off, or inside a span the sampler
 * did not record: `fn()` and nothing else.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  // Inside a request the sampler did not keep, a child would not be recorded either (parent-based sampling).
  if (!recordingHere()) return fn();
  return trace.getTracer('portal').startActiveSpan(name, { attributes }, async (span) => {
    try {
      return await fn();
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** BullMQ's telemetry option (bullmq-otel) when tracing is on, to spread into a Queue's or Worker's options; {} when off. */
export function bullTelemetry(): { telemetry?: import('bullmq').Telemetry } {
  if (!sdk) return {};
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only when tracing is on
  const { BullMQOtel } = require('bullmq-otel') as typeof import('bullmq-otel');
  return { telemetry: new BullMQOtel({ tracerName: 'portal' }) as unknown as import('bullmq').Telemetry };
}
