import * as contracts from '../index';
import { CORE_SPEC_LIMITS, CORE_SPEC_MESSAGES, CORE_SPEC_PLATFORM_COUNTS, CORE_SPEC_PRICE_LADDER, CORE_SPEC_PRODUCT_PREFIX } from './core.spec-table';

/** `AUTH_MESSAGES.emailRequired` → the contracts value at that path. */
function valueAt(path: string): unknown {
  return path.split('.').reduce<unknown>((obj, key) => (obj as Record<string, unknown> | undefined)?.[key], contracts);
}

const DAY = 86_400_000;
/** Local midnight of `now` plus `days`, computed with plain Date arithmetic (not the contracts helper). */
const localDayStart = (now: number, days: number) => {
  const d = new Date(now);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + days).getTime();
};

describe('portal-core.md, quoted texts and limits (spec table)', () => {
  it.each(CORE_SPEC_MESSAGES)('%s is the spec text', (path, literal) => {
    expect(valueAt(path)).toBe(literal);
  });
  it.each(CORE_SPEC_LIMITS)('%s is the spec limit', (path, literal) => {
    expect(valueAt(path)).toBe(literal);
  });

  it('price tiers per release type are the spec ladder, each refused elsewhere', () => {
    for (const [type, ladder] of Object.entries(CORE_SPEC_PRICE_LADDER)) {
      expect(contracts.priceTiersFor(type).map((t) => t.value)).toEqual(ladder);
      const all = new Set(Object.values(CORE_SPEC_PRICE_LADDER).flat());
      for (const value of all) expect(contracts.isPriceTierAllowed(type, value)).toBe(ladder.includes(value));
    }
  });

  it('product number and platform counts', () => {
    expect(contracts.productNumber(42)).toBe(`${CORE_SPEC_PRODUCT_PREFIX}42`);
    expect(contracts.PLATFORM_COUNTS).toEqual(CORE_SPEC_PLATFORM_COUNTS);
  });

  describe('release date: minimum today + 6 days (core §5), boundary computed independently', () => {
    const now = new Date(2026, 10, 23, 15, 30).getTime();
    const schemaAccepts = (release_date: number) =>
      (contracts.releaseInfoSchema.fields.release_date as import('yup').NumberSchema).isValid(release_date, { context: { now } });
    it('today + 5 (even its last millisecond) is refused, today + 6 is accepted', async () => {
      expect(await schemaAccepts(localDayStart(now, 5))).toBe(false);
      expect(await schemaAccepts(localDayStart(now, 6) - 1)).toBe(false);
      expect(await schemaAccepts(localDayStart(now, 6))).toBe(true);
      expect(await schemaAccepts(localDayStart(now, 30))).toBe(true);
    });
    it('the server accepts the earliest local midnight of today + 6 anywhere (UTC+14), not earlier', () => {
      const utcNow = Date.UTC(2026, 10, 23, 15, 30);
      const earliest = Date.UTC(2026, 10, 29) - 14 * 3_600_000;
      expect(contracts.minReleaseDateAnyZone(utcNow)).toBe(earliest);
      expect(earliest - Date.UTC(2026, 10, 23)).toBe(6 * DAY - 14 * 3_600_000);
    });
  });

  it('production year: current + 3 accepted, current + 4 refused', () => {
    const now = new Date(2026, 5, 1).getTime();
    expect(contracts.maxProductionYear(now)).toBe(2029);
  });
});
