import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { fillMessage, microsToUsd, NOTIFICATION_LINKS, ROYALTY_LIMITS as L, ROYALTY_MESSAGES as M, type StatementMapping } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { NotificationsService } from '../../notifications/notifications.service';
import { Transactions } from '../../database/transactions';
import { AuditService } from '../../audit/audit.service';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { MatchCache, matchBatch, type PricedRow } from '../matching/credit-builder';
import { HoldsService, SpecialRows } from '../holds/holds.service';
import { SaleGroupSums } from '../holds/hold-rules';
import { bulkInsert, CREDIT_COLUMNS, UNMATCHED_COLUMNS } from '../shared/bulk-insert';
import { microsToCents, parseDecimal, toMicros } from '../shared/money-math';
import { StatementImportEntity } from '../shared/royalty.entities';
import { planColumns, records, toRow, type ColumnPlan, type StatementRow } from './statement-reader';
import { observe } from '../../observability/metrics';

/** What `start` stores in `mapping_json`: the resolved mapping and, for presets, their name and fixed currency. */
export type StoredMapping = { mapping: StatementMapping; preset: string | null; fixed_currency: string };

/** An import whose heartbeat is older than this is taken over by another runner (a crashed process). */
export const STALE_MS = 120_000;

/**
 * The statement import job (docs/decisions/019-money-engine.md): a plain, idempotent async handler of
 * an import id, so a queue (BullMQ) can run it later exactly as the in-process runner does now.
 *
 * 1. Claim: a conditional UPDATE moves `queued` (or a `running` import whose heartbeat is stale) to
 *    `running`; anyone else's claim finds 0 rows and returns. Rows staged by an earlier attempt are
 *    deleted, so a re-run starts clean.
 * 2. Stream the file with csv-parse; every ROYALTY_LIMITS.batchRows rows, one transaction matches the
 *    batch (ISRC, else UPC), writes its credit lines and unmatched rows and the progress counters.
 *    Staged rows are invisible: every reader joins imports whose status is `applied`.
 * 3. One last transaction claims the file (`active_sha256`, unique: docs/decisions/031; another applied
 *    import of the same bytes makes this one fail with duplicateFile), posts the ledger entries
 *    (confirmed imports: one `royalty` entry per user, the sum of their micro-USD rounded to cents) and
 *    sets `applied`. A failure anywhere deletes the staged rows and sets `failed` with the message: an
 *    import never half-applies, and a failed one claims nothing.
 */
@Injectable()
export class StatementImportJob {
  private readonly logger = new Logger(StatementImportJob.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly codes: CatalogCodes,
    private readonly notifications: NotificationsService,
    private readonly audit: AuditService,
    private readonly holds: HoldsService,
  ) {}

  /** Run import `importId` to `applied` or `failed`. Resolves to the final row (or the row as found when another runner holds it). */
  async run(importId: number): Promise<StatementImportEntity | null> {
    if (!(await this.claim(importId))) return this.db.getRepository(StatementImportEntity).findOne({ where: { id: importId } });
    const imp = await this.db.getRepository(StatementImportEntity).findOneOrFail({ where: { id: importId } });
    const started = Date.now();
    try {
      await this.tx.run((m) => this.deleteStaged(m, importId));
      const { perUser, special, sales } = await this.readAndStage(imp);
      const postings = await this.tx.run((m) => this.apply(m, imp, perUser, special, sales));
      await this.tellCredited(postings, imp.month);
      await this.holds.tellPlaced(importId, imp.month);
      this.logger.log({ msg: 'statement import applied', import_id: importId });
    } catch (caught) {
      let e = caught;
      if (isUniqueViolation(e)) {
        // Another import of the same bytes was applied between this one's check and its commit.
        const holder = await this.db.getRepository(StatementImportEntity).findOne({ where: { active_sha256: imp.file_sha256 } });
        e = DomainError.conflict(fillMessage(M.duplicateFile, { id: holder?.id ?? '?' }), 'duplicate_file');
      }
      const message = e instanceof DomainError ? e.message : `The import failed: ${(e as Error).message}`.slice(0, 1000);
      if (!(e instanceof DomainError)) this.logger.error({ msg: 'statement import failed', import_id: importId, err: (e as Error).stack });
      await this.tx.run(async (m) => {
        await this.deleteStaged(m, importId);
        await m.update(StatementImportEntity, { id: importId }, { status: 'failed', error: message, finished_at: new Date() });
      });
      await this.audit.record({ userId: null, email: imp.created_by || 'job' }, 'statement.failed', 'statement_import', importId, null, { error: message });
    }
    const after = await this.db.getRepository(StatementImportEntity).findOne({ where: { id: importId } });
    observe.statementImport(after?.status === 'failed' ? 'failed' : 'done', after?.rows_read ?? 0, (Date.now() - started) / 1000); // docs/decisions/038
    return after;
  }

