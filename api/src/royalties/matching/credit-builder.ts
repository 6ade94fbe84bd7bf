import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { splitByShares, splitEvenly } from '../shared/money-math';
import { TrackSplitEntity } from '../shared/royalty.entities';
import type { CatalogCodes, CatalogTrack } from './catalog-codes';

/** A statement row ready to credit: canonical fields with its amount in micro-USD. */
export type PricedRow = {
  line: number;
  sale_month: string;
  reporting_date: string;
  store: string;
  country: string;
  isrc: string;
  upc: string;
  sale_type: string;
  quantity: number;
  micros: number;
  artist: string;
  release: string;
  track: string;
};

/** A credit line to insert (royalty_credits without id and import). */
export type CreditLine = {
  line_no: number;
  user_id: number;
  track_id: number;
  release_id: number;
  share: 'owner' | 'split';
  split_id: number | null;
  unmatched_id: number | null;
  sale_month: string;
  reporting_date: string;
  store: string;
  country: string;
  isrc: string;
  upc: string;
  sale_type: string;
  quantity: number;
  amount_micros: number;
};

/** Accepted splits of tracks, for the months they cover (decision 019, "Splits"). */
export async function acceptedSplits(m: EntityManager, trackIds: number[]): Promise<Map<number, TrackSplitEntity[]>> {
  const out = new Map<number, TrackSplitEntity[]>();
  if (!trackIds.length) return out;
  const rows = await m.find(TrackSplitEntity, { where: { track_id: In([...new Set(trackIds)]), accepted: 1 }, order: { id: 'ASC' } });
  for (const s of rows) if (s.collaborator_user_id) out.set(s.track_id, [...(out.get(s.track_id) ?? []), s]);
  return out;
}

/** The splits of `track` in effect on `month`. */
const inEffect = (splits: TrackSplitEntity[] | undefined, month: string) => (splits ?? []).filter((s) => s.from_month <= month && (s.to_month === null || s.to_month >= month));

/**
 * The credit lines of one row's amount on `tracks` (one for an ISRC match, a release's tracks for a
 * UPC match): the amount is spread evenly over the tracks (splitEvenly), then each track's part is
 * divided between its owner and the collaborators whose accepted split covers the row's sale month
 * (splitByShares, the rounding remainder to the owner). The lines sum exactly to `row.micros`.
 */
export function creditLines(row: PricedRow, tracks: CatalogTrack[], splits: Map<number, TrackSplitEntity[]>, unmatchedId: number | null = null): CreditLine[] {
  const parts = splitEvenly(row.micros, tracks.length);
  const lines: CreditLine[] = [];
  tracks.forEach((t, i) => {
    const shares = inEffect(splits.get(t.track_id), row.sale_month);
    const amounts = splitByShares(parts[i], shares.map((s) => s.basis_points));
    const base = {
      line_no: row.line,
      track_id: t.track_id,
      release_id: t.release_id,
      unmatched_id: unmatchedId,
      sale_month: row.sale_month,
      reporting_date: row.reporting_date,
      store: row.store,
      country: row.country,
      isrc: t.isrc || row.isrc,
      upc: row.upc || t.upc.replace(/^0+/, ''),
      sale_type: row.sale_type,
      quantity: row.quantity,
    };
    lines.push({ ...base, user_id: t.user_id, share: 'owner', split_id: null, amount_micros: amounts[0] });
    shares.forEach((s, k) => lines.push({ ...base, user_id: s.collaborator_user_id!, share: 'split', split_id: s.id, amount_micros: amounts[k + 1] }));
  });
  return lines;
}

/**
 * Match a batch: each row to a track by ISRC, else to a release's tracks by UPC (decision 019).
 * Answers the credit lines and the rows nothing matched.
 */
export async function matchBatch(m: EntityManager, codes: CatalogCodes, rows: PricedRow[]): Promise<{ credits: CreditLine[]; unmatched: PricedRow[]; matched: number; matchedMicros: number }> {
  const isrcs = await codes.byIsrc(m, [...new Set(rows.map((r) => r.isrc).filter(Boolean))]);
  const upcs = await codes.byUpc(m, [...new Set(rows.filter((r) => r.upc && !isrcs.has(r.isrc)).map((r) => r.upc))]);
  const targets = rows.map((r) => {
    const byIsrc = r.isrc ? isrcs.get(r.isrc) : undefined;
    return byIsrc ? [byIsrc] : r.upc ? (upcs.get(r.upc) ?? []) : [];
  });
  const splits = await acceptedSplits(m, targets.flat().map((t) => t.track_id));
  const credits: CreditLine[] = [];
  const unmatched: PricedRow[] = [];
  let matched = 0;
  let matchedMicros = 0;
  rows.forEach((r, i) => {
    if (!targets[i].length) {
      unmatched.push(r);
      return;
    }
    matched += 1;
    matchedMicros += r.micros;
    credits.push(...creditLines(r, targets[i], splits));
  });
  return { credits, unmatched, matched, matchedMicros };
}
