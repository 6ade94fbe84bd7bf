export type Currency = 'USD' | 'INR';

const formatters: Record<Currency, Intl.NumberFormat> = {
  USD: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  INR: new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 }),
};

/**
 * Top-bar revenue (core §2): `revenue` is USD; INR is revenue × conversionRate (INR per USD).
 * "$12.34" / "₹1,024.50". Missing or non-numeric values count as 0.
 */
export function formatRevenue(revenue: number | null | undefined, conversionRate: number | null | undefined, currency: Currency): string {
  const usd = Number(revenue) || 0;
  const amount = currency === 'USD' ? usd : usd * (Number(conversionRate) || 0);
  return formatters[currency].format(amount);
}
