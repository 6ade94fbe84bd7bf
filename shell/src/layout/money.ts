export type Currency = 'USD' | 'INR';

const SYMBOL: Record<Currency, string> = { USD: '$', INR: '₹' };

/**
 * Whole units with the currency's digit grouping: en-US groups of three ("1,234,567"), en-IN the
 * last three then pairs ("12,34,567"), as Intl.NumberFormat writes them for en-US and en-IN.
 */
function grouped(whole: string, currency: Currency): string {
  if (currency === 'USD') return whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const last = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return rest ? `${rest.replace(/\B(?=(\d{2})+$)/g, ',')},${last}` : last;
}

/**
 * Top-bar revenue (core §2): `revenue` is USD; INR is revenue × conversionRate (INR per USD).
 * "$12.34" / "₹1,024.50" / "-$3.10", rounded to cents. Missing or non-numeric values count as 0.
 * Written out instead of Intl.NumberFormat: its first construction on a page loads ICU data, about
 * 20 ms on a laptop and four times that on a phone, in the render that shows the user's details (issue
 * 14); the spec checks the output equals Intl's for en-US and en-IN.
 */
export function formatRevenue(revenue: number | null | undefined, conversionRate: number | null | undefined, currency: Currency): string {
  const usd = Number(revenue) || 0;
  const amount = currency === 'USD' ? usd : usd * (Number(conversionRate) || 0);
  const cents = Math.round(Math.abs(amount) * 100);
  if (!Number.isFinite(cents)) return `${SYMBOL[currency]}0.00`;
  const whole = Math.floor(cents / 100).toString();
  const fraction = (cents % 100).toString().padStart(2, '0');
  return `${amount < 0 && cents > 0 ? '-' : ''}${SYMBOL[currency]}${grouped(whole, currency)}.${fraction}`;
}
