import type { ThrottlerStorage } from '@nestjs/throttler';

/** The throttler's answer for one hit (@nestjs/throttler's ThrottlerStorageRecord). */
export type ThrottlerRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** What a sliding window answers: whether the hit was taken, and the window's hits (epoch ms, oldest first). */
export type WindowState = { taken: boolean; hits: number[] };

/**
 * The rate-limit counts every API instance must agree on (docs/decisions/026 limits; docs/decisions/018-scale-out.md):
 * @nestjs/throttler's storage for the account endpoints' buckets, and the sliding windows of the upload
 * rate and the staff TOTP lockout. Two implementations: MemoryCounters (one process, no REDIS_URL: the
 * default) and RedisCounters (REDIS_URL: every instance counts in the same Redis, so N instances enforce
 * the limits of one). Counts are not persisted beyond Redis: a restart of a single process starts afresh.
 * With Redis unreachable every method rejects with a 503 DomainError carrying Retry-After (never counts
 * nothing and lets the call through).
 */
export abstract class SharedCounters implements ThrottlerStorage {
  /** ThrottlerStorage: one hit on `key` (`ttl`, `blockDuration` in ms). */
  abstract increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord>;
  /**
   * Sliding window of `windowMs` on `key`: the hits (epoch ms, oldest first) still inside it; with
   * `limit`, a new hit (now) is added first when fewer than `limit` are there (`taken`).
   */
  abstract window(key: string, windowMs: number, limit?: number): Promise<WindowState>;
  /** Add a hit (now) to `key` whatever its count (a wrong TOTP code); it is forgotten after `keepMs` (default a day). */
  abstract record(key: string, keepMs?: number): Promise<void>;
  /** Release timers and connections (process shutdown, tests). */
  abstract close(): Promise<void>;
}
