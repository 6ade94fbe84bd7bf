import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { fillMessage, microsToUsd, ROYALTY_MESSAGES as M, type UnmatchedCodeRow } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { RoyaltyLedger } from '../../support/money/ledger.service';
import { Transactions } from '../../database/transactions';
import { AuditService, type Actor } from '../../audit/audit.service';
import { bulkInsert, CREDIT_COLUMNS } from '../shared/bulk-insert';
import { microsToCents } from '../shared/money-math';
import { countedPage } from '../shared/counted-page';
import { StatementImportEntity, StatementUnmatchedEntity } from '../shared/royalty.entities';
import { ledgerNote, StatementImportJob } from '../import/statement-import.job';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { acceptedSplits, creditLines, type CreditLine } from './credit-builder';

/**
 * Unmatched statement rows (decision 019): listed by code (ISRC, else UPC) and summed, and linked
 * later to a track, which credits them then (to the track's owner and its splits, like an import).
 */
@Injectable()
export class UnmatchedService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly tx: Transactions,
    private readonly codes: CatalogCodes,
    private readonly audit: AuditService,
    private readonly job: StatementImportJob,
  ) {}

  /** Rows of applied imports not linked yet, grouped by (ISRC, UPC), largest amount first. */
  async list(importId: number | undefined, limit: number, offset: number): Promise<{ rows: UnmatchedCodeRow[]; total: number }> {
    const where = `u.linked_track_id IS NULL AND i.status = 'applied'${importId ? ' AND u.import_id = ?' : ''}`;
    const params = importId ? [importId] : [];
    const from = `FROM statement_unmatched u JOIN statement_imports i ON i.id = u.import_id WHERE ${where}`;
    const countSql = `SELECT COUNT(*) AS n FROM (SELECT u.isrc, u.upc ${from} GROUP BY u.isrc, u.upc) g`;
    const pageSql = `SELECT u.isrc, u.upc, COUNT(*) AS n, SUM(u.amount_micros) AS micros, MAX(u.track_title) AS track, MAX(u.release_title) AS release_title, MAX(u.artist) AS artist,
              MIN(u.import_id) AS first_import, MAX(u.import_id) AS last_import
       ${from} GROUP BY u.isrc, u.upc ORDER BY SUM(u.amount_micros) DESC, u.isrc, u.upc LIMIT ? OFFSET ?`;
    return countedPage<UnmatchedCodeRow>(this.db, { countSql, pageSql, params, limit, offset }, (rows) =>
      rows.map((r) => ({
        isrc: String(r.isrc),
        upc: String(r.upc),
        rows: Number(r.n),
        amount_micros: Number(r.micros),
        track: String(r.track ?? ''),
        release: String(r.release_title ?? ''),
        artist: String(r.artist ?? ''),
        first_import_id: Number(r.first_import),
        last_import_id: Number(r.last_import),
      })),
    );
  }

  /**
   * POST ops/statements/link: every unmatched row (of applied imports) whose ISRC (or, for `upc`, whose
   * UPC with no ISRC match) equals `code` is credited to `trackId` in one transaction: credit lines by
   * the splits of its sale month, rows marked linked, and for confirmed imports one ledger entry per
   * user and import. Audited. Errors: 404 trackNotFound (not an earning track); 400 nothingToLink.
   */
  async link(kind: 'isrc' | 'upc', rawCode: string, trackId: number, actor: Actor): Promise<{ rows: number; amount_micros: number }> {
    const code = kind === 'isrc' ? rawCode.replace(/[\s-]/g, '').toUpperCase() : rawCode.replace(/\D/g, '').replace(/^0+/, '');
    const result = await this.tx.run(async (m) => {
      const track = await this.codes.track(m, trackId);
      if (!track) throw DomainError.notFound(M.trackNotFound);
      const rows = (await m.query(
        `SELECT u.* FROM statement_unmatched u JOIN statement_imports i ON i.id = u.import_id
         WHERE u.${kind} = ? AND u.linked_track_id IS NULL AND i.status = 'applied' ORDER BY u.id`,
        [code],
      )) as StatementUnmatchedEntity[];
      if (!rows.length) throw DomainError.badRequest(M.nothingToLink);
      const splits = await acceptedSplits(m, [track.track_id]);
      const byImport = new Map<number, CreditLine[]>();
      let micros = 0;
      for (const u of rows) {
        const amount = Number(u.amount_micros);
        micros += amount;
        const lines = creditLines(
          { line: Number(u.line_no), sale_month: u.sale_month, reporting_date: u.reporting_date, store: u.store, country: u.country, isrc: u.isrc, upc: u.upc, sale_type: u.sale_type, quantity: Number(u.quantity), micros: amount, artist: u.artist, release: u.release_title, track: u.track_title, flag: '' },
          [track],
          splits,
          Number(u.id),
        );
        const importId = Number(u.import_id);
        byImport.set(importId, [...(byImport.get(importId) ?? []), ...lines]);
      }
      const posted: Array<{ user_id: number; cents: number; month: string }> = [];
      for (const [importId, lines] of byImport) {
        await bulkInsert(m, 'royalty_credits', CREDIT_COLUMNS, lines, { import_id: importId });
        const imp = await m.findOneOrFail(StatementImportEntity, { where: { id: importId } });
        if (Number(imp.confirmed)) {
          const perUser = new Map<number, number>();
          for (const l of lines) perUser.set(l.user_id, (perUser.get(l.user_id) ?? 0) + l.amount_micros);
          const postings = [...perUser].map(([user_id, sum]) => ({ user_id, cents: microsToCents(sum) }));
          const cents = await RoyaltyLedger.post(m, importId, postings, `${ledgerNote(imp)}, linked ${kind.toUpperCase()} ${code}`);
          await m.query('UPDATE statement_imports SET credited_cents = credited_cents + ? WHERE id = ?', [cents, importId]);
          posted.push(...postings.map((p) => ({ ...p, month: imp.month })));
        }
      }
      const ids = rows.map((r) => Number(r.id));
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        await m.createQueryBuilder().update(StatementUnmatchedEntity).set({ linked_track_id: track.track_id, linked_at: new Date() }).whereInIds(chunk).execute();
      }
      await this.audit.record(actor, 'statement.link', 'track', track.track_id, null, { code_kind: kind, code, rows: rows.length, amount_usd: microsToUsd(micros) }, m);
      return { rows: rows.length, amount_micros: micros, posted };
    });
    for (const p of result.posted) if (p.cents > 0) await this.job.tellCredited([p], p.month);
    return { rows: result.rows, amount_micros: result.amount_micros };
  }

  /** The answer text of a link. */
  static message(r: { rows: number; amount_micros: number }): string {
    return fillMessage(M.linked, { rows: r.rows, amount: microsToUsd(r.amount_micros) });
  }
}
