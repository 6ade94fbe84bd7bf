import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import { clusterBus } from './cluster-bus';
import { SharedState, type SharedOp, type WindowState } from './shared-state';

/**
 * The rate-limit counts of the API (issue 13 limits, issue 14 cluster mode): @nestjs/throttler's
 * storage for the account endpoints' buckets, and sliding windows for the upload rate and the staff
 * TOTP lockout. In one process they are counted here; in a cluster worker every count goes to the
 * primary's SharedState, so N workers enforce the same limits one process would (not N times them).
 */
@Injectable()
export class SharedCounters implements ThrottlerStorage, OnApplicationShutdown {
  private readonly local = new SharedState();

  /** ThrottlerStorage: one hit on `key` (`ttl`, `blockDuration` in ms). */
  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string) {
    return this.run<Awaited<ReturnType<ThrottlerStorage['increment']>>>('throttle', [key, ttl, limit, blockDuration, throttlerName]);
  }

  /**
   * The hits (epoch ms, oldest first) of `key` in the last `windowMs`; with `limit`, a hit is added
   * first when fewer than `limit` are there (`taken`).
   */
  window(key: string, windowMs: number, limit?: number): Promise<WindowState> {
    return this.run<WindowState>('window', limit === undefined ? [key, windowMs] : [key, windowMs, limit]);
  }

  /** Add a hit to `key` whatever its count. */
  record(key: string): Promise<void> {
    return this.run<void>('record', [key]);
  }

  onApplicationShutdown(): void {
    this.local.close();
  }

  private run<T>(op: SharedOp, args: unknown[]): Promise<T> {
    return clusterBus.inWorker ? clusterBus.call<T>(op, args) : (this.local.run(op, args) as Promise<T>);
  }
}
