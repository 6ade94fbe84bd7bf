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

/** Longest a publish waits for its own message to come back through the subscriber, ms. */
const ECHO_WAIT_MS = 250;

/**
 * InstanceEvents over Redis pub/sub: one channel per topic; each message carries the sender's id so
 * an instance does not handle its own. Redis has answered PUBLISH once the message is queued to every
 * subscriber, not once they read it: publish also waits (up to ECHO_WAIT_MS) for the message to come
 * back on this instance's own subscriber connection, which Redis serves in the same order, so the
 * other instances have it in hand before the caller's answer leaves (a logout on A, then at once a
 * call on B, is refused on B). A publish that fails (Redis down) is logged and does not fail the
 * caller: the revocation is in the database, and other instances see it within their cache's 5 s TTL.
 */
export class RedisInstanceEvents extends InstanceEvents {
  private readonly logger = new Logger('InstanceEvents');
  private readonly id = randomUUID();
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  /** Own messages published and not yet seen back: message id → resolve. */
  private readonly echoes = new Map<string, () => void>();

  constructor(private readonly redis: RedisConnection) {
    super();
    redis.subscriber.on('message', (channel: string, raw: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      let message: { from?: string; id?: string; payload?: unknown };
      try {
        message = JSON.parse(raw) as typeof message;
      } catch {
        return;
      }
      if (message.from === this.id) {
        if (message.id) this.echoes.get(message.id)?.();
        return;
      }
      for (const h of this.handlers.get(channel.slice(CHANNEL_PREFIX.length)) ?? []) h(message.payload);
    });
  }

  override async publish(topic: string, payload: unknown): Promise<void> {
    const id = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    // Only when this instance listens to the topic does its own copy come back.
    const echoed = this.handlers.has(topic)
      ? new Promise<void>((resolve) => {
          this.echoes.set(id, resolve);
          timer = setTimeout(resolve, ECHO_WAIT_MS);
        })
      : Promise.resolve();
    try {
      await this.redis.commands.publish(CHANNEL_PREFIX + topic, JSON.stringify({ from: this.id, id, payload }));
      await echoed;
    } catch (e) {
      this.logger.warn({ msg: 'could not tell the other instances', topic, err: (e as Error).message });
    } finally {
      clearTimeout(timer);
      this.echoes.delete(id);
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
