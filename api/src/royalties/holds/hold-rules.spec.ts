import type { CreditLine } from '../matching/credit-builder';
import { concentrationTracks, evaluateRules, median, monthsBefore, SaleGroupSums, type History, type SaleGroup } from './hold-rules';

const settings = { detection: true, spikeFactor: 10, spikeFloorUnits: 100, concentrationPercent: 80, concentrationMinUnits: 100, rateFactor: 20, rateMinUnits: 10, forfeitFourEyesCents: 10_000 };
const g = (track_id: number, store: string, country: string, units: number, micros: number, sale_month = '2026-05'): SaleGroup => ({ track_id, user_id: 1, store, country, sale_month, units, micros });
const none = (): History => ({ units: new Map(), tracks: new Set(), places: new Set() });

describe('hold rules (docs/decisions/039)', () => {
  it('median and the months before', () => {
    expect([median([]), median([3, 1, 2]), median([4, 1, 3, 2])]).toEqual([0, 2, 2]);
    expect(monthsBefore('2026-02', 3)).toEqual(['2026-01', '2025-12', '2025-11']);
  });

  it('spike: above K × max(trailing median, floor) only; a new track is judged against the floor', () => {
    const h = none();
    for (const m of ['2026-04', '2026-03', '2026-02']) h.units.set(`1|Spotify|BR|${m}`, 200);
    const flags = evaluateRules([g(1, 'Spotify', 'BR', 2001, 1), g(2, 'Spotify', 'BR', 1000, 1), g(3, 'Spotify', 'BR', 1001, 1)], h, settings);
    expect(flags.map((f) => [f.group.track_id, f.rule, f.observed, f.baseline])).toEqual([
      [1, 'spike', 2001, 200],
      [3, 'spike', 1001, 0],
    ]);
  });

  it('concentration: a track with history, most units from a new country; not at or below the share', () => {
    const h = none();
    h.tracks.add(1).add(2);
    h.places.add('1|IN').add('1|Spotify').add('2|IN').add('2|Spotify');
    const flags = evaluateRules([g(1, 'Spotify', 'BR', 810, 1), g(1, 'Spotify', 'IN', 190, 1), g(2, 'Spotify', 'BR', 800, 1), g(2, 'Spotify', 'IN', 200, 1)], h, settings);
    expect(flags.map((f) => [f.group.track_id, f.rule, f.observed])).toEqual([[1, 'concentration', 810]]);
  });

  it('rate: beyond 20 × the store’s median either way', () => {
    const groups = [g(1, 'Deezer', 'US', 100, 1_000_000), g(1, 'Deezer', 'GB', 100, 1_000_000), g(1, 'Deezer', 'DE', 100, 1_000_000), g(1, 'Deezer', 'FR', 100, 20_100_000), g(1, 'Deezer', 'JP', 100, 20_000_000), g(1, 'Deezer', 'MX', 100, 49_000)];
    expect(evaluateRules(groups, none(), settings).map((f) => [f.group.country, f.rule])).toEqual([
      ['FR', 'rate'],
      ['MX', 'rate'],
    ]);
  });

  it('the groups summed while staging: owner lines of positive rows the store did not flag, per track, store, country and month, in that order', () => {
    const line = (line_no: number, track_id: number, store: string, country: string, quantity: number, amount_micros: number, share: 'owner' | 'split' = 'owner', user_id = 7): CreditLine => ({
      line_no, user_id, track_id, release_id: 1, share, split_id: null, unmatched_id: null, amount_micros, quantity, store, country, sale_month: '2026-05', reporting_date: '', isrc: '', upc: '', sale_type: '',
    });
    const sums = new SaleGroupSums();
    sums.add([line(1, 2, 'Spotify', 'BR', 10, 700), line(1, 2, 'Spotify', 'BR', 10, 300, 'split', 9), line(2, 1, 'spotify', 'BR', 5, 50)], new Map());
    sums.add([line(3, 2, 'Spotify', 'BR', 30, 900), line(4, 2, 'Spotify', 'BR', -4, -80), line(5, 2, 'Spotify', 'BR', 100, 1000), line(6, 1, 'Deezer', 'IN', 1, 10)], new Map([[5, 'Suspected fraud']]));
    expect(sums.list()).toEqual([
      { track_id: 1, user_id: 7, store: 'Deezer', country: 'IN', sale_month: '2026-05', units: 1, micros: 10 },
      { track_id: 1, user_id: 7, store: 'spotify', country: 'BR', sale_month: '2026-05', units: 5, micros: 50 },
      { track_id: 2, user_id: 7, store: 'Spotify', country: 'BR', sale_month: '2026-05', units: 40, micros: 1600 },
    ]);
    expect(concentrationTracks(sums.list(), { concentrationMinUnits: 6 })).toEqual([2]);
  });

  it('many groups in one store are judged in linear time (the lists are not copied per group)', () => {
    const groups = Array.from({ length: 200_000 }, (_, i) => g(i, 'Spotify', 'BR', 100, 1_000_000));
    const started = Date.now();
    expect(evaluateRules(groups, none(), settings)).toEqual([]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
