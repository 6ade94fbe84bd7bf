import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In } from 'typeorm';
import { JobsService } from '../../jobs/jobs.service';
import { StatementImportEntity } from '../shared/royalty.entities';
import { STALE_MS, StatementImportJob } from './statement-import.job';

/** The job queue's name for statement imports (docs/decisions/018-scale-out.md, 019-money-engine.md). */
export const STATEMENT_IMPORT_JOB = 'statements.import';
/** The start-up job that queues again the imports a stopped process left (runners only, a second after start). */
export const STATEMENT_RESUME_JOB = 'statements.resume';
declare module '../../jobs/job-map' {
  interface JobMap {
    'statements.import': { data: { import_id: number }; result: { status: string | null } };
    'statements.resume': { data: Record<string, never>; result: { queued: number } };
  }
}
/** How often `idle()` reads the rows of imports handed to Redis, ms. */
const POLL_MS = 250;

/** Whether this process is the operator CLI (it runs its own import inline, as before the queue). */
const isCli = () => /cli\.[jt]s$/.test(process.argv[1] ?? '');

/**
 * Statement imports on the JobsService (docs/decisions/018-scale-out.md; docs/decisions/019): `enqueue(id)` adds
 * a `statements.import` job whose handler is `StatementImportJob.run(id)`, the idempotent claim-and-run
 * of one import. With REDIS_URL the job is in BullMQ and whichever instance is free runs it (one import
 * per instance at a time); without it, it runs in this process, one at a time, as the old runner did.
 * The operator CLI runs an import inline (it runs no queued jobs). After boot a server re-queues imports
 * left `queued`, or `running` with a stale heartbeat by a process that stopped; a second job for the
 * same import finds it claimed and does nothing, so every instance may do so.
 * Progress is the import row's counters, written by the job (the console reads them), whatever the transport.
 */
@Injectable()
export class ImportRunner implements OnModuleDestroy {
  private readonly logger = new Logger(ImportRunner.name);
  /** Imports this process runs or waits for (in-process and CLI: their promises). */
  private readonly running = new Set<Promise<unknown>>();
  /** Imports this process handed to Redis (`idle()` reads their rows). */
  private readonly handedOff = new Set<number>();
  private stopped = false;

  constructor(
    private readonly job: StatementImportJob,
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly db: DataSource,
  ) {
    // One import at a time per instance; a failed import is recorded on its row by the job itself, so
    // the queue does not retry it (a crashed run is taken over by the stale-heartbeat claim).
    jobs.register(STATEMENT_IMPORT_JOB, async ({ import_id }: { import_id: number }) => ({ status: (await this.job.run(import_id))?.status ?? null }), { concurrency: 1, attempts: 1 });
    // Only an instance that runs jobs picks up left-over imports (the operator CLI runs its own inline).
    jobs.register(STATEMENT_RESUME_JOB, async () => ({ queued: await this.resume() }));
    jobs.afterStart(STATEMENT_RESUME_JOB, 1000, {});
  }

  /**
   * Queue an import; answers at once (the job runs in the background, in this process or on whichever
   * instance takes it). Errors are logged: the row stays `queued` and the next resume queues it again.
   */
  enqueue(importId: number): void {
    if (this.stopped) return;
    if (isCli()) return this.track(this.job.run(importId));
    if (!this.jobs.distributed) return this.track(this.jobs.run(STATEMENT_IMPORT_JOB, { import_id: importId }));
    this.handedOff.add(importId);
    this.jobs.enqueue(STATEMENT_IMPORT_JOB, { import_id: importId }).catch((e: Error) => this.logger.warn({ msg: 'statement import not queued; the next resume queues it', import_id: importId, err: e.message }));
  }

  /** Resolves when every import this process queued has finished (tests, CLI, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
    while (this.handedOff.size && !this.stopped) {
      const rows = await this.db.getRepository(StatementImportEntity).find({ where: { id: In([...this.handedOff]) }, select: { id: true, status: true } });
      for (const r of rows) if (r.status !== 'queued' && r.status !== 'running') this.handedOff.delete(r.id);
      for (const id of [...this.handedOff]) if (!rows.some((r) => r.id === id)) this.handedOff.delete(id);
      if (this.handedOff.size) await new Promise((r) => setTimeout(r, POLL_MS));
    }
  }

  /** Imports a previous process left behind; answers how many were queued again. */
  async resume(): Promise<number> {
    const stale = new Date(Date.now() - STALE_MS);
    const rows = await this.db
      .getRepository(StatementImportEntity)
      .createQueryBuilder('i')
      .select('i.id', 'id')
      .where("i.status = 'queued' OR (i.status = 'running' AND (i.heartbeat_at IS NULL OR i.heartbeat_at < :stale))", { stale })
      .orderBy('i.id', 'ASC')
      .getRawMany<{ id: number }>();
    for (const r of rows) this.enqueue(Number(r.id));
    return rows.length;
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    while (this.running.size) await Promise.all([...this.running]);
  }

  private track(work: Promise<unknown>): void {
    const p = work
      .catch((e: Error) => this.logger.error({ msg: 'statement import job crashed', err: e.stack }))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }
}
