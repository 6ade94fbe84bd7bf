import { Inject, Injectable, Logger, Optional, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HEALTH_LIMITS, type InstanceHealth } from '@portal/contracts';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RedisConnection } from '../redis/redis-connection';
import { recentErrors } from './http-metrics';
import { httpTotals, M } from './metrics';

/** Redis hash of the heartbeats: instance id → InstanceHealth JSON. */
const HEARTBEATS_KEY = 'portal:instances';
/** Beats kept for the rates: one minute. */
const WINDOW_BEATS = 60 / HEALTH_LIMITS.beatSeconds + 1;

/** The API's version, from api/package.json (src/ or dist/ are one folder below api/). */
export function apiVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

/**
 * This instance's heartbeat (docs/decisions/038-observability.md), for Platform → Health: every
 * HEALTH_LIMITS.beatSeconds it measures uptime, event-loop lag (p99 since the last beat), heap, and its
 * requests per second and 5xx ratio over the last minute, and writes them to a Redis hash shared by
 * every instance (without REDIS_URL it keeps them in memory: this instance only). A stopped instance
 * drops out when its last beat is older than HEALTH_LIMITS.staleSeconds (and is removed on a clean stop).
 */
@Injectable()
export class InstanceHeartbeat implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Heartbeat');
  readonly id = `${hostname()}-${process.pid}`;
  readonly version = apiVersion();
  private readonly startedAt = Date.now();
  private readonly lag = monitorEventLoopDelay({ resolution: 20 });
  private readonly window: Array<{ at: number; requests: number; errors: number }> = [];
  private last: InstanceHealth | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() @Inject(RedisConnection) private readonly redis: RedisConnection | null,
  ) {
    M.info.set({ version: this.version }, 1);
  }

  onApplicationBootstrap(): void {
    this.lag.enable();
    this.sample();
    this.timer = setInterval(() => void this.beat(), HEALTH_LIMITS.beatSeconds * 1000);
    this.timer.unref();
    void this.beat();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.lag.disable();
    await this.redis?.commands.hdel(HEARTBEATS_KEY, this.id).catch(() => undefined);
  }

  /** This instance now (also written as its heartbeat). */
  snapshot(): InstanceHealth {
    this.sample();
    const first = this.window[0]!;
    const lastBeat = this.window[this.window.length - 1]!;
    const seconds = (lastBeat.at - first.at) / 1000;
    const requests = lastBeat.requests - first.requests;
    const now = Date.now();
    const lagMs = this.lag.count ? this.lag.percentile(99) / 1e6 : 0;
    this.lag.reset();
    this.last = {
      instance: this.id,
      version: this.version,
      started_at: new Date(this.startedAt).toISOString(),
      seen_at: new Date(now).toISOString(),
      uptime_seconds: Math.round((now - this.startedAt) / 1000),
      runs_jobs: this.config.runJobs,
      event_loop_lag_ms: Math.round(lagMs * 10) / 10,
      heap_used_bytes: process.memoryUsage().heapUsed,
      requests_per_second: seconds > 0 ? Math.round((requests / seconds) * 100) / 100 : 0,
      error_ratio: requests > 0 ? Math.round(((lastBeat.errors - first.errors) / requests) * 10_000) / 10_000 : 0,
      window_seconds: Math.round(seconds),
      recent_errors: [...recentErrors].reverse().map((e) => ({ ...e, request_id: e.request_id ?? null })),
    };
    return this.last;
  }

  /**
   * Every live instance's last heartbeat (oldest start first): from Redis (removing the stale ones), or
   * this instance alone without REDIS_URL. Rejects when Redis does not answer.
   */
  async instances(): Promise<InstanceHealth[]> {
    if (!this.redis) return [this.last ?? this.snapshot()];
    const all = await this.redis.commands.hgetall(HEARTBEATS_KEY);
    const fresh: InstanceHealth[] = [];
    const stale: string[] = [];
    const oldest = Date.now() - HEALTH_LIMITS.staleSeconds * 1000;
    for (const [id, json] of Object.entries(all)) {
      try {
        const beat = JSON.parse(json) as InstanceHealth;
        if (Date.parse(beat.seen_at) >= oldest) fresh.push(beat);
        else stale.push(id);
      } catch {
        stale.push(id);
      }
    }
    if (stale.length) await this.redis.commands.hdel(HEARTBEATS_KEY, ...stale).catch(() => undefined);
    return fresh.sort((a, b) => a.started_at.localeCompare(b.started_at) || a.instance.localeCompare(b.instance));
  }

  private sample(): void {
    this.window.push({ at: Date.now(), requests: httpTotals.requests, errors: httpTotals.errors });
    if (this.window.length > WINDOW_BEATS) this.window.shift();
  }

  private async beat(): Promise<void> {
    const health = this.snapshot();
    if (!this.redis) return;
    await this.redis.commands.hset(HEARTBEATS_KEY, this.id, JSON.stringify(health)).catch((e: Error) => this.logger.warn({ msg: 'heartbeat not written', err: e.message }));
  }
}
