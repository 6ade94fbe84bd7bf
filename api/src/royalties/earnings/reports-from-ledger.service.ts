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
import { fillMessage, REPORT_CSV_COLUMNS, REPORT_STATUS, ROYALTY_MESSAGES as M, SUPPORT_MESSAGES } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { ReportsService } from '../../support/reports/reports.service';
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

  async fulfil(reportId: number, actor: Actor): Promise<{ report_id: number; rows: number }> {
    const report = await this.reports.byId(reportId);
    if (!report) throw DomainError.notFound(SUPPORT_MESSAGES.reportNotFound);
    if (report.status !== REPORT_STATUS.pending) throw DomainError.conflict(fillMessage(M.reportNotPending, { id: reportId }));
    const from = dayjs.utc(Number(report.start_date)).format('YYYY-MM');
    const to = dayjs.utc(Number(report.end_date)).format('YYYY-MM');
    const artist = (await this.users.namesById([report.user_id])).get(report.user_id) ?? '';
    mkdirSync(this.imports.dir, { recursive: true });
    const path = join(this.imports.dir, `report-${randomBytes(8).toString('hex')}.csv`);
    let count = 0;
    const db = this.db;
    const codes = this.codes;
    const userId = report.user_id;
    const store = `%${report.store.toLowerCase()}%`;
    async function* lines() {
      let after = 0;
      for (;;) {
        const rows = (await db.query(
          `SELECT c.id, c.sale_month, c.reporting_date, c.store, c.country, c.track_id, c.release_id, c.upc, c.isrc, c.sale_type, c.quantity, c.amount_micros
           FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied'
           WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ? AND LOWER(c.store) LIKE ? AND c.id > ? ORDER BY c.id LIMIT 2000`,
          [userId, from, to, store, after],
        )) as Array<Record<string, string | number>>;
        if (!rows.length) return;
        after = Number(rows[rows.length - 1].id);
        const titles = await codes.titles(db.manager, [...new Set(rows.map((r) => Number(r.track_id)))], [...new Set(rows.map((r) => Number(r.release_id)))]);
        for (const r of rows) {
          count += 1;
          yield [r.sale_month, r.reporting_date, r.store, r.country, artist, titles.releases.get(Number(r.release_id)) ?? '', titles.tracks.get(Number(r.track_id)) ?? '', gtinText(String(r.upc ?? '')), r.isrc, r.sale_type, Number(r.quantity), microsText(Number(r.amount_micros)), 'USD'].map(String);
        }
      }
    }
    try {
      await pipeline(csvStream(REPORT_CSV, lines()), createWriteStream(path));
      await this.reports.attach(reportId, path);
    } finally {
      await rm(path, { force: true });
    }
    await this.audit.record(actor, 'report.fulfil', 'report', reportId, { status: REPORT_STATUS.pending }, { status: REPORT_STATUS.received, rows: count, from, to, store: report.store });
    return { report_id: reportId, rows: count };
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
