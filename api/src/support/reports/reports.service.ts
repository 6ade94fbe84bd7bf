import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { closeSync, createReadStream, openSync, readSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { Repository } from 'typeorm';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import {
  apiUrl,
  SUPPORT_ENDPOINTS,
  fillMessage,
  pageOffset,
  REPORT_CSV_COLUMNS,
  REPORT_STATUS,
  SUPPORT_FORMATS,
  SUPPORT_MESSAGES as M,
  type ReportListQueryDto,
  type ReportRow,
  type RequestReportDto,
} from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { SignedLinks } from '../../common/http/signed-links';
import { type NamedFile, wholeFile } from '../../common/http/send-file';
import { NotificationsService } from '../../notifications/notifications.service';
import { FileStorage } from '../../storage/file-storage';
import { ReportRequestEntity } from './report.entity';

dayjs.extend(utc);

/** Largest report CSV the operator may attach, bytes. */
const REPORT_MAX_BYTES = 50 * 1024 * 1024;

/** Scope of the signed links of report downloads. */
export const REPORT_LINK_SCOPE = 'report';

/** A request as answered; a received one carries a signed download link (10 minutes; docs/decisions/026: no token in a URL). */
const toRow = (r: ReportRequestEntity, links: SignedLinks): ReportRow => {
  const has_file = r.status !== REPORT_STATUS.pending && !!r.storage_key;
  return {
    report_id: r.id,
    store: r.store,
    start_date: r.start_date,
    end_date: r.end_date,
    status: r.status,
    created_at: r.created_at.getTime(),
    has_file,
    download_url: has_file ? `${apiUrl(SUPPORT_ENDPOINTS.downloadReport)}?report_id=${r.id}&${links.signQuery(REPORT_LINK_SCOPE, String(r.id)).query}` : '',
  };
};

/**
 * Store report requests (areas §2 "Reports", §3, §5). The artist asks; the operator attaches the
 * store's CSV (command `report-attach`), which makes it RECEIVED and downloadable by its owner only.
 */
@Injectable()
export class ReportsService {
  constructor(
    @InjectRepository(ReportRequestEntity) private readonly reports: Repository<ReportRequestEntity>,
    private readonly storage: FileStorage,
    private readonly notifications: NotificationsService,
    readonly links: SignedLinks,
  ) {}

  /** Record a request (validated by requestReportSchema: months normalised to the 1st, UTC). */
  async request(userId: number, dto: RequestReportDto): Promise<ReportRow> {
    const saved = await this.reports.save(this.reports.create({ user_id: userId, store: dto.store, start_date: dto.start_date, end_date: dto.end_date, status: REPORT_STATUS.pending }));
    return toRow(await this.reports.findOneOrFail({ where: { id: saved.id } }), this.links);
  }

  /** The caller's requests, newest first, with the total. */
  async list(userId: number, q: ReportListQueryDto): Promise<{ rows: ReportRow[]; total: number }> {
    const [rows, total] = await this.reports.findAndCount({ where: { user_id: userId }, order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map((r) => toRow(r, this.links)), total };
  }

  /** The CSV of a received report of the caller. Errors: 404 reportNotFound; 409 reportNotReceived. */
  async open(userId: number | null, reportId: number): Promise<NamedFile> {
    // null: opened through a signed link, which was only ever given to the report's owner.
    const row = await this.reports.findOne({ where: userId === null ? { id: reportId } : { id: reportId, user_id: userId } });
    if (!row) throw DomainError.notFound(M.reportNotFound);
    if (row.status === REPORT_STATUS.pending || !row.storage_key) throw DomainError.conflict(M.reportNotReceived, 'report_pending');
    const stat = await this.storage.stat(row.storage_key);
    if (!stat) throw DomainError.notFound(M.reportNotFound);
    const month = (ms: number) => dayjs.utc(ms).format('YYYY-MM');
    const name = `report-${row.store.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}-${month(row.start_date)}-to-${month(row.end_date)}.csv`;
    return { file: wholeFile(await this.storage.open(row.storage_key), 'text/csv; charset=utf-8', stat.size), name, disposition: 'attachment' };
  }

  /** Pending requests of every user, oldest first, `limit` from `offset`, with the total (the console's report desk, issue 38 item 10). */
  async pending(limit: number, offset: number): Promise<{ rows: ReportRequestEntity[]; total: number }> {
    const [rows, total] = await this.reports.findAndCount({ where: { status: REPORT_STATUS.pending }, order: { created_at: 'ASC', id: 'ASC' }, skip: offset, take: limit });
    return { rows, total };
  }

  /** One request by id (any user's: finance fulfils it from the ledger, decision 019), or null. */
  byId(reportId: number): Promise<ReportRequestEntity | null> {
    return this.reports.findOne({ where: { id: reportId } });
  }

  /**
   * Operator: attach the store's CSV to a request (areas §3 status → received) and tell the artist's
   * bell. The file must be UTF-8 text whose header row is REPORT_CSV_COLUMNS. Replaces an earlier file.
   */
  async attach(reportId: number, csvPath: string): Promise<ReportRequestEntity> {
    const row = await this.reports.findOne({ where: { id: reportId } });
    if (!row) throw new Error(`no report ${reportId}`);
    const size = statSync(csvPath).size;
    if (size > REPORT_MAX_BYTES) throw new Error(`the CSV is larger than ${REPORT_MAX_BYTES} bytes`);
    const header = readFirstLine(csvPath)
      .replace(/^\ufeff/, '')
      .split(',')
      .map((c) => c.trim().replace(/^"|"$/g, '').toLowerCase());
    if (header.join(',') !== REPORT_CSV_COLUMNS.join(',')) throw new Error(`the CSV header must be: ${REPORT_CSV_COLUMNS.join(',')}`);
    const key = `report-${randomBytes(16).toString('hex')}`;
    await this.storage.put(key, createReadStream(csvPath));
    const old = row.storage_key;
    await this.reports.update({ id: row.id }, { status: REPORT_STATUS.received, storage_key: key, file_size: size, received_at: new Date() });
    if (old) await this.storage.delete(old);
    const fmt = (ms: number) => dayjs.utc(ms).format(SUPPORT_FORMATS.month);
    await this.notifications.notify(row.user_id, fillMessage(M.reportReceivedNotification, { store: row.store, start: fmt(row.start_date), end: fmt(row.end_date) }), '/reports');
    return { ...row, status: REPORT_STATUS.received, storage_key: key };
  }
}

/** The first line of a text file (read up to 64 KB). */
function readFirstLine(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const n = readSync(fd, buf, 0, buf.length, 0);
    return buf.subarray(0, n).toString('utf8').split(/\r?\n/)[0] ?? '';
  } finally {
    closeSync(fd);
  }
}
