import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { parse } from 'csv-parse';
import { rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { DataSource } from 'typeorm';
import { fillMessage, REPORT_CSV_COLUMNS, REPORT_STATUS, ROYALTY_MESSAGES as M, STAFF_DESK_LIMITS, SUPPORT_MESSAGES, type ReportPreview, type ReportQueueRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ReportsService } from '../../support/reports/reports.service';
import type { ReportRequestEntity } from '../../support/reports/report.entity';
import { AuditService, type Actor } from '../../audit/audit.service';
import { UsersService } from '../../users/users.service';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { StatementImportsService } from '../import/statement-imports.service';
import { csvStream, type CsvColumn, type CsvColumnKind } from '../../common/csv/csv-writer';

dayjs.extend(utc);

/** Micro-USD as a decimal text with up to 6 decimals: 1234500 → "1.2345". */
export function microsText(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const frac = String(abs % 1_000_000).padStart(6, '0').replace(/0+$/, '');
  return `${sign}${Math.floor(abs / 1_000_000)}${frac ? `.${frac}` : ''}`;
}

/** Kind of each report column for the shared CSV writer (docs/decisions/031): UPC and ISRC are quoted codes. */
const REPORT_KINDS: Partial<Record<(typeof REPORT_CSV_COLUMNS)[number], CsvColumnKind>> = { upc: 'code', isrc: 'code', quantity: 'number', amount: 'number' };
const REPORT_CSV: CsvColumn[] = REPORT_CSV_COLUMNS.map((name) => ({ name, kind: REPORT_KINDS[name] ?? 'text' }));

/**
 * A UPC/EAN as the report writes it: credits keep the digits without leading zeros (spreadsheets drop
 * them, decision 019), so a code shorter than a UPC-A gets its zeros back to 12 digits (GTIN-12:
 * 89000000012 → 089000000012; an EAN-13 stays 13). '' stays ''.
 */
export const gtinText = (digits: string): string => (digits ? digits.padStart(12, '0') : '');

/** A report's months as YYYY-MM (UTC). */
const months = (r: { start_date: number; end_date: number }) => ({ from: dayjs.utc(Number(r.start_date)).format('YYYY-MM'), to: dayjs.utc(Number(r.end_date)).format('YYYY-MM') });

/**
 * Report requests (areas §3) fulfilled from the ledger (decision 019): the artist's credit lines of
 * applied imports for the report's store (case-insensitive substring of the statement's store name)
 * and months, written as the portal's report CSV (REPORT_CSV_COLUMNS, amounts in USD) by the shared CSV
 * writer (cells from statements that start like a formula neutralised, UPC and ISRC quoted), then attached
 * through ReportsService like `report-attach` (RECEIVED, the artist's bell). Audited.
 */
@Injectable()
export class ReportsFromLedger {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly reports: ReportsService,
    private readonly codes: CatalogCodes,
    private readonly imports: StatementImportsService,
    private readonly audit: AuditService,
    private readonly users: UsersService,
  ) {}

  /**
   * The report desk's queue (issue 38 item 10): pending requests of every artist, oldest first, with
   * the artist's name and e-mail and the age in whole minutes. Answers `{ rows, total }`.
   */
  async queue(limit: number, offset: number, now = Date.now()): Promise<{ rows: ReportQueueRow[]; total: number }> {
    const { rows, total } = await this.reports.pending(limit, offset);
    const ids = [...new Set(rows.map((r) => r.user_id))];
    const names = await this.users.namesById(ids);
    const emails = await this.users.emailsById(ids);
    return {
      total,
      rows: rows.map((r) => ({
        report_id: r.id,
        user_id: r.user_id,
        artist_name: names.get(r.user_id) ?? '',
        user_email: emails.get(r.user_id) ?? '',
        store: r.store,
        start_date: r.start_date,
        end_date: r.end_date,
        requested_at: r.created_at.toISOString(),
        age_minutes: Math.max(0, Math.floor((now - r.created_at.getTime()) / 60_000)),
      })),
    };
  }

  /**
   * The first `ROWS` rows a pending report would hold if fulfilled now (REPORT_CSV_COLUMNS, amounts in
   * USD text) and the number of rows in all. Errors: 404 reportNotFound, 409 reportNotPending.
   */
  async preview(reportId: number): Promise<ReportPreview> {
    const report = await this.pendingReport(reportId);
    const rows: string[][] = [];
    let total = 0;
    for await (const line of this.lines(report)) {
      total += 1;
      if (rows.length < STAFF_DESK_LIMITS.reportPreviewRows) rows.push(line);
    }
    return { report_id: reportId, columns: [...REPORT_CSV_COLUMNS], rows, total_rows: total };
  }

  /** Build the report's CSV from the ledger, attach it (RECEIVED, the artist's bell) and audit `report.fulfil`. Errors: 404 reportNotFound, 409 reportNotPending. */
  async fulfil(reportId: number, actor: Actor): Promise<{ report_id: number; rows: number }> {
    const report = await this.pendingReport(reportId);
    const { from, to } = months(report);
    mkdirSync(this.imports.dir, { recursive: true });
    const path = join(this.imports.dir, `report-${randomBytes(8).toString('hex')}.csv`);
    let count = 0;
    const counted = async function* (lines: AsyncIterable<string[]>) {
      for await (const line of lines) {
        count += 1;
        yield line;
      }
    };
    try {
      await pipeline(csvStream(REPORT_CSV, counted(this.lines(report))), createWriteStream(path));
      await this.reports.attach(reportId, path);
    } finally {
      await rm(path, { force: true });
    }
    await this.audit.record(actor, 'report.fulfil', 'report', reportId, { status: REPORT_STATUS.pending }, { status: REPORT_STATUS.received, rows: count, from, to, store: report.store });
    return { report_id: reportId, rows: count };
  }

  /** A pending request. Errors: 404 reportNotFound, 409 reportNotPending. */
  private async pendingReport(reportId: number): Promise<ReportRequestEntity> {
    const report = await this.reports.byId(reportId);
    if (!report) throw DomainError.notFound(SUPPORT_MESSAGES.reportNotFound);
    if (report.status !== REPORT_STATUS.pending) throw DomainError.conflict(fillMessage(M.reportNotPending, { id: reportId }));
    return report;
  }

  /**
   * The report's rows, from the artist's credit lines of applied imports for its store (case-insensitive
   * substring of the statement's store name) and months, in credit order, read 2000 at a time.
   */
  private async *lines(report: ReportRequestEntity): AsyncGenerator<string[]> {
    const { from, to } = months(report);
    const artist = (await this.users.namesById([report.user_id])).get(report.user_id) ?? '';
    const store = `%${report.store.toLowerCase()}%`;
    let after = 0;
    for (;;) {
      const rows = (await this.db.query(
        `SELECT c.id, c.sale_month, c.reporting_date, c.store, c.country, c.track_id, c.release_id, c.upc, c.isrc, c.sale_type, c.quantity, c.amount_micros
         FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied'
         WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ? AND LOWER(c.store) LIKE ? AND c.id > ? ORDER BY c.id LIMIT 2000`,
        [report.user_id, from, to, store, after],
      )) as Array<Record<string, string | number>>;
      if (!rows.length) return;
      after = Number(rows[rows.length - 1].id);
      const titles = await this.codes.titles(this.db.manager, [...new Set(rows.map((r) => Number(r.track_id)))], [...new Set(rows.map((r) => Number(r.release_id)))]);
      for (const r of rows) {
        yield [r.sale_month, r.reporting_date, r.store, r.country, artist, titles.releases.get(Number(r.release_id)) ?? '', titles.tracks.get(Number(r.track_id)) ?? '', gtinText(String(r.upc ?? '')), r.isrc, r.sale_type, Number(r.quantity), microsText(Number(r.amount_micros)), 'USD'].map(String);
      }
    }
  }

  /**
   * `report-attach` (areas §3) for a file from elsewhere: the header must be REPORT_CSV_COLUMNS and
   * every row's ISRC (or, without one, its UPC) one of the report owner's tracks or releases (400
   * reportRowForeign naming the row and code); then the file is attached as before (RECEIVED, bell) and
   * the action audited `report.attach`. Errors: 404 reportNotFound; Error for a wrong header.
   */
  async attachFile(reportId: number, file: string, actor: Actor): Promise<{ report_id: number; rows: number }> {
    const report = await this.reports.byId(reportId);
    if (!report) throw DomainError.notFound(SUPPORT_MESSAGES.reportNotFound);
    const codes = await this.codes.codesOf(this.db.manager, report.user_id);
    const upcAt = REPORT_CSV_COLUMNS.indexOf('upc');
    const isrcAt = REPORT_CSV_COLUMNS.indexOf('isrc');
    let line = 0;
    for await (const cells of createReadStream(file).pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true, trim: true })) as AsyncIterable<string[]>) {
      line += 1;
      if (line === 1) {
        if (cells.map((c) => c.toLowerCase()).join(',') !== REPORT_CSV_COLUMNS.join(',')) throw new Error(`the CSV header must be: ${REPORT_CSV_COLUMNS.join(',')}`);
        continue;
      }
      const isrc = (cells[isrcAt] ?? '').replace(/[\s-]/g, '').toUpperCase();
      const upc = (cells[upcAt] ?? '').replace(/\D/g, '').replace(/^0+/, '');
      const ok = isrc ? codes.has(isrc) : upc ? codes.has(upc) : false;
      if (!ok) throw DomainError.badRequest(fillMessage(M.reportRowForeign, { row: line, code: isrc || upc || '—' }));
    }
    await this.reports.attach(reportId, file);
    const rows = Math.max(0, line - 1);
    await this.audit.record(actor, 'report.attach', 'report', reportId, { status: report.status }, { status: REPORT_STATUS.received, rows });
    return { report_id: reportId, rows };
  }
}
