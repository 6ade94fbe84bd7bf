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
