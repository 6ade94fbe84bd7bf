/**
 * Identifier checks of the video form (areas §3): the video UPC (GS1 UPC-A or EAN-13) and the video
 * ISRC (ISO 3901). Pure functions shared by the form and the API.
 */

/** 12 (UPC-A) or 13 (EAN-13) digits. */
export const VIDEO_UPC_PATTERN = /^\d{12,13}$/;
/** CC-XXX-YY-NNNNN: 2-letter country, 3 alphanumeric registrant, 2-digit year, 5-digit designation; hyphens optional. */
export const VIDEO_ISRC_PATTERN = /^[A-Z]{2}-?[A-Z0-9]{3}-?\d{2}-?\d{5}$/;

/**
 * GS1 check digit of the digits before it: from the right, weights 3, 1, 3, 1...; the check digit
 * brings the weighted sum to a multiple of 10. `gs1CheckDigit('03600029145')` → 2.
 */
export function gs1CheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** Whether a 12- or 13-digit code ends with its GS1 check digit (false for anything else). */
export function hasValidGs1CheckDigit(code: string): boolean {
  if (!VIDEO_UPC_PATTERN.test(code)) return false;
  return gs1CheckDigit(code.slice(0, -1)) === Number(code[code.length - 1]);
}

/** An ISRC in its stored form: uppercase, without hyphens or spaces (12 characters when valid). */
export const compactIsrc = (isrc: string): string => isrc.replace(/[\s-]/g, '').toUpperCase();

/** Comma-separated names cleaned: trimmed, empty entries dropped, joined with ", " (areas §2 actor/actress). */
export function normaliseNames(names: string): string {
  return names
    .split(',')
    .map((n) => n.trim().replace(/\s+/g, ' '))
    .filter(Boolean)
    .join(', ');
}
