export type Currency = 'USD' | 'INR';

const LOCALES: Record<Currency, string> = { USD: 'en-US', INR: 'en-IN' };
/**
 * Made on first use, not when the layout's chunk runs: a first Intl.NumberFormat costs several ms
 * (ICU data), and the top bar shows revenue only once the user's details have arrived (issue 14, TBT).
 */
const formatters: Partial<Record<Currency, Intl.NumberFormat>> = {};

/**
 * Top-bar revenue (core §2): `revenue` is USD; INR is revenue × conversionRate (INR per USD).
 * "$12.34" / "₹1,024.50". Missing or non-numeric values count as 0.
 */
export function formatRevenue(revenue: number | null | undefined, conversionRate: number | null | undefined, currency: Currency): string {
  const usd = Number(revenue) || 0;
  const amount = currency === 'USD' ? usd : usd * (Number(conversionRate) || 0);
  formatters[currency] ??= new Intl.NumberFormat(LOCALES[currency], { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return formatters[currency].format(amount);
}
