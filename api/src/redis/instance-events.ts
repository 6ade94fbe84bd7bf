import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { RedisConnection } from './redis-connection';

/** Redis channel prefix of the events the API instances tell each other. */
const CHANNEL_PREFIX = 'portal:events:';

/**
 * Events one API instance tells every OTHER instance (docs/decisions/018-scale-out.md), today the
 * session revocations (SessionService drops the revoked entries of its cache). `publish(topic,
 * payload)` (payload: JSON) resolves once Redis took the message, so the instances have it before the
 * caller's answer leaves; `subscribe(topic, fn)` answers the unsubscribe function. Without REDIS_URL
 * there are no other instances and publish does nothing.
 */
export class InstanceEvents {
  publish(_topic: string, _payload: unknown): Promise<void> {
    return Promise.resolve();
  }
  subscribe(_topic: string, _handler: (payload: unknown) => void): () => void {
    return () => undefined;
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

/**
 * InstanceEvents over Redis pub/sub: one channel per topic; each message carries the sender's id so
 * an instance ignores its own. A publish that fails (Redis down) is logged and does not fail the
 * caller: the revocation is in the database, and other instances see it within their cache's 5 s TTL.
 */
export class RedisInstanceEvents extends InstanceEvents {
  private readonly logger = new Logger('InstanceEvents');
  private readonly id = randomUUID();
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();

  constructor(private readonly redis: RedisConnection) {
    super();
    redis.subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      let message: { from?: string; payload?: unknown };
      try {
        message = JSON.parse(raw) as typeof message;
      } catch {
        return;
      }
      if (message.from === this.id) return;
      for (const h of this.handlers.get(channel.slice(CHANNEL_PREFIX.length)) ?? []) h(message.payload);
    });
  }

  override async publish(topic: string, payload: unknown): Promise<void> {
    try {
      await this.redis.commands.publish(CHANNEL_PREFIX + topic, JSON.stringify({ from: this.id, payload }));
    } catch (e) {
      this.logger.warn({ msg: 'could not tell the other instances', topic, err: (e as Error).message });
    }
  }

  override subscribe(topic: string, handler: (payload: unknown) => void): () => void {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      void this.redis.subscriber.subscribe(CHANNEL_PREFIX + topic).catch((e: Error) => this.logger.warn({ msg: 'subscribe failed', topic, err: e.message }));
    }
    set.add(handler);
    return () => set.delete(handler);
  }
}
