/**
 * Imported first by main.ts (docs/decisions/038-observability.md): starts OpenTelemetry before http,
 * express, mysql2 and ioredis are loaded, when OTEL_EXPORTER_OTLP_ENDPOINT is set. A malformed value is
 * left to the configuration, which stops the start naming the variable.
 */
import { ConfigError } from '../config/settings';
import { startTracing } from './tracing';

try {
  startTracing(process.env);
} catch (e) {
  if (!(e instanceof ConfigError)) throw e;
}
