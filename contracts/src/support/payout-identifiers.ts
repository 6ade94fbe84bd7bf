import { isCountryCode } from '../lists/countries';

/**
 * Payout identifiers outside India (docs/decisions/027-international-payouts.md): IBAN (ISO 13616) and
 * BIC (ISO 9362). Shared by the bank form (yup) and the API, so both refuse the same input.
 */

/**
 * IBAN length of each country in the SWIFT IBAN registry (ISO 13616), country code first. A country
 * absent here has no IBAN: its artists are paid by PayPal.
 */
export const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AE: 23, AL: 28, AT: 20, AZ: 28, BA: 20, BE: 16, BG: 22, BH: 22, BI: 27, BR: 29, BY: 28,
  CH: 21, CR: 22, CY: 28, CZ: 24, DE: 22, DJ: 27, DK: 18, DO: 28, EE: 20, EG: 29, ES: 24, FI: 18,
  FK: 18, FO: 18, FR: 27, GB: 22, GE: 22, GI: 23, GL: 18, GR: 27, GT: 28, HR: 21, HU: 28, IE: 22,
  IL: 23, IQ: 23, IS: 26, IT: 27, JO: 30, KW: 30, KZ: 20, LB: 28, LC: 32, LI: 21, LT: 20, LU: 20,
  LV: 21, LY: 25, MC: 27, MD: 24, ME: 22, MK: 19, MN: 20, MR: 27, MT: 31, MU: 30, NI: 28, NL: 18,
  NO: 15, OM: 23, PK: 24, PL: 28, PS: 29, PT: 25, QA: 29, RO: 24, RS: 22, RU: 33, SA: 24, SC: 31,
  SD: 18, SE: 24, SI: 19, SK: 24, SM: 27, SO: 23, ST: 25, SV: 28, TL: 23, TN: 24, TR: 26, UA: 29,
  VA: 22, VG: 24, XK: 20, YE: 30,
};

/** Whether artists of `country` can be paid to an IBAN (the country is in the IBAN registry). */
export const countryUsesIban = (country: string): boolean => country in IBAN_LENGTHS;

/** An IBAN as typed ("de89 3704 0044 0532 0130 00") in its electronic form: spaces and dashes removed, upper case. */
export const normalizeIban = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/**
 * ISO 7064 MOD 97-10 over an IBAN in electronic form: the first four characters moved to the end,
 * letters as 10..35, the number modulo 97 must be 1. Computed piecewise (no BigInt needed).
 */
function mod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const digits = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest;
}

/**
 * Whether `value` is a valid IBAN (ISO 13616): after `normalizeIban`, a registry country code, two check
 * digits, letters and digits only, the length that country's IBANs have, and MOD 97-10 giving 1.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  return length === iban.length && mod97(iban) === 1;
}

/**
 * Whether `value` (trimmed, upper-cased) is a BIC (ISO 9362): 4 letters for the institution, an
 * assigned ISO 3166-1 country code, 2 letters or digits for the location, and optionally a 3-character
 * branch code: 8 or 11 characters.
 */
export function isValidBic(value: string): boolean {
  const bic = value.trim().toUpperCase();
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) && isCountryCode(bic.slice(4, 6));
}

/** An IBAN as shown once saved: every character but the last 4 replaced by X (like Indian account numbers). */
export const maskIban = (iban: string): string => (iban.length <= 4 ? iban : 'X'.repeat(iban.length - 4) + iban.slice(-4));

/** A masked IBAN as answered by getUserBankDetails: sent back unchanged, it keeps the saved IBAN. */
export const MASKED_IBAN = /^X{11,30}[A-Z0-9]{4}$/;

/** A PayPal e-mail as finance sees it: the first character of the local part, then *** and the domain. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return email ? '***' : '';
  return `${email[0]}***${email.slice(at)}`;
}
