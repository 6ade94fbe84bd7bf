import { microsToUsd, type EarningsTotal } from '@portal/contracts';

/** USD text of micro-USD, with a thousands separator: 1234567890 → "1,234.57". */
export function usd(micros: number): string {
  const text = microsToUsd(micros);
  const [whole, cents] = text.replace('-', '').split('.');
  return `${micros < 0 ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${cents}`;
}

/** Chart rows of totals: confirmed and estimated in USD (numbers for the chart library). */
export function chartRows(totals: readonly EarningsTotal[], top = 10): Array<{ label: string; confirmed: number; estimated: number }> {
  return totals.slice(0, top).map((t) => ({ label: t.label, confirmed: t.confirmed_micros / 1_000_000, estimated: t.estimated_micros / 1_000_000 }));
}

/** The current month and the month 11 months before it, YYYY-MM (the default window). */
export function defaultWindow(now = new Date()): { from: string; to: string } {
  const to = now.toISOString().slice(0, 7);
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
  return { from: d.toISOString().slice(0, 7), to };
}
