import { formatDate } from './format-date';

describe('formatDate', () => {
  const at = new Date(2024, 0, 5, 14, 7).getTime();
  it('uses DD/MM/YYYY by default', () => {
    expect(formatDate(at)).toBe('05/01/2024');
  });
  it('takes another pattern', () => {
    expect(formatDate(at, 'hh:mm A DD/MM/YYYY')).toBe('02:07 PM 05/01/2024');
  });
  it('accepts numeric strings and answers "" for nothing or junk', () => {
    expect(formatDate(String(at))).toBe('05/01/2024');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});
