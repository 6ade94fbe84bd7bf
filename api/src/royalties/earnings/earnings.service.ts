import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { EarningLine, EarningsSummary, EarningsTotal } from '@portal/contracts';
import { ledgerBalanceCents } from '../../support/money/ledger.query';
import { CatalogCodes } from '../../releases/catalog/catalog-codes';
import { currentMonth } from '../splits/splits.service';
import { countedPage } from '../shared/counted-page';

/** The sale-month window of a query: `from`..`to` (YYYY-MM), default the 12 months up to this one. */
export function monthWindow(from: string, to: string): { from: string; to: string } {
  const end = to || currentMonth();
  if (from) return from <= end ? { from, to: end } : { from: end, to: from };
  const [y, m] = end.split('-').map(Number);
  const startY = m === 12 ? y : y - 1;
  const startM = m === 12 ? 1 : m + 1;
  return { from: `${startY}-${String(startM).padStart(2, '0')}`, to: end };
}

type Group = 'sale_month' | 'store' | 'country' | 'release_id' | 'track_id';

/**
 * Lines under a hold join it (docs/decisions/039): a line is earned when it has no hold or its hold was
 * released or is a clawback (`debited`); lines under an open or forfeited hold are not earned.
 */
const HOLD_JOIN = 'LEFT JOIN royalty_holds h ON h.id = c.hold_id';
const EARNED = "(c.hold_id IS NULL OR h.status IN ('released', 'debited'))";
const OPEN_HOLD = "h.status IN ('held', 'forfeit_pending')";

/**
 * The artist's earnings (docs/decisions/019-money-engine.md, "Earnings"): sums of their earned credit
 * lines of applied imports, by sale month, store, country, release and track, confirmed and estimated
 * apart, the money under open holds beside them (docs/decisions/039), and the credit lines themselves
 * with their statement and hold. Only the caller's own lines.
 */
@Injectable()
export class EarningsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly codes: CatalogCodes,
  ) {}

  async summary(userId: number, fromQ: string, toQ: string): Promise<EarningsSummary> {
    const { from, to } = monthWindow(fromQ, toQ);
    const by = async (g: Group): Promise<EarningsTotal[]> => {
      const rows = (await this.db.query(
        `SELECT c.${g} AS k, SUM(CASE WHEN i.confirmed = 1 THEN c.amount_micros ELSE 0 END) AS confirmed, SUM(CASE WHEN i.confirmed = 1 THEN 0 ELSE c.amount_micros END) AS estimated, SUM(c.quantity) AS qty
         FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied' ${HOLD_JOIN}
         WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ? AND ${EARNED} GROUP BY c.${g} ORDER BY ${g === 'sale_month' ? 'c.sale_month' : 'SUM(c.amount_micros) DESC'}`,
        [userId, from, to],
      )) as Array<{ k: string | number; confirmed: string | number; estimated: string | number; qty: string | number }>;
      return rows.map((r) => ({ key: String(r.k), label: String(r.k), confirmed_micros: Number(r.confirmed), estimated_micros: Number(r.estimated), quantity: Number(r.qty) }));
    };
    const [byMonth, byStore, byCountry, byRelease, byTrack] = [await by('sale_month'), await by('store'), await by('country'), await by('release_id'), await by('track_id')];
    const titles = await this.codes.titles(this.db.manager, byTrack.map((t) => Number(t.key)), byRelease.map((r) => Number(r.key)));
    for (const t of byTrack) t.label = titles.tracks.get(Number(t.key)) ?? `Track ${t.key}`;
    for (const r of byRelease) r.label = titles.releases.get(Number(r.key)) ?? `Release ${r.key}`;
    for (const s of byStore) s.label ||= 'Unknown store';
    for (const c of byCountry) c.label ||= 'Unknown';
    const [held] = (await this.db.query(
      `SELECT SUM(c.amount_micros) AS micros FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied' JOIN royalty_holds h ON h.id = c.hold_id
       WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ? AND ${OPEN_HOLD}`,
      [userId, from, to],
    )) as Array<{ micros: string | number | null }>;
    return {
      from,
      to,
      balance_cents: await ledgerBalanceCents(this.db.manager, userId),
      confirmed_micros: byMonth.reduce((s, r) => s + r.confirmed_micros, 0),
      estimated_micros: byMonth.reduce((s, r) => s + r.estimated_micros, 0),
      held_micros: Number(held?.micros ?? 0),
      by_month: byMonth,
      by_store: byStore,
      by_country: byCountry,
      by_release: byRelease,
      by_track: byTrack,
    };
  }

  /** The caller's credit lines in the window, newest sale month first, with their statement and track. */
  async lines(userId: number, fromQ: string, toQ: string, limit: number, offset: number): Promise<{ rows: EarningLine[]; total: number }> {
    const { from, to } = monthWindow(fromQ, toQ);
    const where = `FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied' WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ?`;
    const pageSql = `SELECT c.id, c.import_id, i.source, i.confirmed, c.sale_month, c.reporting_date, c.store, c.country, c.track_id, c.release_id, c.isrc, c.upc, c.sale_type, c.quantity, c.amount_micros, c.share, h.status AS hold_status
       FROM royalty_credits c JOIN statement_imports i ON i.id = c.import_id AND i.status = 'applied' ${HOLD_JOIN}
       WHERE c.user_id = ? AND c.sale_month >= ? AND c.sale_month <= ? ORDER BY c.sale_month DESC, c.id DESC LIMIT ? OFFSET ?`;
    return countedPage<EarningLine>(this.db, { countSql: `SELECT COUNT(*) AS n ${where}`, pageSql, params: [userId, from, to], limit, offset }, async (rows) => {
      const titles = await this.codes.titles(this.db.manager, [...new Set(rows.map((r) => Number(r.track_id)))], [...new Set(rows.map((r) => Number(r.release_id)))]);
      return rows.map((r) => ({
        credit_id: Number(r.id),
        import_id: Number(r.import_id),
        source: String(r.source),
        sale_month: String(r.sale_month),
        reporting_date: String(r.reporting_date),
        store: String(r.store),
        country: String(r.country),
        track_id: Number(r.track_id),
        track: titles.tracks.get(Number(r.track_id)) ?? '',
        release_id: Number(r.release_id),
        release: titles.releases.get(Number(r.release_id)) ?? '',
        isrc: String(r.isrc),
        upc: String(r.upc),
        sale_type: String(r.sale_type),
        quantity: Number(r.quantity),
        amount_micros: Number(r.amount_micros),
        confirmed: Number(r.confirmed) === 1,
        share: String(r.share) === 'split' ? 'split' : 'owner',
        hold: r.hold_status === 'held' || r.hold_status === 'forfeit_pending' ? 'held' : r.hold_status === 'forfeited' ? 'forfeited' : null,
      }));
    });
  }
}
