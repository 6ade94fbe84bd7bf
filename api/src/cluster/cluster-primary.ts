import cluster, { type Worker } from 'node:cluster';
import { Logger } from '@nestjs/common';
import { isBusMessage, type BusMessage } from './cluster-bus';
import { SharedState } from './shared-state';

/** Env var telling a worker its index (0 first): singleton jobs (the upload sweeper) run in worker 0 only. */
export const WORKER_INDEX_ENV = 'PORTAL_WORKER_INDEX';

/** Whether this process runs the jobs that must run once per deployment (a single process, or worker 0). */
export const runsSingletonJobs = (): boolean => !cluster.isWorker || (process.env[WORKER_INDEX_ENV] ?? '0') === '0';

/**
 * Run this process as the cluster's primary (API_WORKERS > 1; issue 14, docs/decisions/012-api-cluster.md):
 * fork `count` workers that each run the whole API on the same port (Node's cluster shares the
 * listening socket, connections go round robin). Worker 0 starts alone and runs the migrations and the
 * boot-time seeding; the others start once it listens, so no two processes migrate at once. The
 * primary holds the SharedState (rate-limit counts) and answers the workers' calls on it, and relays
 * each worker's published messages (session revocations) to the others. A worker that dies after it
 * listened is replaced; one that dies before it ever listened (bad configuration, database down) stops
 * the primary with its exit code. SIGINT/SIGTERM go to every worker; the primary exits when they have.
 * Resolves once every worker listens.
 */
export function runPrimary(count: number, logger = new Logger('Cluster')): Promise<void> {
  const state = new SharedState();
  const listened = new Set<number>();
  let stopping = false;

  const answer = (worker: Worker, m: Extract<BusMessage, { portal: 'call' }>) =>
    state.run(m.op, m.args).then(
      (value) => worker.isConnected() && worker.send({ portal: 'reply', id: m.id, ok: true, value } satisfies BusMessage),
      (e: Error) => worker.isConnected() && worker.send({ portal: 'reply', id: m.id, ok: false, error: e.message } satisfies BusMessage),
    );

  return new Promise((resolve) => {
    const fork = (index: number): Worker => {
      const worker = cluster.fork({ [WORKER_INDEX_ENV]: String(index) });
      worker.on('message', (m: unknown) => {
        if (!isBusMessage(m)) return;
        if (m.portal === 'call') answer(worker, m);
        else if (m.portal === 'publish') {
          for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker && other.isConnected()) other.send(m);
        }
      });
      worker.once('listening', () => {
        listened.add(index);
        logger.log({ msg: 'worker listening', worker: index, pid: worker.process.pid });
        if (index === 0 && listened.size === 1) for (let i = 1; i < count; i++) fork(i);
        if (listened.size === count) resolve();
      });
      worker.once('exit', (code, signal) => {
        if (stopping) return;
        if (!listened.has(index)) {
          logger.error({ msg: 'worker stopped before it listened; stopping', worker: index, code, signal });
          stopAll('SIGTERM', code ?? 1);
          return;
        }
        logger.warn({ msg: 'worker died; starting another', worker: index, code, signal });
        listened.delete(index);
        fork(index);
      });
      return worker;
    };

    const stopAll = (signal: NodeJS.Signals, exitCode = 0) => {
      if (stopping) return;
      stopping = true;
      const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());
      if (!workers.length) process.exit(exitCode);
      let left = workers.length;
      for (const w of workers) {
        w.once('exit', () => {
          if (--left === 0) {
            state.close();
            process.exit(exitCode);
          }
        });
        w.process.kill(signal);
      }
    };
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal));
    fork(0);
  });
}
