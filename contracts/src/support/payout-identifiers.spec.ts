import { COUNTRY_CODES, countryName, isCountryCode } from '../lists/countries';
import { countryUsesIban, IBAN_LENGTHS, isValidBic, isValidIban, maskEmail, maskIban, MASKED_IBAN, normalizeIban } from './payout-identifiers';

describe('IBAN (ISO 13616: registry length per country, MOD 97-10)', () => {
  it('accepts real IBANs of several countries, printed or electronic form', () => {
    for (const iban of [
      'DE89 3704 0044 0532 0130 00',
      'GB82 WEST 1234 5698 7654 32',
      'FR14 2004 1010 0505 0001 3M02 606',
      'NL91 ABNA 0417 1643 00',
      'BE68 5390 0754 7034',
      'NO93 8601 1117 947',
      'CH93 0076 2011 6238 5295 7',
      'MT84 MALT 0110 0001 2345 MTLC AST0 01S',
      'es9121000418450200051332',
      'AT61-1904-3002-3457-3201',
    ]) {
      expect([iban, isValidIban(iban)]).toEqual([iban, true]);
    }
  });
  it('refuses a wrong check digit, a typo, a wrong length, a country without IBAN and other characters', () => {
    expect(isValidIban('DE89 3704 0044 0532 0130 01')).toBe(false); // last digit changed
    expect(isValidIban('DE88 3704 0044 0532 0130 00')).toBe(false); // check digits changed
    expect(isValidIban('DE89 3704 0044 0523 0130 00')).toBe(false); // two digits swapped
    expect(isValidIban('DE89 3704 0044 0532 0130 0')).toBe(false); // 21 characters, DE has 22
    expect(isValidIban('GB82 WEST 1234 5698 7654 3211')).toBe(false); // 24, GB has 22
    expect(isValidIban('US64 SVBK US6S 3300 9673 86')).toBe(false); // the US has no IBAN
    expect(isValidIban('DE89_3704_0044_0532_0130_00')).toBe(false);
    expect(isValidIban('')).toBe(false);
  });
  it('normalizes, masks and knows which countries use IBANs', () => {
    expect(normalizeIban(' de89 3704-0044 0532 0130 00 ')).toBe('DE89370400440532013000');
    expect(maskIban('DE89370400440532013000')).toBe('XXXXXXXXXXXXXXXXXX3000');
    expect(MASKED_IBAN.test(maskIban('DE89370400440532013000'))).toBe(true);
    expect(MASKED_IBAN.test('DE89370400440532013000')).toBe(false);
    expect([countryUsesIban('DE'), countryUsesIban('IN'), countryUsesIban('US')]).toEqual([true, false, false]);
    // Every registry country is an assigned ISO 3166-1 code but Kosovo (XK, user-assigned).
    expect(Object.keys(IBAN_LENGTHS).filter((c) => !isCountryCode(c))).toEqual(['XK']);
  });
});

describe('BIC (ISO 9362: 8 or 11 characters, a real country)', () => {
  it('accepts real BICs', () => {
    for (const bic of ['COBADEFFXXX', 'DEUTDEFF', 'NWBKGB2L', 'deutdeff500', 'BNPAFRPP']) expect([bic, isValidBic(bic)]).toEqual([bic, true]);
  });
  it('refuses other lengths, digits in the bank or country code, an unknown country', () => {
    for (const bic of ['COBADEFF1', 'COBADEF', 'COBADEFFXXXX', 'C0BADEFF', 'DEUT12FF', 'COBAZZFF', '']) expect([bic, isValidBic(bic)]).toEqual([bic, false]);
  });
});

describe('countries (ISO 3166-1 alpha-2)', () => {
  it('lists the 249 assigned codes, each with an English name', () => {
    expect(COUNTRY_CODES).toHaveLength(249);
    expect(new Set(COUNTRY_CODES).size).toBe(249);
    expect([isCountryCode('IN'), isCountryCode('DE'), isCountryCode('UK'), isCountryCode('de')]).toEqual([true, true, false, false]);
    expect(countryName('DE')).toBe('Germany');
    expect(countryName('IN')).toBe('India');
  });
  it('masks a PayPal e-mail for staff', () => {
    expect(maskEmail('lena.meyer@example.de')).toBe('l***@example.de');
  });
});
