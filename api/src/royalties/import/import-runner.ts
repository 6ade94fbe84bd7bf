import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { StatementImportEntity } from '../shared/royalty.entities';
import { STALE_MS, StatementImportJob } from './statement-import.job';

/**
 * The in-process runner of statement import jobs (docs/decisions/019-money-engine.md): one import at
 * a time, in the order queued. It only calls `StatementImportJob.run(id)`, the idempotent handler, so
 * the lead can hand the same id to a BullMQ queue instead. After boot (API server, not the CLI) it
 * picks up imports left `queued`, or `running` with a stale heartbeat by a process that stopped.
 */
@Injectable()
export class ImportRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ImportRunner.name);
  private readonly queue: number[] = [];
  private draining: Promise<void> | null = null;
  private stopped = false;
  private resumeTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly job: StatementImportJob,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** Queue an import; answers at once (the job runs in the background). */
  enqueue(importId: number): void {
    if (this.stopped || this.queue.includes(importId)) return;
    this.queue.push(importId);
    this.draining ??= this.drain().finally(() => {
      this.draining = null;
    });
  }

  /** Resolves when every queued import has finished (tests, CLI, shutdown). */
  async idle(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length && !this.stopped) {
      const id = this.queue.shift()!;
      try {
        await this.job.run(id);
      } catch (e) {
        this.logger.error({ msg: 'statement import job crashed', import_id: id, err: (e as Error).stack });
      }
    }
  }

  /** Imports a previous process left behind. */
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

  onApplicationBootstrap(): void {
    // The operator CLI runs its own import inline; only a server picks up left-over jobs.
    if (/cli\.[jt]s$/.test(process.argv[1] ?? '')) return;
    this.resumeTimer = setTimeout(() => {
      this.resume().catch((e: Error) => this.logger.warn({ msg: 'statement import resume failed', err: e.message }));
    }, 1000);
    this.resumeTimer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.resumeTimer) clearTimeout(this.resumeTimer);
    this.stopped = true;
    this.queue.length = 0;
    await this.idle();
  }
}
