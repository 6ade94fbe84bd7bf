/**
 * One UPC/EAN, one identifier (issue 38 item 8, docs/decisions/016): a UPC-A (12 digits), its EAN-13
 * form (a leading 0) and its GTIN-14 form (two leading 0s) name the same product, so the platform
 * compares codes in their GTIN-14 form and keeps what the artist typed for display. Pure functions
 * shared by the API (registry, duplicate lists) and the forms.
 */

/**
 * The GTIN-14 form of a UPC-A, EAN-13 or GTIN-14 code: digits only, left-padded with zeros to 14.
 * `gtin14('089000000012')` → '00089000000012'; `gtin14('0089000000012')` → the same. '' stays ''.
 * A code longer than 14 digits is answered as its digits (never equal to a real GTIN-14).
 */
export function gtin14(code: string): string {
  const digits = code.replace(/\D/g, '');
  return digits ? digits.padStart(14, '0') : '';
}

/**
 * The forms an artist may have typed for one code (12, 13 and 14 digits with leading zeros), for
 * lookups in columns that keep the typed text: `upcForms('0089000000012')` →
 * ['089000000012', '0089000000012', '00089000000012']. A code whose significant digits need 13 or 14
 * places has fewer forms. [] for ''.
 */
export function upcForms(code: string): string[] {
  const g = gtin14(code);
  if (!g) return [];
  const forms = [g.slice(2), g.slice(1), g].filter((f, i) => (i === 0 ? g.startsWith('00') : i === 1 ? g.startsWith('0') : true));
  return [...new Set(forms)];
}
