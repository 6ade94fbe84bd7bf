import { compactIsrc, gs1CheckDigit, hasValidGs1CheckDigit, normaliseNames, VIDEO_ISRC_PATTERN } from './video.codes';

describe('video identifier checks', () => {
  it('computes GS1 check digits of UPC-A and EAN-13 codes', () => {
    expect(gs1CheckDigit('03600029145')).toBe(2); // UPC-A 036000291452
    expect(gs1CheckDigit('400638133393')).toBe(1); // EAN-13 4006381333931
    expect(hasValidGs1CheckDigit('036000291452')).toBe(true);
    expect(hasValidGs1CheckDigit('4006381333931')).toBe(true);
    expect(hasValidGs1CheckDigit('036000291453')).toBe(false);
    expect(hasValidGs1CheckDigit('12345')).toBe(false);
  });
  it('accepts ISRCs with or without hyphens and compacts them', () => {
    expect(VIDEO_ISRC_PATTERN.test('IN-A1B-26-00001')).toBe(true);
    expect(VIDEO_ISRC_PATTERN.test('INA1B2600001')).toBe(true);
    expect(VIDEO_ISRC_PATTERN.test('IN-A1B-26-0001')).toBe(false);
    expect(compactIsrc('in-a1b-26-00001')).toBe('INA1B2600001');
  });
  it('normalises comma-separated names', () => {
    expect(normaliseNames(' Ravi  Kumar, ,Meera ')).toBe('Ravi Kumar, Meera');
  });
});
