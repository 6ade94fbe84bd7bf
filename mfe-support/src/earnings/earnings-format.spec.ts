import type { EarningsTotal } from '@portal/contracts';
import { chartRows, defaultWindow, usd } from './earnings-format';

describe('earnings figures (decision 019)', () => {
  it('shows micro-USD as dollars with cents and thousands separators, rounded half away from zero', () => {
    expect(usd(1_234_567_890)).toBe('1,234.57');
    expect(usd(4_999)).toBe('0.00');
    expect(usd(5_000)).toBe('0.01');
    expect(usd(-2_500_000)).toBe('-2.50');
    expect(usd(0)).toBe('0.00');
  });

  it('charts the first ten totals in USD, confirmed and estimated apart', () => {
    const totals: EarningsTotal[] = Array.from({ length: 12 }, (_, i) => ({ key: String(i), label: `Store ${i}`, confirmed_micros: (i + 1) * 1_000_000, estimated_micros: 500_000, quantity: i }));
    const rows = chartRows(totals);
    expect(rows).toHaveLength(10);
    expect(rows[0]).toEqual({ label: 'Store 0', confirmed: 1, estimated: 0.5 });
  });

  it('defaults to the twelve sale months up to the current one', () => {
    expect(defaultWindow(new Date(Date.UTC(2026, 10, 25)))).toEqual({ from: '2025-12', to: '2026-11' });
    expect(defaultWindow(new Date(Date.UTC(2026, 0, 3)))).toEqual({ from: '2025-02', to: '2026-01' });
  });
});
