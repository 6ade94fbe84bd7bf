import type { EntityManager } from 'typeorm';
import { In } from 'typeorm';
import { splitByShares, splitEvenly } from '../shared/money-math';
import { TrackSplitEntity } from '../shared/royalty.entities';
import type { CatalogCodes, CatalogTrack } from '../../releases/catalog/catalog-codes';
import type { StatementRow } from '../import/statement-reader';

/** A statement row ready to credit: canonical fields with its amount in micro-USD. */
export type PricedRow = Omit<StatementRow, 'amount' | 'currency'> & { micros: number };

/** The sale a credit line comes from, as the statement row gave it. */
type SaleFields = Pick<StatementRow, 'sale_month' | 'reporting_date' | 'store' | 'country' | 'isrc' | 'upc' | 'sale_type' | 'quantity'>;

/** A credit line to insert (royalty_credits without id and import). */
export type CreditLine = SaleFields & {
  line_no: number;
  user_id: number;
  track_id: number;
  release_id: number;
  share: 'owner' | 'split';
  split_id: number | null;
  unmatched_id: number | null;
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
  const parts = tracks.length === 1 ? [row.micros] : splitEvenly(row.micros, tracks.length);
  const lines: CreditLine[] = [];
  for (let i = 0; i < tracks.length; i += 1) {
    const t = tracks[i];
    const all = splits.get(t.track_id);
    const shares = all && all.length ? inEffect(all, row.sale_month) : [];
    const amounts = shares.length ? splitByShares(parts[i], shares.map((s) => s.basis_points)) : [parts[i]];
    const isrc = t.isrc || row.isrc;
    const upc = row.upc || t.upc.replace(/^0+/, '');
    // Plain literals (no spreads): a million rows make these the import's hottest allocation.
    const line = (user_id: number, share: 'owner' | 'split', split_id: number | null, amount_micros: number): CreditLine => ({
      line_no: row.line,
      user_id,
      track_id: t.track_id,
      release_id: t.release_id,
      share,
      split_id,
      unmatched_id: unmatchedId,
      sale_month: row.sale_month,
      reporting_date: row.reporting_date,
      store: row.store,
      country: row.country,
      isrc,
      upc,
      sale_type: row.sale_type,
      quantity: row.quantity,
      amount_micros,
    });
    lines.push(line(t.user_id, 'owner', null, amounts[0]));
    for (let k = 0; k < shares.length; k += 1) lines.push(line(shares[k].collaborator_user_id!, 'split', shares[k].id, amounts[k + 1]));
  }
  return lines;
}

/**
 * What one import has looked up already: ISRC → track (or null), UPC → tracks, track → accepted
 * splits. Statements repeat the same codes on many rows (one per store and country), so each code is
 * asked once per import. Bounded: past `max` entries a map starts again.
 */
export class MatchCache {
  readonly isrc = new Map<string, CatalogTrack | null>();
  readonly upc = new Map<string, CatalogTrack[]>();
  readonly splits = new Map<number, TrackSplitEntity[]>();
  constructor(private readonly max = 200_000) {}
  trim(): void {
    for (const map of [this.isrc, this.upc, this.splits] as Array<Map<unknown, unknown>>) if (map.size > this.max) map.clear();
  }
}

/**
 * Match a batch: each row to a track by ISRC, else to a release's tracks by UPC (decision 019).
 * Answers the credit lines and the rows nothing matched.
 */
export async function matchBatch(
  m: EntityManager,
  codes: CatalogCodes,
  rows: PricedRow[],
  cache = new MatchCache(),
): Promise<{ credits: CreditLine[]; unmatched: PricedRow[]; matched: number; matchedMicros: number }> {
  cache.trim();
  const newIsrcs = [...new Set(rows.map((r) => r.isrc).filter((c) => c && !cache.isrc.has(c)))];
  if (newIsrcs.length) {
    const found = await codes.byIsrc(m, newIsrcs);
    for (const c of newIsrcs) cache.isrc.set(c, found.get(c) ?? null);
  }
  const newUpcs = [...new Set(rows.filter((r) => r.upc && !(r.isrc && cache.isrc.get(r.isrc)) && !cache.upc.has(r.upc)).map((r) => r.upc))];
  if (newUpcs.length) {
    const found = await codes.byUpc(m, newUpcs);
    for (const c of newUpcs) cache.upc.set(c, found.get(c) ?? []);
  }
  const targets = rows.map((r) => {
    const byIsrc = r.isrc ? cache.isrc.get(r.isrc) : null;
    return byIsrc ? [byIsrc] : r.upc ? (cache.upc.get(r.upc) ?? []) : [];
  });
  const newTracks = [...new Set(targets.flat().map((t) => t.track_id))].filter((id) => !cache.splits.has(id));
  if (newTracks.length) {
    const found = await acceptedSplits(m, newTracks);
    for (const id of newTracks) cache.splits.set(id, found.get(id) ?? []);
  }
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
    for (const line of creditLines(r, targets[i], cache.splits)) credits.push(line);
  });
  return { credits, unmatched, matched, matchedMicros };
}
