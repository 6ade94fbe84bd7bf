import { ThrottlerStorageService } from '@nestjs/throttler';
import { SharedCounters, type ThrottlerRecord, type WindowState } from './shared-counters';

/**
 * SharedCounters of a single process (no REDIS_URL, the default): @nestjs/throttler's own in-memory
 * storage and in-memory sliding windows. Not persisted: a restart starts every window afresh.
 */
export class MemoryCounters extends SharedCounters {
  private readonly throttler = new ThrottlerStorageService();
  private readonly windows = new Map<string, number[]>();

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerRecord> {
    return this.throttler.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  window(key: string, windowMs: number, limit?: number): Promise<WindowState> {
    const now = Date.now();
    const hits = (this.windows.get(key) ?? []).filter((t) => now - t < windowMs);
    const taken = limit !== undefined && hits.length < limit;
    if (taken) hits.push(now);
    if (hits.length) this.windows.set(key, hits);
    else this.windows.delete(key);
    if (this.windows.size > 50_000) this.prune(windowMs, now);
    return Promise.resolve({ taken, hits });
  }

  record(key: string): Promise<void> {
    this.windows.set(key, [...(this.windows.get(key) ?? []), Date.now()]);
    return Promise.resolve();
  }

  /** Forget windows whose hits are all older than `windowMs` (bounds the map). */
  private prune(windowMs: number, now: number): void {
    for (const [key, hits] of this.windows) if (!hits.some((t) => now - t < windowMs)) this.windows.delete(key);
  }

  close(): Promise<void> {
    this.throttler.onApplicationShutdown();
    return Promise.resolve();
  }
}
