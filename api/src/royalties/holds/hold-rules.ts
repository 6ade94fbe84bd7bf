import type { HoldRule } from '@portal/contracts';
import type { CreditLine } from '../matching/credit-builder';
import type { RoyaltiesConfig } from '../royalties.settings';

/** One (track, store, country, sale month) of an import: the owner's units and everyone's micro-USD of its positive rows. */
export type SaleGroup = { track_id: number; user_id: number; store: string; country: string; sale_month: string; units: number; micros: number };

/** A group a rule flagged, with the figure it measured and the baseline it compared it with. */
export type Flag = { group: SaleGroup; rule: Exclude<HoldRule, 'store_flag' | 'clawback'>; observed: number; baseline: number; place?: string };

/** The history the rules read (applied imports before this one), built from set-based queries. */
export type History = {
  /** `track|store|country|month` → units. */
  units: Map<string, number>;
  /** Tracks with any earlier sale, and their earlier countries and stores (`track|country`, `track|store`). */
  tracks: Set<number>;
  places: Set<string>;
};

/** The median of numbers (0 for none); the mean of the two middle ones for an even count, rounded down. */
export function median(values: number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : Math.floor((s[mid - 1] + s[mid]) / 2);
}

/** The `n` months before `month` (YYYY-MM), nearest first. */
export function monthsBefore(month: string, n: number): string[] {
  let [y, m] = month.split('-').map(Number);
  const out: string[] = [];
  for (let i = 0; i < n; i += 1) {
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
    out.push(`${y}-${String(m).padStart(2, '0')}`);
  }
  return out;
}

export const groupKey = (g: Pick<SaleGroup, 'track_id' | 'store' | 'country' | 'sale_month'>) => `${g.track_id}|${g.store}|${g.country}|${g.sale_month}`;

/**
 * The import's groups the rules judge, summed while staging (docs/decisions/039, "Reads are set-based"),
 * as the per-user sums are (decision 019): a GROUP BY of the import's lines at the end read every line
 * again through the import index, one random page read per line (a million on the bench; minutes on
 * a loaded machine). Only owner lines of positive rows the store did not flag count (the rows the
 * holds of the statement's own marks and the clawbacks leave): per group the owner's units, the
 * owner's micro-USD and the owner (the track's user). Memory follows the number of groups, not of rows.
 */
export class SaleGroupSums {
  private readonly byKey = new Map<string, SaleGroup>();

  /** Add a batch's credit lines; `flagged` is line number → the store's flag for the rows it marked. */
  add(credits: ReadonlyArray<CreditLine>, flagged: ReadonlyMap<number, string>): void {
    for (const c of credits) {
      if (c.share !== 'owner' || c.amount_micros < 0 || flagged.get(c.line_no)) continue;
      const key = groupKey(c);
      const g = this.byKey.get(key);
      if (!g) {
        this.byKey.set(key, { track_id: c.track_id, user_id: c.user_id, store: c.store, country: c.country, sale_month: c.sale_month, units: c.quantity, micros: c.amount_micros });
        continue;
      }
      g.units += c.quantity;
      g.micros += c.amount_micros;
      if (c.user_id > g.user_id) g.user_id = c.user_id;
    }
  }

  /** The groups in (track, store, country, month) order, as a GROUP BY of those columns answers them on SQLite. */
  list(): SaleGroup[] {
    const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return [...this.byKey.values()].sort((a, b) => a.track_id - b.track_id || cmp(a.store, b.store) || cmp(a.country, b.country) || cmp(a.sale_month, b.sale_month));
  }
}

/**
 * The tracks the concentration rule judges: more than `concentrationMinUnits` units in the import's
 * groups. Only their earlier places are read (History.tracks and places are asked about no other track).
 */
export function concentrationTracks(groups: SaleGroup[], s: Pick<RoyaltiesConfig, 'concentrationMinUnits'>): number[] {
  const totals = new Map<number, number>();
  for (const g of groups) totals.set(g.track_id, (totals.get(g.track_id) ?? 0) + g.units);
  return [...totals].filter(([, units]) => units > s.concentrationMinUnits).map(([track]) => track);
}

/**
 * The rules of docs/decisions/039 over an import's groups, in order (a group flagged by one is not
 * judged by the next):
 * - spike: units > K × max(trailing three-month median in the same store and country, floor);
 * - concentration: a track with earlier sales and more than `concentrationMinUnits` units in the import,
 *   more than `concentrationPercent` % of them from one country (or store) where it never sold before;
 * - rate: groups of at least `rateMinUnits` units whose micro-USD per unit is more than `rateFactor`
 *   times above or below the median rate of the store's groups in this import.
 * Figures: spike units / median units; concentration per-mille share / threshold per-mille; rate
 * micro-USD per unit / the store's median.
 */
export function evaluateRules(groups: SaleGroup[], history: History, s: RoyaltiesConfig): Flag[] {
  const flags: Flag[] = [];
  const flagged = new Set<SaleGroup>();
  for (const g of groups) {
    const usual = median(monthsBefore(g.sale_month, 3).map((mm) => history.units.get(`${g.track_id}|${g.store}|${g.country}|${mm}`) ?? 0));
    if (g.units > s.spikeFactor * Math.max(usual, s.spikeFloorUnits)) {
      flags.push({ group: g, rule: 'spike', observed: g.units, baseline: usual });
      flagged.add(g);
    }
  }
  // Lists grown in place: copying a list per group made these loops quadratic in a store's groups.
  const byTrack = new Map<number, SaleGroup[]>();
  for (const g of groups) {
    const list = byTrack.get(g.track_id);
    if (list) list.push(g);
    else byTrack.set(g.track_id, [g]);
  }
  for (const [trackId, list] of byTrack) {
    const total = list.reduce((a, g) => a + g.units, 0);
    if (total <= s.concentrationMinUnits || !history.tracks.has(trackId)) continue;
    for (const dim of ['country', 'store'] as const) {
      const per = new Map<string, number>();
      for (const g of list) per.set(g[dim], (per.get(g[dim]) ?? 0) + g.units);
      for (const [place, units] of per) {
        const perMille = Math.floor((units * 1000) / total);
        if (units * 100 <= s.concentrationPercent * total || history.places.has(`${trackId}|${place}`)) continue;
        for (const g of list) {
          if (g[dim] !== place || flagged.has(g)) continue;
          flags.push({ group: g, rule: 'concentration', observed: perMille, baseline: s.concentrationPercent * 10, place });
          flagged.add(g);
        }
      }
    }
  }
  const byStore = new Map<string, SaleGroup[]>();
  for (const g of groups) {
    if (g.units < s.rateMinUnits || g.micros <= 0) continue;
    const list = byStore.get(g.store);
    if (list) list.push(g);
    else byStore.set(g.store, [g]);
  }
  for (const list of byStore.values()) {
    if (list.length < 3) continue;
    const typical = median(list.map((g) => Math.round(g.micros / g.units)));
    if (typical <= 0) continue;
    for (const g of list) {
      const rate = Math.round(g.micros / g.units);
      if (flagged.has(g) || (rate <= typical * s.rateFactor && rate * s.rateFactor >= typical)) continue;
      flags.push({ group: g, rule: 'rate', observed: rate, baseline: typical });
      flagged.add(g);
    }
  }
  return flags;
}
