import { Global, Inject, Injectable, Logger, Module, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Server } from 'node:http';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis-connection';
import { startMetricsServer } from './http-metrics';
import { InstanceHeartbeat } from './instance-heartbeat';
import { metricSources, startProcessMetrics } from './metrics';
import { observabilitySettings } from './observability.settings';
import { instrumentQueries } from './query-hooks';
import { stopTracing } from './tracing';

/** How long the Redis gauge waits for a PING, ms. */
const REDIS_PING_MS = 1000;

/**
 * Starts what the observability module runs beside the app: the metrics listener on METRICS_PORT,
 * the gauge sources (Redis PING, database pool and query errors), and, at shutdown, the flush of the
 * spans still buffered.
 */
@Injectable()
class ObservabilityLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server: Server | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    @Optional() @Inject(RedisConnection) private readonly redis: RedisConnection | null,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    instrumentQueries(this.dataSource);
    const redis = this.redis;
    metricSources.redisUp = redis
      ? () => Promise.race([redis.commands.ping().then((pong) => pong === 'PONG'), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), REDIS_PING_MS).unref())])
      : null;
    const { port, token } = observabilitySettings.of(this.config).metrics;
    if (port !== null || token !== null) startProcessMetrics();
    if (port !== null) {
      this.server = await startMetricsServer(port, token);
      this.logger.log({ msg: 'metrics listening', port });
    }
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
    metricSources.redisUp = null;
    metricSources.dbPool = null;
    await stopTracing();
  }
}

/**
 * Metrics, traces and heartbeats (docs/decisions/038-observability.md): Prometheus metrics
 * (observability/metrics.ts) served on METRICS_PORT or behind METRICS_TOKEN, OpenTelemetry tracing
 * (observability/tracing.ts, started by main.ts) and this instance's heartbeat for Platform → Health
 * (InstanceHeartbeat, exported).
 */
@Global()
@Module({ providers: [InstanceHeartbeat, ObservabilityLifecycle], exports: [InstanceHeartbeat] })
export class ObservabilityModule {}
