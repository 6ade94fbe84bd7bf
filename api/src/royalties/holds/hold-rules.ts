import type { HoldRule } from '@portal/contracts';
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
  const byTrack = new Map<number, SaleGroup[]>();
  for (const g of groups) byTrack.set(g.track_id, [...(byTrack.get(g.track_id) ?? []), g]);
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
  for (const g of groups) if (g.units >= s.rateMinUnits && g.micros > 0) byStore.set(g.store, [...(byStore.get(g.store) ?? []), g]);
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
