import { canAddAfter, initialRows, rowInvalid, saveRows } from './url-rows';

describe('URL dialog rules (areas §2, §5)', () => {
  it('opens with the saved list or one empty row', () => {
    expect(initialRows([])).toEqual(['']);
    expect(initialRows(['https://a.com'])).toEqual(['https://a.com']);
  });
  it('offers add on the last valid row while there are at most 9 rows', () => {
    expect(canAddAfter(['https://a.com'], 0)).toBe(true);
    expect(canAddAfter(['https://a.com', 'bad'], 1)).toBe(false);
    expect(canAddAfter(['https://a.com', 'https://b.com'], 0)).toBe(false);
    expect(canAddAfter(Array.from({ length: 10 }, (_, i) => `https://a.com/${i}`), 9)).toBe(false);
    expect(canAddAfter(Array.from({ length: 9 }, (_, i) => `https://a.com/${i}`), 8)).toBe(true);
  });
  it('marks typed non-links only', () => {
    expect(rowInvalid('')).toBe(false);
    expect(rowInvalid('nope')).toBe(true);
    expect(rowInvalid('https://a.com')).toBe(false);
  });
  it('saves the typed links, reports the first invalid position, does nothing when empty', () => {
    expect(saveRows(['', '  '])).toEqual({ kind: 'nothing' });
    expect(saveRows(['https://a.com', 'bad'])).toEqual({ kind: 'error', message: 'Invalid URL at position 2' });
    expect(saveRows([' https://a.com ', ''])).toEqual({ kind: 'save', urls: ['https://a.com'] });
  });
});
