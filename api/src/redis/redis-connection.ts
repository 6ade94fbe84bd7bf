import { Logger } from '@nestjs/common';
import Redis, { type RedisOptions } from 'ioredis';

/** Seconds a client is told to wait (Retry-After) when Redis does not answer. */
export const REDIS_RETRY_AFTER_SECONDS = 5;

/**
 * The connection settings every Redis client of the API shares (docs/decisions/018-scale-out.md):
 * host, port, password, db and TLS from REDIS_URL (`redis://[:password@]host:port[/db]`, `rediss://` for TLS).
 */
export function redisOptions(url: string): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * The API's two ioredis connections to REDIS_URL: `commands` for counters and publishing, and
 * `subscriber` for pub/sub (a subscribed connection can run nothing else). Commands fail at once
 * while Redis is unreachable (no offline queue, one try): the callers answer 503 with Retry-After
 * instead of waiting or counting nothing (docs/decisions/018-scale-out.md "Faults"). Both reconnect
 * on their own, every 0.5 s at most.
 */
export class RedisConnection {
  private readonly logger = new Logger('Redis');
  readonly commands: Redis;
  readonly subscriber: Redis;

  constructor(readonly url: string) {
    const base: RedisOptions = {
      ...redisOptions(url),
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 100, 500),
    };
    this.commands = new Redis({ ...base, connectionName: 'portal-api' });
    // The subscriber queues its SUBSCRIBE until connected (and ioredis re-subscribes after a reconnect).
    this.subscriber = new Redis({ ...base, enableOfflineQueue: true, maxRetriesPerRequest: null, connectionName: 'portal-api-sub' });
    let down = false;
    for (const client of [this.commands, this.subscriber]) {
      client.on('error', (e: Error) => {
        if (!down) this.logger.warn({ msg: 'redis unreachable', err: e.message });
        down = true;
      });
      client.on('ready', () => {
        if (down) this.logger.log({ msg: 'redis reachable again' });
        down = false;
      });
    }
  }

  /** Resolves once the command connection is ready (boot waits for it, at most `ms`). */
  async ready(ms = 10_000): Promise<void> {
    if (this.commands.status === 'ready') return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.commands.off('ready', ok);
        reject(new Error(`REDIS_URL: Redis at ${this.commands.options.host}:${this.commands.options.port} did not answer within ${ms} ms`));
      }, ms);
      const ok = () => {
        clearTimeout(timer);
        resolve();
      };
      this.commands.once('ready', ok);
    });
  }

  /** Close both connections (process shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.commands, this.subscriber].map((c) => c.quit().catch(() => c.disconnect())));
  }
}