  private async claim(importId: number): Promise<boolean> {
    const now = new Date();
    const stale = new Date(now.getTime() - STALE_MS);
    const r = await this.db
      .createQueryBuilder()
      .update(StatementImportEntity)
      .set({ status: 'running', heartbeat_at: now, started_at: now, error: '', rows_read: 0, rows_matched: 0, rows_unmatched: 0, matched_micros: 0, unmatched_micros: 0, credited_cents: 0 })
      .where('id = :id', { id: importId })
      .andWhere("(status = 'queued' OR (status = 'running' AND (heartbeat_at IS NULL OR heartbeat_at < :stale)))", { stale })
      .execute();
    return (r.affected ?? 0) > 0;
  }

  private async deleteStaged(m: EntityManager, importId: number): Promise<void> {
    await m.query('DELETE FROM royalty_credits WHERE import_id = ?', [importId]);
    await m.query('DELETE FROM statement_unmatched WHERE import_id = ?', [importId]);
  }

  /**
   * Stream, match and stage the file; answers each credited user's micro-USD (what `apply` posts), the
   * negative or store-flagged rows set apart for the holds and, when the rules run, the sums of the
   * groups they judge (docs/decisions/039): all kept in memory, so the end reads no line again.
   */
  private async readAndStage(imp: StatementImportEntity): Promise<{ perUser: Map<number, number>; special: SpecialRows; sales: SaleGroupSums }> {
    const stored = JSON.parse(imp.mapping_json ?? '{}') as StoredMapping;
    const rate = parseDecimal(imp.rate || '1')!;
    let plan: ColumnPlan | null = null;
    let currency = '';
    let line = 0;
    let batch: PricedRow[] = [];
    const totals = { read: 0, matched: 0, unmatched: 0, matchedMicros: 0, unmatchedMicros: 0 };
    const cache = new MatchCache();
    const perUser = new Map<number, number>();
    const special = new SpecialRows();
    const sales = new SaleGroupSums();
    const detecting = this.holds.detecting;
    const flush = async () => {
      if (!batch.length) return;
      const rows = batch;
      batch = [];
      await this.tx.run(async (m) => {
        const result = await matchBatch(m, this.codes, rows, cache);
        for (const c of result.credits) perUser.set(c.user_id, (perUser.get(c.user_id) ?? 0) + c.amount_micros);
        const flagged = new Map<number, string>();
        for (const r of rows) if (r.flag) flagged.set(r.line, r.flag);
        if (flagged.size || result.credits.some((c) => c.amount_micros < 0)) special.add(result.credits, flagged);
        if (detecting) sales.add(result.credits, flagged);
        await bulkInsert(m, 'royalty_credits', CREDIT_COLUMNS, result.credits, { import_id: imp.id });
        await bulkInsert(
          m,
          'statement_unmatched',
          UNMATCHED_COLUMNS,
          result.unmatched.map((r) => ({
            import_id: imp.id,
            line_no: r.line,
            sale_month: r.sale_month,
            reporting_date: r.reporting_date,
            store: r.store,
            country: r.country,
            isrc: r.isrc,
            upc: r.upc,
            sale_type: r.sale_type,
            quantity: r.quantity,
            amount_micros: r.micros,
            artist: r.artist,
            release_title: r.release,
            track_title: r.track,
          })),
        );
        totals.read += rows.length;
        totals.matched += result.matched;
        totals.matchedMicros += result.matchedMicros;
        totals.unmatched += result.unmatched.length;
        totals.unmatchedMicros += result.unmatched.reduce((s, r) => s + r.micros, 0);
        await m.update(
          StatementImportEntity,
          { id: imp.id },
          { rows_read: totals.read, rows_matched: totals.matched, rows_unmatched: totals.unmatched, matched_micros: totals.matchedMicros, unmatched_micros: totals.unmatchedMicros, heartbeat_at: new Date() },
        );
      });
    };
    for await (const cells of records(imp.file_path, imp.delimiter)) {
      line += 1;
      if (!plan) {
        plan = planColumns(cells, stored.mapping, stored.preset);
        continue;
      }
      const row = toRow(cells, plan, line, imp.month, stored.fixed_currency);
      if (row.currency) {
        if (!currency) {
          currency = row.currency;
          if (currency !== 'USD' && !imp.rate) throw DomainError.badRequest(fillMessage(M.rateRequired, { currency }));
        } else if (row.currency !== currency) throw DomainError.badRequest(fillMessage(M.mixedCurrencies, { row: line, currency: row.currency, first: currency }));
      }
      let micros: number;
      try {
        micros = toMicros(row.amount, rate);
      } catch {
        throw DomainError.badRequest(fillMessage(M.amountInvalid, { row: line, value: '…' }));
      }
      (row as StatementRow & PricedRow).micros = micros;
      batch.push(row as StatementRow & PricedRow);
      if (batch.length >= L.batchRows) await flush();
    }
    await flush();
    if (currency) await this.db.getRepository(StatementImportEntity).update({ id: imp.id }, { currency });
    return { perUser, special, sales };
  }

