import { divRound, microsToCents, parseDecimal, splitByShares, splitEvenly, toMicros } from './money-math';

const micros = (amount: string, rate = '1') => toMicros(parseDecimal(amount)!, parseDecimal(rate)!);

describe('money math (decision 019)', () => {
  it('parses the amount shapes statements carry', () => {
    expect(micros('12.34')).toBe(12_340_000);
    expect(micros('0.00345678')).toBe(3_457); // half away from zero at the 7th decimal
    expect(micros('-1.5')).toBe(-1_500_000);
    expect(micros('(2.00)')).toBe(-2_000_000);
    expect(micros('1,234.56')).toBe(1_234_560_000);
    expect(micros('0,0123')).toBe(12_300);
    expect(micros('1.2E-5')).toBe(12);
    expect(micros('$ 3')).toBe(3_000_000);
    expect(micros('')).toBe(0);
    expect(parseDecimal('abc')).toBeNull();
    expect(parseDecimal('1.2.3')).toBeNull();
  });

  it('converts at the import rate exactly', () => {
    expect(micros('100', '0.0119')).toBe(1_190_000);
    expect(micros('83.20', '0.012019')).toBe(999_981); // 0.99998080 USD
    expect(micros('0.0000005')).toBe(1);
    expect(micros('-0.0000005')).toBe(-1);
  });

  it('rounds cents half away from zero', () => {
    expect(microsToCents(5_000)).toBe(1);
    expect(microsToCents(4_999)).toBe(0);
    expect(microsToCents(-5_000)).toBe(-1);
    expect(divRound(7n, 2n)).toBe(4n);
  });

  it('splits so the parts sum to the whole', () => {
    for (const [total, n] of [[100, 3], [-100, 3], [1, 7], [0, 4], [999_999_999, 13]] as const) {
      const parts = splitEvenly(total, n);
      expect(parts).toHaveLength(n);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
    }
    expect(splitEvenly(100, 3)).toEqual([34, 33, 33]);
    expect(splitByShares(1_000_001, [3000])).toEqual([700_001, 300_000]);
    expect(splitByShares(-1_000_001, [3000, 3333])).toEqual([-366_701, -300_000, -333_300]);
    for (const total of [1, 7, 12_345_677, -9]) expect(splitByShares(total, [3333, 3333, 3333]).reduce((a, b) => a + b, 0)).toBe(total);
  });
});
