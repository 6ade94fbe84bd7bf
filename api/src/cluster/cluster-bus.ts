import cluster from 'node:cluster';
import type { SharedOp } from './shared-state';

/** Messages between the cluster's primary and its workers (process IPC, JSON). All carry `portal`. */
export type BusMessage =
  | { portal: 'call'; id: number; op: SharedOp; args: unknown[] }
  | { portal: 'reply'; id: number; ok: true; value: unknown }
  | { portal: 'reply'; id: number; ok: false; error: string }
  | { portal: 'publish'; topic: string; payload: unknown };

export const isBusMessage = (m: unknown): m is BusMessage => typeof m === 'object' && m !== null && typeof (m as { portal?: unknown }).portal === 'string';

/** How long a worker waits for the primary's answer before the call fails (ms). */
const CALL_TIMEOUT_MS = 5000;

/**
 * The API processes' common channel (issue 14, cluster mode, docs/decisions/012-api-cluster.md).
 * - `call(op, args)` (workers only): run an operation on the primary's SharedState, the one all
 *   workers share (SharedCounters uses it), and answer its result (rejects after 5 s).
 * - `publish(topic, payload)`: tell the OTHER processes (the primary relays to every worker but the
 *   sender); a no-op in a single process. `subscribe(topic, fn)` receives them.
 * A module-level singleton because the throttler's storage is built before Nest's injector exists.
 */
export class ClusterBus {
  private seq = 0;
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void; timer: NodeJS.Timeout }>();
  private readonly handlers = new Map<string, Set<(payload: unknown) => void>>();
  private listening = false;

  /** Whether this process is a cluster worker talking to a primary. */
  get inWorker(): boolean {
    return cluster.isWorker && typeof process.send === 'function';
  }

  call<T>(op: SharedOp, args: unknown[]): Promise<T> {
    if (!this.inWorker) return Promise.reject(new Error('not a cluster worker'));
    this.listen();
    const id = ++this.seq;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`cluster primary did not answer ${op} within ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      timer.unref();
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      process.send!({ portal: 'call', id, op, args } satisfies BusMessage);
    });
  }

  publish(topic: string, payload: unknown): void {
    if (!this.inWorker) return;
    this.listen();
    process.send!({ portal: 'publish', topic, payload } satisfies BusMessage);
  }

  /** Receive what other processes publish on `topic`; answers the unsubscribe function. */
  subscribe(topic: string, handler: (payload: unknown) => void): () => void {
    if (this.inWorker) this.listen();
    const set = this.handlers.get(topic) ?? new Set();
    set.add(handler);
    this.handlers.set(topic, set);
    return () => set.delete(handler);
  }

  private listen(): void {
    if (this.listening) return;
    this.listening = true;
    process.on('message', (m: unknown) => {
      if (!isBusMessage(m)) return;
      if (m.portal === 'reply') {
        const p = this.pending.get(m.id);
        if (!p) return;
        this.pending.delete(m.id);
        clearTimeout(p.timer);
        if (m.ok) p.resolve(m.value);
        else p.reject(new Error(m.error));
      } else if (m.portal === 'publish') {
        for (const h of this.handlers.get(m.topic) ?? []) h(m.payload);
      }
    });
    // The IPC channel stays referenced: the worker's own listen() waits on it for the primary's answer.
  }
}

/** The process's bus. */
export const clusterBus = new ClusterBus();
