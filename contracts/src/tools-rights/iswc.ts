/**
 * ISWC (International Standard Musical Work Code, ISO 15707): "T", nine digits, one check digit,
 * written T-DDD.DDD.DDD-C. Check digit: (10 − (1 + Σ i·dᵢ for i = 1..9) mod 10) mod 10.
 */

/** The check digit of the nine work digits ("034524680" → 1). */
export function iswcCheckDigit(nineDigits: string): number {
  let sum = 1;
  for (let i = 0; i < 9; i++) sum += (i + 1) * Number(nineDigits[i]);
  return (10 - (sum % 10)) % 10;
}

/**
 * Read an ISWC written T-DDD.DDD.DDD-C (dots and dashes may be left out, any case, surrounding spaces
 * ignored) and answer it in the canonical form T-034.524.680-1, or null when the form or the check
 * digit is wrong.
 */
export function parseIswc(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const m = /^T-?(\d{3})\.?(\d{3})\.?(\d{3})-?(\d)$/i.exec(raw.trim());
  if (!m) return null;
  const digits = `${m[1]}${m[2]}${m[3]}`;
  if (iswcCheckDigit(digits) !== Number(m[4])) return null;
  return `T-${m[1]}.${m[2]}.${m[3]}-${m[4]}`;
}
