import { escapeLike, hasControlCharacter } from './like-search';

describe('escapeLike', () => {
  it('escapes LIKE wildcards and the escape character itself', () => {
    expect(escapeLike('100% pure_gold!')).toBe('100!% pure!_gold!!');
    expect(escapeLike('Monsoon Nights')).toBe('Monsoon Nights');
  });
});

describe('hasControlCharacter', () => {
  it('finds NUL, tab, newline and DEL, and nothing in ordinary or accented text', () => {
    for (const text of ['a\u0000b', 'a\tb', 'a\nb', 'a\u007fb']) expect(hasControlCharacter(text)).toBe(true);
    for (const text of ['Kabir Sen', 'Beyoncé – Halo', '100% pure_gold!']) expect(hasControlCharacter(text)).toBe(false);
  });
});
