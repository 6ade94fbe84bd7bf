import { ConfigError, defineSettings, intSetting } from '../config/settings';

/**
 * Settings of the observability module (docs/decisions/038-observability.md), declared by the module
 * (docs/decisions/035) and parsed once at boot; a bad value stops the start naming the variable. The
 * README's table under "Observability" is generated from this list.
 *
 * The tracing setting is also read before the configuration loads (observability/tracing.ts runs first in
 * main.ts, so the instrumentations patch http, express, mysql2 and ioredis before they are loaded): it
 * parses `process.env` with the same parser, so both readings agree.
 */
export type MetricsConfig = {
  /** A second HTTP listener serving only GET /metrics (compose: 9464); null: none. */
  port: number | null;
  /** Bearer token that opens GET /metrics on the portal's own port (and on `port` when both are set); null: no /metrics there. */
  token: string | null;
};

export type TracingConfig = {
  /** OTLP/HTTP base URL (`http://jaeger:4318`); null: tracing off (no SDK loaded, no cost). */
  endpoint: string | null;
  /** `service.name` of the spans. */
  serviceName: string;
};

/** Shortest METRICS_TOKEN accepted: a guessable token would open the metrics to anyone. */
export const METRICS_TOKEN_MIN = 24;

/** Parse the tracing variables of `env` (TracingConfig); ConfigError names a bad one. */
export function parseTracing(env: NodeJS.ProcessEnv): TracingConfig {
  const raw = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || '';
  if (raw && !/^https?:\/\/[^\s/]+/.test(raw)) throw new ConfigError('OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL such as http://jaeger:4318');
  const disabled = /^(true|1)$/i.test(env.OTEL_SDK_DISABLED?.trim() ?? '');
  return { endpoint: raw && !disabled ? raw : null, serviceName: env.OTEL_SERVICE_NAME?.trim() || 'portal-api' };
}

/** The observability module's settings: `observabilitySettings.of(config)` answers { metrics, tracing }. */
export const observabilitySettings = defineSettings('observability', {
  metrics: {
    variables: ['METRICS_PORT', 'METRICS_TOKEN'],
    default: 'off, unset',
    meaning: `Prometheus metrics (\`GET /metrics\`): on a second port that only serves them (compose: \`9464\`, never published), and/or on the portal's port for \`Authorization: Bearer <METRICS_TOKEN>\` (at least ${METRICS_TOKEN_MIN} characters; a wrong or missing token answers 404). Both unset: no /metrics`,
    parse: ({ env }): MetricsConfig => {
      const port = env.METRICS_PORT?.trim() ? intSetting(env, 'METRICS_PORT', 0, 1, 65535) : null;
      const token = env.METRICS_TOKEN?.trim() || null;
      if (token && token.length < METRICS_TOKEN_MIN) throw new ConfigError(`METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN} characters`);
      if (port !== null && env.PORT?.trim() && Number(env.PORT) === port) throw new ConfigError('METRICS_PORT must differ from PORT');
      return { port, token };
    },
  },
  tracing: {
    variables: ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_SERVICE_NAME'],
    default: 'off, `portal-api`',
    meaning: 'OpenTelemetry traces (HTTP server span by route template, outgoing HTTP, mysql2, ioredis, jobs, deliveries, imports) exported over OTLP/HTTP (protobuf) to this base URL (compose: `http://jaeger:4318`); unset or `OTEL_SDK_DISABLED=true`: no tracing, nothing loaded. The other `OTEL_*` variables of the SDK apply (sampling: `OTEL_TRACES_SAMPLER`)',
    parse: ({ env }): TracingConfig => parseTracing(env),
  },
});
