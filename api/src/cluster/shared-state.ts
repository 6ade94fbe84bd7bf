import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/** What a sliding window answers: whether the hit was taken, and the window's hits (epoch ms, oldest first). */
export type WindowState = { taken: boolean; hits: number[] };

/**
 * The counters every API process must agree on (issue 14, cluster mode): the account endpoints'
 * throttler buckets (issue 13) and the sliding windows of the upload rate and the staff TOTP lockout.
 * One instance lives where the counting happens: in the single process, or in the cluster's primary,
 * which workers reach through `clusterBus.call()` (cluster-bus.ts). Not persisted: a restart starts
 * every window afresh, as before.
 */
export class SharedState {
  private readonly throttler = new ThrottlerStorageService();
  private readonly windows = new Map<string, number[]>();

  /** @nestjs/throttler's in-memory storage (`ttl`, `blockDuration` in ms). */
  throttle(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    return this.throttler.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  /**
   * Sliding window of `windowMs`: the hits still inside it; with `limit`, a new hit (now) is added
   * only while fewer than `limit` are inside (`taken`); without it, nothing is added.
   */
  window(key: string, windowMs: number, limit?: number): WindowState {
    const now = Date.now();
    const hits = (this.windows.get(key) ?? []).filter((t) => now - t < windowMs);
    const taken = limit !== undefined && hits.length < limit;
    if (taken) hits.push(now);
    if (hits.length) this.windows.set(key, hits);
    else this.windows.delete(key);
    if (this.windows.size > 50_000) this.prune(windowMs, now);
    return { taken, hits };
  }

  /** Add a hit (now) to a window whatever its count (a wrong TOTP code). */
  record(key: string): void {
    this.windows.set(key, [...(this.windows.get(key) ?? []), Date.now()]);
  }

  /** Forget windows whose hits are all older than `windowMs` (bounds the map). */
  private prune(windowMs: number, now: number): void {
    for (const [key, hits] of this.windows) if (!hits.some((t) => now - t < windowMs)) this.windows.delete(key);
  }

  /**
   * Run the operation `op` of SHARED_OPS with `args` (the primary does it for a worker's call, a single
   * process for itself); rejects an unknown operation.
   */
  run(op: SharedOp, args: unknown[]): Promise<unknown> {
    if (!SHARED_OPS.includes(op)) return Promise.reject(new Error(`unknown shared operation ${String(op)}`));
    try {
      return Promise.resolve((this[op] as (...a: unknown[]) => unknown)(...args));
    } catch (e) {
      return Promise.reject(e as Error);
    }
  }

  /** Stop the throttler's expiry timers (process shutdown, tests). */
  close(): void {
    this.throttler.onApplicationShutdown();
  }
}

/** The operations a worker may ask the primary to run on its SharedState. */
export const SHARED_OPS = ['throttle', 'window', 'record'] as const;
export type SharedOp = (typeof SHARED_OPS)[number];
