import { SpanStatusCode, trace, type Attributes } from '@opentelemetry/api';
import { parseTracing } from './observability.settings';

/**
 * OpenTelemetry tracing (docs/decisions/038-observability.md). `startTracing` runs first in main.ts
 * (before express, http, mysql2 and ioredis are loaded, so the instrumentations can patch them) and
 * starts the Node SDK only when OTEL_EXPORTER_OTLP_ENDPOINT is set: otherwise no SDK module is even
 * loaded, `inSpan` calls its function straight away and the request id stays a random UUID (no cost).
 *
 * Spans: HTTP server and client (instrumentation-http), Express middleware and route handlers,
 * mysql2 queries (MariaDB) or the TypeORM queries on SQLite (observability/query-hooks.ts), ioredis
 * commands inside a trace, BullMQ's produce/process spans (bullmq-otel, so a job queued by a request
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
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { MySQL2Instrumentation } = require('@opentelemetry/instrumentation-mysql2') as typeof import('@opentelemetry/instrumentation-mysql2');
  const { IORedisInstrumentation } = require('@opentelemetry/instrumentation-ioredis') as typeof import('@opentelemetry/instrumentation-ioredis');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const untraced = /^\/(metrics|api\/health)(\/|$|\?)/;
  const started = new NodeSDK({
    serviceName: settings.serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (req) => untraced.test(req.url ?? '') }),
      // Not a span per middleware (six per request here): the route handler's span and the HTTP span say enough.
      new ExpressInstrumentation({ ignoreLayersType: ['middleware' as never] }),
      new MySQL2Instrumentation(),
      // Only inside a trace: BullMQ's blocking polls and the heartbeats would otherwise be one trace each.
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  started.start();
  sdk = started;
  return true;
}

/** Flush the spans still buffered and stop the SDK (app shutdown). */
export async function stopTracing(): Promise<void> {
  const running = sdk;
  sdk = null;
  await running?.shutdown().catch(() => undefined);
}

/**
 * Run `fn` inside a span `name` (child of the active span) with `attributes`; the span records an
 * error `fn` throws (status ERROR) and ends when `fn` settles. Tracing off: `fn()` and nothing else.
 */
export function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  if (!sdk) return fn();
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
