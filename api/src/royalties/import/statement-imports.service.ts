import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataSource } from 'typeorm';
import {
  fillMessage,
  isMonth,
  ROYALTY_LIMITS as L,
  ROYALTY_MESSAGES as M,
  STAFF_DESK_MESSAGES,
  STATEMENT_DISCARDABLE,
  STATEMENT_FIELDS,
  STATEMENT_PRESETS,
  type StatementImportRow,
  type StatementImportStatus,
  type StatementMapping,
  type StatementPreset,
  type StatementUpload,
} from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import type { PortalRequest } from '../../common/request-context';
import { RoyaltyLedger } from '../../support/money/ledger.service';
import { Transactions } from '../../database/transactions';
import { UsersService } from '../../users/users.service';
import { receiveFilePart } from '../../storage/streamed-upload';
import { writeToFile } from '../../storage/local-disk.storage';
import { AuditService, type Actor } from '../../audit/audit.service';
import { parseDecimal } from '../shared/money-math';
import { StatementImportEntity, StatementPresetEntity } from '../shared/royalty.entities';
import { HoldsService } from '../holds/holds.service';
import { ImportRunner } from './import-runner';
import { ledgerNote, StatementImportJob, type StoredMapping } from './statement-import.job';
import { detectDelimiter, firstLine, looksLikeText, planColumns, preview, suggestPreset, TEXT_SNIFF_BYTES } from './statement-reader';

/** What `start` takes (the validated body of ops/statements/start, or the CLI's options). */
export type StartInput = { import_id: number; format: string; mapping?: Record<string, string | undefined>; save_as?: string; month: string; source: string; rate?: string; confirmed?: boolean };

export const toImportRow = (i: StatementImportEntity): StatementImportRow => ({
  import_id: i.id,
  file_name: i.file_name,
  sha256: i.file_sha256,
  format: i.format,
  source: i.source,
  month: i.month,
  currency: i.currency,
  rate: i.rate || '1',
  confirmed: !!Number(i.confirmed),
  status: i.status,
  rows_read: Number(i.rows_read),
  rows_matched: Number(i.rows_matched),
  rows_unmatched: Number(i.rows_unmatched),
  matched_micros: Number(i.matched_micros),
  unmatched_micros: Number(i.unmatched_micros),
  credited_cents: Number(i.credited_cents),
  error: i.error,
  created_by: i.created_by,
  created_at: new Date(i.created_at).toISOString(),
  finished_at: i.finished_at ? new Date(i.finished_at).toISOString() : null,
});

/**
 * Statement imports for finance (docs/decisions/019-money-engine.md): upload (streamed to disk with
 * its SHA-256, duplicate refused), preview, start with a preset or a generic mapping (saved as a named
 * preset on request), progress, rollback and confirmation. Every action is audited.
 */