  /**
   * The last transaction: the holds and clawbacks (HoldsService.detect), the ledger entries of a
   * confirmed import (the lines not held per user, each clawback's debits), status applied. Answers
   * what was posted per user for the lines not held.
   */
  private async apply(m: EntityManager, imp: StatementImportEntity, perUser: Map<number, number>, special: SpecialRows, sales: SaleGroupSums): Promise<Array<{ user_id: number; cents: number }>> {
    const holder = await m.findOne(StatementImportEntity, { where: { active_sha256: imp.file_sha256 } });
    if (holder && holder.id !== imp.id) throw DomainError.conflict(fillMessage(M.duplicateFile, { id: holder.id }), 'duplicate_file');
    const created = await this.holds.detect(m, imp, special, sales);
    const marked = created.length ? await this.holds.markedByUser(m, imp.id) : new Map<number, number>();
    const plain = new Map([...perUser].map(([user, micros]) => [user, micros - (marked.get(user) ?? 0)]));
    const { credited, postings } = Number(imp.confirmed) ? await this.holds.post(m, imp, ledgerNote(imp), plain) : { credited: 0, postings: [] };
    await m.update(StatementImportEntity, { id: imp.id }, { status: 'applied', active_sha256: imp.file_sha256, credited_cents: credited, finished_at: new Date() });
    const after = await m.findOneOrFail(StatementImportEntity, { where: { id: imp.id } });
    await this.audit.record(
      { userId: null, email: imp.created_by || 'job' },
      'statement.applied',
      'statement_import',
      imp.id,
      null,
      { rows_read: after.rows_read, rows_matched: after.rows_matched, rows_unmatched: after.rows_unmatched, matched_usd: microsToUsd(after.matched_micros), credited_cents: credited },
      m,
    );
    return postings.filter((p) => p.cents > 0);
  }

  /** Each credited user's bell (after the commit). */
  async tellCredited(postings: Array<{ user_id: number; cents: number }>, month: string): Promise<void> {
    for (const p of postings) await this.notifications.notify(p.user_id, fillMessage(M.creditNotification, { amount: microsToUsd(p.cents * L.microsPerCent), month }), NOTIFICATION_LINKS.earnings);
  }
}

/** Whether `e` is a unique-index violation (SQLite or MySQL/MariaDB): here, the file's claim taken by another import. */
export function isUniqueViolation(e: unknown): boolean {
  const err = e as { code?: string; driverError?: { code?: string }; message?: string };
  const code = err.driverError?.code ?? err.code ?? '';
  return code === 'ER_DUP_ENTRY' || code.startsWith('SQLITE_CONSTRAINT') || /UNIQUE constraint failed|Duplicate entry/i.test(err.message ?? '');
}

/** The ledger note of an import's entries. */
export const ledgerNote = (imp: Pick<StatementImportEntity, 'id' | 'source' | 'month'>) => `Royalties ${imp.source} ${imp.month} (statement #${imp.id})`;

/** Per-user sums of an import's credit lines, rounded to cents (decision 019: one ledger entry per user and import). */
export async function userCents(m: EntityManager, importId: number, onlyUnmatchedIds?: boolean): Promise<Array<{ user_id: number; cents: number }>> {
  const rows = (await m.query(
    `SELECT user_id, SUM(amount_micros) AS micros FROM royalty_credits WHERE import_id = ?${onlyUnmatchedIds ? ' AND unmatched_id IS NOT NULL' : ''} GROUP BY user_id ORDER BY user_id`,
    [importId],
  )) as Array<{ user_id: number; micros: string | number }>;
  return rows.map((r) => ({ user_id: Number(r.user_id), cents: microsToCents(Number(r.micros)) }));
}
