import { type DynamicModule, Global, Module, type OnApplicationShutdown, type OnApplicationBootstrap, Inject } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { InstanceEvents, RedisInstanceEvents } from './instance-events';
import { MemoryCounters } from './memory-counters';
import { RedisConnection } from './redis-connection';
import { RedisCounters } from './redis-counters';
import { SharedCounters } from './shared-counters';

/** What the API instances share: the counts, the events, and the Redis connection behind them (null without REDIS_URL). */
export type SharedState = { counters: SharedCounters; events: InstanceEvents; redis: RedisConnection | null };

/**
 * Build the shared state of one app from the config (docs/decisions/018-scale-out.md): with REDIS_URL,
 * counts and events in Redis; without it, in this process (the default, as simple as before).
 */
export function createSharedState(config: Pick<AppConfig, 'redisUrl'>): SharedState {
  if (!config.redisUrl) return { counters: new MemoryCounters(), events: new InstanceEvents(), redis: null };
  const redis = new RedisConnection(config.redisUrl);
  return { counters: new RedisCounters(redis), events: new RedisInstanceEvents(redis), redis };
}

const SHARED_STATE = Symbol('SHARED_STATE');

/** Closes the shared state's connections when the app stops; waits for Redis at boot. */
class SharedStateLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(SHARED_STATE) private readonly state: SharedState) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.state.redis?.ready();
  }
  async onApplicationShutdown(): Promise<void> {
    await this.state.counters.close();
    await this.state.events.close();
    await this.state.redis?.close();
  }
}

/**
 * Provides SharedCounters (the same instance the throttler stores its buckets in), InstanceEvents and
 * RedisConnection (null without REDIS_URL) to every module.
 */
@Global()
@Module({})
export class SharedStateModule {
  static forRoot(state: SharedState): DynamicModule {
    return {
      module: SharedStateModule,
      providers: [
        { provide: SHARED_STATE, useValue: state },
        { provide: SharedCounters, useValue: state.counters },
        { provide: InstanceEvents, useValue: state.events },
        { provide: RedisConnection, useValue: state.redis },
        SharedStateLifecycle,
      ],
      exports: [SharedCounters, InstanceEvents, RedisConnection],
    };
  }
}