@Injectable()
export class StatementImportsService {
  private readonly logger = new Logger(StatementImportsService.name);
  readonly dir: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly tx: Transactions,
    private readonly users: UsersService,
    private readonly runner: ImportRunner,
    private readonly job: StatementImportJob,
    private readonly audit: AuditService,
    private readonly holds: HoldsService,
  ) {
    this.dir = join(config.dataDir, 'statements');
  }

  private get imports() {
    return this.db.getRepository(StatementImportEntity);
  }

  /**
   * POST ops/statements/upload: stream multipart field `file` to DATA_DIR/statements while hashing it.
   * Errors: 400 fileMissing / fileOneOnly / fileIncomplete / fileNotText; 409 duplicateFile; 413 fileTooLarge.
   */
  async upload(req: PortalRequest, actor: Actor): Promise<StatementUpload> {
    if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(M.fileMissing);
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, `${randomBytes(16).toString('hex')}.txt`);
    let received: { sha256: string; name: string };
    try {
      received = await this.receive(req, path);
    } catch (e) {
      await rm(path, { force: true });
      throw e;
    }
    return this.register(path, received.name, received.sha256, actor);
  }

  /** The CLI's way in: copy a local file into the statements folder while hashing it, then register it. */
  async uploadLocal(file: string, actor: Actor): Promise<StatementUpload> {
    mkdirSync(this.dir, { recursive: true });
    const path = join(this.dir, `${randomBytes(16).toString('hex')}.txt`);
    const hash = createHash('sha256');
    await pipeline(
      createReadStream(file),
      new Transform({
        transform(chunk: Buffer, _e, cb) {
          hash.update(chunk);
          cb(null, chunk);
        },
      }),
      createWriteStream(path),
    );
    return this.register(path, basename(file), hash.digest('hex'), actor);
  }

  /**
   * The statement file of the request, by the one multipart receiver (docs/decisions/026 "One multipart
   * receiver"): multipart field `file` streamed to `path` through a text check while hashing it. Answers
   * its SHA-256 and the browser's file name; errors: 400 fileMissing (no file), fileOneOnly (two files),
   * fileIncomplete (cut-off or broken form), fileNotText (NUL bytes in the first 8 KB), 413 fileTooLarge (over ROYALTY_LIMITS.maxFileBytes).
   */
  private async receive(req: PortalRequest, path: string): Promise<{ sha256: string; name: string }> {
    const { value: sha256, filename } = await receiveFilePart(req, {
      field: 'file',
      maxBytes: L.maxFileBytes,
      messages: { missing: M.fileMissing, oneFile: M.fileOneOnly, incomplete: M.fileIncomplete },
      tooLarge: () => DomainError.tooLarge(M.fileTooLarge),
      logger: this.logger,
      sink: async ({ stream }) => {
        const hash = createHash('sha256');
        // The first TEXT_SNIFF_BYTES, gathered over as many chunks as they arrive in (a first chunk may be a few bytes).
        let head: Buffer | null = Buffer.alloc(0);
        const sniff = new Transform({
          transform(chunk: Buffer, _e, cb) {
            if (head) {
              head = Buffer.concat([head, chunk.subarray(0, TEXT_SNIFF_BYTES - head.length)]);
              if (head.length >= TEXT_SNIFF_BYTES) {
                const binary = !looksLikeText(head);
                head = null;
                if (binary) return cb(DomainError.badRequest(M.fileNotText));
              }
            }
            hash.update(chunk);
            cb(null, chunk);
          },
          flush(cb) {
            if (head && head.length && !looksLikeText(head)) return cb(DomainError.badRequest(M.fileNotText));
            cb();
          },
        });
        await writeToFile([stream, sniff], path, 'w');
        return hash.digest('hex');
      },
    });
    return { sha256, name: (filename || 'statement.csv').slice(0, 255) };
  }

  /** The applied import holding `sha256`'s claim, or null (docs/decisions/031: only `applied` claims a file). */
  private claimOf(sha256: string): Promise<StatementImportEntity | null> {
    return this.imports.findOne({ where: { active_sha256: sha256 } });
  }

  /**
   * Duplicate check and the `uploaded` row with its preview. The file is removed on a refusal. An
   * upload claims nothing: only an applied import holds `active_sha256` (the job sets it in the same
   * transaction as the ledger entries), so a file never started, refused at start, failed or discarded
   * never blocks the same file (docs/decisions/031).
   */
  private async register(path: string, name: string, sha256: string, actor: Actor): Promise<StatementUpload> {
    const size = (await stat(path)).size;
    const existing = await this.claimOf(sha256);
    if (existing) {
      await rm(path, { force: true });
      throw DomainError.conflict(fillMessage(M.duplicateFile, { id: existing.id }), 'duplicate_file');
    }
    if (size === 0) {
      await rm(path, { force: true });
      throw DomainError.badRequest(STAFF_DESK_MESSAGES.fileEmpty, 'file_empty');
    }
    const delimiter = detectDelimiter(await firstLine(path));
    let shown: { header: string[]; rows: string[][] };
    try {
      shown = await preview(path, delimiter);
    } catch (e) {
      await rm(path, { force: true });
      throw e;
    }
    let id: number;
    try {
      const r = await this.imports.insert({ file_name: name, file_sha256: sha256, active_sha256: null, file_path: path, delimiter, status: 'uploaded', created_by: actor.email, created_at: new Date() });
      id = Number(r.identifiers[0].id);
    } catch (e) {
      await rm(path, { force: true });
      throw e;
    }
    await this.audit.record(actor, 'statement.upload', 'statement_import', id, null, { file_name: name, sha256, bytes: size });
    return { import_id: id, file_name: name, sha256, delimiter, header: shown.header, rows: shown.rows, suggested_format: suggestPreset(shown.header) };
  }

  /** Built-in presets, then saved ones by name. */
  async presets(): Promise<StatementPreset[]> {
    const saved = await this.db.getRepository(StatementPresetEntity).find({ order: { name: 'ASC' } });
    return [
      ...STATEMENT_PRESETS.map((p) => ({ ...p })),
      ...saved.map((p) => ({ name: p.name, label: p.name, delimiter: p.delimiter, mapping: JSON.parse(p.mapping_json) as StatementMapping, builtin: false })),
    ];
  }

  /**
   * POST ops/statements/start: resolve the format (built-in preset, saved preset, or `generic` with a
   * mapping, saved under `save_as` when given), check it against the file's header, store the month,
   * source, rate and confirmation, queue the job. The header is read with the delimiter detected at
   * upload, whatever the preset (docs/decisions/031). Errors: 400 (format, mapping, month, rate), 404,
   * 409 importNotStartable (already started, or discarded; a failed import may be started again), 409
   * duplicateFile when an applied import already holds the same file.
   */
  async start(input: StartInput, actor: Actor): Promise<StatementImportRow> {
    const imp = await this.imports.findOne({ where: { id: input.import_id } });
    if (!imp) throw DomainError.notFound(M.importNotFound);
    if (imp.status !== 'uploaded' && imp.status !== 'failed') throw DomainError.conflict(M.importNotStartable);
    if (!isMonth(input.month)) throw DomainError.badRequest(M.monthInvalid);
    const rate = (input.rate ?? '').trim();
    if (rate && (!parseDecimal(rate) || !/^\d{1,9}(\.\d{1,10})?$/.test(rate) || !/[1-9]/.test(rate))) throw DomainError.badRequest(M.rateInvalid);
    const source = input.source.trim().slice(0, L.sourceMax);
    if (!source) throw DomainError.badRequest(M.sourceRequired);

    const claim = await this.claimOf(imp.file_sha256);
    if (claim) throw DomainError.conflict(fillMessage(M.duplicateFile, { id: claim.id }), 'duplicate_file');
    const stored = await this.resolveFormat(input);
    const delimiter = imp.delimiter;
    const { header } = await preview(imp.file_path, delimiter);
    planColumns(header, stored.mapping, stored.preset);
    if (input.save_as) {
      if (STATEMENT_PRESETS.some((p) => p.name === input.save_as)) throw DomainError.badRequest(M.presetNameInvalid);
      const presets = this.db.getRepository(StatementPresetEntity);
      const json = JSON.stringify(stored.mapping);
      const prior = await presets.findOne({ where: { name: input.save_as } });
      if (prior) await presets.update({ id: prior.id }, { mapping_json: json, delimiter });
      else await presets.insert({ name: input.save_as, delimiter, mapping_json: json, created_by: actor.email, created_at: new Date() });
      await this.audit.record(actor, 'statement.preset', 'statement_preset', input.save_as, prior ? { mapping: JSON.parse(prior.mapping_json) as unknown } : null, { mapping: stored.mapping });
    }
    const format = input.save_as || input.format;
    const changes = { format, mapping_json: JSON.stringify(stored), delimiter, month: input.month, source, rate, confirmed: input.confirmed ? 1 : 0, status: 'queued' as StatementImportStatus, error: '' };
    const r = await this.imports.update({ id: imp.id, status: imp.status }, changes);
    if (!r.affected) throw DomainError.conflict(M.importNotStartable);
    await this.audit.record(actor, 'statement.import', 'statement_import', imp.id, { status: imp.status }, { format, month: input.month, source, rate: rate || '1', confirmed: !!input.confirmed, sha256: imp.file_sha256 });
    // The answer shows the import as queued, read before the runner can claim it.
    const queued = toImportRow(await this.imports.findOneOrFail({ where: { id: imp.id } }));
    this.runner.enqueue(imp.id);
    return queued;
  }

  private async resolveFormat(input: StartInput): Promise<StoredMapping> {
    const builtin = STATEMENT_PRESETS.find((p) => p.name === input.format);
    if (builtin) return { mapping: builtin.mapping, preset: builtin.name, fixed_currency: builtin.fixed_currency ?? '' };
    if (input.format === 'generic') {
      const mapping: StatementMapping = {};
      for (const f of STATEMENT_FIELDS) {
        const col = input.mapping?.[f]?.trim();
        if (col) mapping[f] = [col];
      }
      return { mapping, preset: null, fixed_currency: '' };
    }
    const saved = await this.db.getRepository(StatementPresetEntity).findOne({ where: { name: input.format } });
    if (!saved) throw DomainError.badRequest(M.formatUnknown);
    return { mapping: JSON.parse(saved.mapping_json) as StatementMapping, preset: saved.name, fixed_currency: '' };
  }

  /** Newest first, optionally one status. */
  async list(status: string, limit: number, offset: number): Promise<{ rows: StatementImportRow[]; total: number }> {
    const [rows, total] = await this.imports.findAndCount({ where: status ? { status: status as StatementImportStatus } : {}, order: { id: 'DESC' }, take: limit, skip: offset });
    return { rows: rows.map(toImportRow), total };
  }

  async detail(importId: number): Promise<StatementImportRow> {
    const imp = await this.imports.findOne({ where: { id: importId } });
    if (!imp) throw DomainError.notFound(M.importNotFound);
    return toImportRow(imp);
  }

  /**
   * POST ops/statements/rollback: in one transaction, refuse when a payout took any of the import's
   * credits (409 rollbackRefused), else add the opposite ledger entries, mark it `rolled_back` and free
   * its SHA-256 (the same file may be imported again). Audited. Errors: 404; 409 rollbackNotApplied.
   */
  async rollback(importId: number, actor: Actor): Promise<StatementImportRow> {
    await this.tx.run(async (m) => {
      const imp = await m.findOne(StatementImportEntity, { where: { id: importId } });
      if (!imp) throw DomainError.notFound(M.importNotFound);
      if (imp.status !== 'applied') throw DomainError.conflict(M.rollbackNotApplied);
      // MariaDB: lock the credited users' rows so a withdrawal waits for this decision (SQLite: the queue).
      if (this.tx.isMysql) await this.users.lockForUpdate(m, await RoyaltyLedger.creditedUsers(m, importId));
      const payout = await RoyaltyLedger.payoutAfter(m, importId);
      if (payout !== null) throw DomainError.conflict(fillMessage(M.rollbackRefused, { id: importId, payout }), 'rollback_refused');
      const reversed = await RoyaltyLedger.reverse(m, importId, `Rollback of ${ledgerNote(imp)}`);
      const r = await m.update(StatementImportEntity, { id: importId, status: 'applied' }, { status: 'rolled_back', active_sha256: null });
      if (!r.affected) throw DomainError.conflict(M.rollbackNotApplied);
      await this.holds.voidImport(m, importId);
      await this.audit.record(actor, 'statement.rollback', 'statement_import', importId, { status: 'applied', credited_cents: Number(imp.credited_cents) }, { status: 'rolled_back', reversed_cents: reversed }, m);
    });
    return this.detail(importId);
  }

  /**
   * POST ops/statements/discard: an import that never reached the ledger (`uploaded`, or `failed`)
   * becomes `discarded` and its file is deleted; the row stays for the history and the audit row
   * `statement.discard`. It never held the file's claim, so nothing else changes. Errors: 404
   * importNotFound; 409 discardNotAllowed (queued, running, applied, rolled back or already discarded).
   */
  async discard(importId: number, actor: Actor): Promise<StatementImportRow> {
    const path = await this.tx.run(async (m) => {
      const imp = await m.findOne(StatementImportEntity, { where: { id: importId } });
      if (!imp) throw DomainError.notFound(M.importNotFound);
      const refused = () => DomainError.conflict(fillMessage(M.discardNotAllowed, { id: importId, status: imp.status }), 'discard_not_allowed');
      if (!STATEMENT_DISCARDABLE.includes(imp.status)) throw refused();
      // Conditional on the state read: a start racing this one makes one of the two fail.
      const r = await m.update(StatementImportEntity, { id: importId, status: imp.status }, { status: 'discarded', active_sha256: null, file_path: '', finished_at: new Date() });
      if (!r.affected) throw refused();
      await this.audit.record(actor, 'statement.discard', 'statement_import', importId, { status: imp.status, file_name: imp.file_name, sha256: imp.file_sha256 }, { status: 'discarded' }, m);
      return imp.file_path;
    });
    if (path) await rm(path, { force: true });
    return this.detail(importId);
  }

  /**
   * POST ops/statements/confirm: an applied estimated import becomes confirmed; its per-user sums are
   * posted to the ledger in the same transaction. Errors: 404; 409 alreadyConfirmed / not applied.
   */
  async confirm(importId: number, actor: Actor): Promise<StatementImportRow> {
    const postings = await this.tx.run(async (m) => {
      const imp = await m.findOne(StatementImportEntity, { where: { id: importId } });
      if (!imp) throw DomainError.notFound(M.importNotFound);
      if (imp.status !== 'applied') throw DomainError.conflict(M.rollbackNotApplied);
      const r = await m.update(StatementImportEntity, { id: importId, status: 'applied', confirmed: 0 }, { confirmed: 1 });
      if (!r.affected) throw DomainError.conflict(fillMessage(M.alreadyConfirmed, { id: importId }));
      // The lines not held, each clawback's debit and the holds released while it was estimated (docs/decisions/039).
      const { credited, postings: sums } = await this.holds.post(m, imp, ledgerNote(imp), await this.holds.plainByUser(m, importId));
      await m.update(StatementImportEntity, { id: importId }, { credited_cents: credited });
      await this.audit.record(actor, 'statement.confirm', 'statement_import', importId, { confirmed: false }, { confirmed: true, credited_cents: credited }, m);
      return { sums, month: imp.month };
    });
    await this.job.tellCredited(postings.sums.filter((p) => p.cents > 0), postings.month);
    return this.detail(importId);
  }
}
