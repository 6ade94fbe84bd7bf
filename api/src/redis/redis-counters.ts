import { Logger } from '@nestjs/common';
import { ThrottlerStorageRedisService } from '@nest-lab/throttler-storage-redis';
import { randomBytes } from 'node:crypto';
import { SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { REDIS_RETRY_AFTER_SECONDS, type RedisConnection } from './redis-connection';
import { SharedCounters, type ThrottlerRecord, type WindowState } from './shared-counters';

/** Prefix of every counter key, so the portal can share a Redis with other software. */
const PREFIX = 'portal:';

/**
 * One sliding window, atomically on the Redis server's clock (so instances with skewed clocks agree):
 * drop the hits older than the window, add one when `limit` (ARGV[2], -1 = none) is not reached, keep
 * the key as long as the window, answer { taken (0/1), now, hit times... }. A sorted set of hit times
 * (score = ms, member = ms + random, unique).
 * KEYS[1] the window; ARGV[1] window ms; ARGV[2] limit or -1; ARGV[3] a random member suffix.
 */
const WINDOW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local windowMs = tonumber(ARGV[1])
local limit = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - windowMs)
local taken = 0
if limit >= 0 and redis.call('ZCARD', KEYS[1]) < limit then
  redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[3])
  taken = 1
end
if redis.call('EXISTS', KEYS[1]) == 1 and redis.call('PTTL', KEYS[1]) < windowMs then redis.call('PEXPIRE', KEYS[1], windowMs) end
local hits = redis.call('ZRANGE', KEYS[1], 0, -1, 'WITHSCORES')
local out = { taken }
for i = 2, #hits, 2 do out[#out + 1] = hits[i] end
return out`;

/** Add one hit now (server clock), kept ARGV[1] ms. */
const RECORD_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], now, now .. ':' .. ARGV[2])
if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 1`;

/**
 * SharedCounters in Redis (REDIS_URL; docs/decisions/018-scale-out.md): the throttler buckets through
 * @nest-lab/throttler-storage-redis (its atomic INCR/PEXPIRE script), the sliding windows as sorted sets
 * changed by one Lua script each. Any Redis failure (down, timeout) becomes a 503 DomainError with
 * Retry-After REDIS_RETRY_AFTER_SECONDS: the account calls and uploads refuse rather than count nothing.
 */
export class RedisCounters extends SharedCounters {
  private readonly throttler: ThrottlerStorageRedisService;

  constructor(private readonly redis: RedisConnection) {
    super();
    // The library is given the URL, not our client: it checks `instanceof` against its own ioredis copy.
    this.throttler = new ThrottlerStorageRedisService(redis.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2000,
      retryStrategy: (times: number) => Math.min(times * 100, 500),
    } as never);
    // Its own connection logs nothing; an error event without a listener would be printed as unhandled.
    (this.throttler as unknown as { redis: { on(e: string, f: () => void): void } }).redis.on('error', () => undefined);
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    return unavailableOnFailure(this.throttler.increment(PREFIX + 'throttle:' + key, ttl, limit, blockDuration, throttlerName));
  }

  async window(key: string, windowMs: number, limit?: number): Promise<WindowState> {
    const out = (await unavailableOnFailure(this.redis.commands.eval(WINDOW_SCRIPT, 1, PREFIX + 'window:' + key, windowMs, limit ?? -1, randomBytes(6).toString('hex')))) as Array<number | string>;
    const [taken, ...hits] = out;
    return { taken: Number(taken) === 1, hits: hits.map(Number) };
  }

  async record(key: string, keepMs = 86_400_000): Promise<void> {
    await unavailableOnFailure(this.redis.commands.eval(RECORD_SCRIPT, 1, PREFIX + 'window:' + key, keepMs, randomBytes(6).toString('hex')));
  }

  async close(): Promise<void> {
    this.throttler.onModuleDestroy();
  }
}

const logger = new Logger('Redis');

/** `work`, with any failure turned into 503 unavailable + Retry-After (the envelope's message). */
export async function unavailableOnFailure<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (e) {
    if (e instanceof DomainError) throw e;
    logger.warn({ msg: 'redis unavailable', err: (e as Error).message });
    throw new DomainError(503, SERVER_MESSAGES.unavailable, { code: 'redis_unavailable', headers: { 'Retry-After': String(REDIS_RETRY_AFTER_SECONDS) } });
  }
}
