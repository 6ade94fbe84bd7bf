import { formatRevenue } from './money';

describe('formatRevenue (core §2 top bar)', () => {
  it('shows USD revenue', () => {
    expect(formatRevenue(12.34, 83.5, 'USD')).toBe('$12.34');
    expect(formatRevenue(0, 83.5, 'USD')).toBe('$0.00');
  });
  it('shows INR as revenue × conversionRate', () => {
    expect(formatRevenue(12.34, 83.5, 'INR')).toBe('₹1,030.39');
    expect(formatRevenue(1000, 80, 'INR')).toBe('₹80,000.00');
  });
  it('treats missing values as 0', () => {
    expect(formatRevenue(undefined, undefined, 'INR')).toBe('₹0.00');
  });
});

describe('formatRevenue against Intl.NumberFormat (en-US and en-IN currency formats)', () => {
  const intl = (currency: 'USD' | 'INR', amount: number) =>
    new Intl.NumberFormat(currency === 'USD' ? 'en-US' : 'en-IN', { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);
  const amounts = [0, 0.01, 0.5, 1, 9.99, 12.345, 999.994, 1000, 1234.5, 99999.99, 100000, 1234567.891, 12345678.9, 987654321.12, -3.1, -1234567.5];

  it('writes USD as en-US does', () => {
    for (const amount of amounts) expect([amount, formatRevenue(amount, 1, 'USD')]).toEqual([amount, intl('USD', amount)]);
  });

  it('writes INR with lakh grouping as en-IN does', () => {
    for (const amount of amounts) expect([amount, formatRevenue(amount, 1, 'INR')]).toEqual([amount, intl('INR', amount)]);
  });
});
