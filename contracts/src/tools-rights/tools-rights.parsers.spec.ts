import { iswcCheckDigit, parseIswc } from './iswc';
import { parseLrc } from './lrc';
import { firstDuplicateUrl, firstInvalidUrl, isFacebookUrl, isHttpLink, isInstagramUrl, isWebUrl, isYoutubeChannelUrl, normaliseUrl } from './url-rules';

describe('ISWC (T-DDD.DDD.DDD-C with its check digit)', () => {
  it('computes the ISO 15707 check digit', () => {
    expect(iswcCheckDigit('034524680')).toBe(1);
    expect(iswcCheckDigit('070001356')).toBe(4);
    expect(iswcCheckDigit('000000001')).toBe(0);
  });
  it('accepts the canonical and compact forms and answers the canonical one', () => {
    expect(parseIswc('T-034.524.680-1')).toBe('T-034.524.680-1');
    expect(parseIswc(' t0345246801 ')).toBe('T-034.524.680-1');
    expect(parseIswc('T-000.000.001-0')).toBe('T-000.000.001-0');
  });
  it('refuses a wrong check digit, wrong lengths and other text', () => {
    expect(parseIswc('T-034.524.680-2')).toBeNull();
    expect(parseIswc('T-034.524.68-1')).toBeNull();
    expect(parseIswc('034.524.680-1')).toBeNull();
    expect(parseIswc('X-034.524.680-1')).toBeNull();
    expect(parseIswc(1234)).toBeNull();
  });
});

describe('LRC parsing', () => {
  const good = ['[ar:Asha Rao]', '[ti:Monsoon Nights]', '[offset:-120]', '', '[00:12.40]First line', '[00:15.00][01:20.50]Chorus line', '[00:20.5]', '[01:02]Last <01:03.10>word'].join('\n');
  it('reads ID tags and timed lines (several tags per line, empty text, word marks)', () => {
    const r = parseLrc(`\uFEFF${good}`);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.tags).toEqual({ ar: 'Asha Rao', ti: 'Monsoon Nights', offset: '-120' });
    expect(r.lines.map((l) => l.times)).toEqual([[12_400], [15_000, 80_500], [20_500], [62_000]]);
    expect(r.lines[1].text).toBe('Chorus line');
  });
  it('gives the first bad line number and why', () => {
    expect(parseLrc('[ar:x]\n[00:01.00]a\nplain text line')).toEqual({ ok: false, line: 3, reason: 'expected [mm:ss.xx] time tags or an ID tag' });
    expect(parseLrc('[00:01.00]a\r\n[00:75.00]b')).toMatchObject({ ok: false, line: 2, reason: expect.stringContaining('seconds must be below 60') });
    expect(parseLrc('[00:10.00]a\n\n[00:09.99]b')).toMatchObject({ ok: false, line: 3, reason: expect.stringContaining('before the previous line') });
    expect(parseLrc('[00:10.00]a\n[foo]b')).toMatchObject({ ok: false, line: 2 });
    expect(parseLrc('[offset:abc]\n[00:01.00]a')).toMatchObject({ ok: false, line: 1 });
    expect(parseLrc('[00:01.00][00:0x]a')).toMatchObject({ ok: false, line: 1, reason: expect.stringContaining('malformed') });
  });
  it('needs at least one timed line', () => {
    expect(parseLrc('[ar:x]\n[ti:y]\n')).toEqual({ ok: false, line: 0, reason: 'it has no timed lyric line' });
    expect(parseLrc('')).toMatchObject({ ok: false, line: 0 });
  });
});

describe('URL rules', () => {
  it('knows a web link, with or without scheme, and an http(s) link', () => {
    expect(isWebUrl('https://example.com/press')).toBe(true);
    expect(isWebUrl('www.example.com')).toBe(true);
    expect(isWebUrl('not a url')).toBe(false);
    expect(isWebUrl('ftp://example.com')).toBe(false);
    expect(isWebUrl('https://localhost')).toBe(false);
    expect(isWebUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpLink('example.com/x')).toBe(false);
    expect(isHttpLink('http://example.com/x')).toBe(true);
  });
  it('checks Facebook and Instagram hosts', () => {
    expect(isFacebookUrl('https://www.facebook.com/asharao')).toBe(true);
    expect(isFacebookUrl('facebook.com/asharao')).toBe(true);
    expect(isFacebookUrl('https://www.facebook.com/')).toBe(false);
    expect(isFacebookUrl('https://notfacebook.com/asha')).toBe(false);
    expect(isInstagramUrl('https://instagram.com/asharao')).toBe(true);
    expect(isInstagramUrl('https://www.facebook.com/asharao')).toBe(false);
  });
  it('finds the first invalid and the first repeated entry', () => {
    expect(firstInvalidUrl(['https://a.com', 'nope', 'also bad'])).toBe(1);
    expect(firstInvalidUrl(['https://a.com'])).toBe(-1);
    expect(firstDuplicateUrl(['https://youtu.be/dQw4w9WgXcQ', 'https://b.com', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be'])).toBe(2);
    expect(firstDuplicateUrl(['https://a.com/x', 'https://a.com/y'])).toBe(-1);
  });
  it('normalises YouTube links and drops &feature=youtu.be', () => {
    expect(normaliseUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ&feature=youtu.be')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(normaliseUrl('youtu.be/dQw4w9WgXcQ?si=abc')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(normaliseUrl('https://m.youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(normaliseUrl('https://youtube.com/shorts/dQw4w9WgXcQ?feature=share')).toBe('https://www.youtube.com/shorts/dQw4w9WgXcQ');
    expect(normaliseUrl('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(normaliseUrl('https://www.youtube.com/@asha?feature=youtu.be')).toBe('https://www.youtube.com/@asha');
    expect(normaliseUrl('soundcloud.com/asha/song')).toBe('https://soundcloud.com/asha/song');
    expect(normaliseUrl('  not a link ')).toBe('not a link');
  });
  it('recognises YouTube channel links only', () => {
    expect(isYoutubeChannelUrl('https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw')).toBe(true);
    expect(isYoutubeChannelUrl('https://www.youtube.com/@AshaRao')).toBe(true);
    expect(isYoutubeChannelUrl('https://youtube.com/c/AshaRaoMusic/videos')).toBe(true);
    expect(isYoutubeChannelUrl('https://www.youtube.com/user/asharao')).toBe(true);
    expect(isYoutubeChannelUrl('https://www.youtube.com/channel/UCshort')).toBe(false);
    expect(isYoutubeChannelUrl('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(false);
    expect(isYoutubeChannelUrl('https://vimeo.com/@asha')).toBe(false);
  });
});
