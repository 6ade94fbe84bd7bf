/**
 * Exact money arithmetic of the money engine (docs/decisions/019-money-engine.md): statement amounts
 * are decimal text, converted to integer micro-USD (1 USD = 1,000,000) with BigInt, never a float;
 * every split of an amount gives parts that sum exactly to it.
 */

/** A decimal number as an integer and a power-of-ten scale: 12.5 → { int: 125n, scale: 1 }. */
export type Decimal = { int: bigint; scale: number };

/**
 * Parse a statement amount or rate: optional sign, currency symbols and spaces ignored, thousands
 * separators, a decimal comma when the text has no point ("0,0123" of semicolon files), and an
 * exponent ("1.2E-5" of spreadsheet exports). '' is zero. Answers null for anything else.
 */
export function parseDecimal(raw: string): Decimal | null {
  let text = raw.trim().replace(/[\s$€£¥₹]/g, '');
  if (text === '' || text === '-') return { int: 0n, scale: 0 };
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  if (text.includes(',') && !text.includes('.') && !/^\d{1,3}(,\d{3})+$/.test(text)) text = text.replace(',', '.');
  else text = text.replace(/,(?=\d{3}(\D|$))/g, '');
  const m = /^(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,3}))?$/.exec(text);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return null;
  const digits = `${m[1]}${m[2] ?? ''}`.replace(/^0+(?=\d)/, '');
  let scale = (m[2] ?? '').length - Number(m[3] ?? 0);
  let int = BigInt(digits || '0');
  if (scale < 0) {
    int *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { int: negative ? -int : int, scale };
}

/** Integer division rounding half away from zero. */
export function divRound(n: bigint, d: bigint): bigint {
  const q = n / d;
  const r = n % d;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= (d < 0n ? -d : d)) return q + ((n < 0n) !== (d < 0n) ? -1n : 1n);
  return q;
}

/** `amount` × `rate` in micro-USD, rounded half away from zero. Throws beyond a safe integer. */
export function toMicros(amount: Decimal, rate: Decimal): number {
  const product = amount.int * rate.int;
  const scale = amount.scale + rate.scale;
  const micros = scale <= 6 ? product * 10n ** BigInt(6 - scale) : divRound(product, 10n ** BigInt(scale - 6));
  if (micros > BigInt(Number.MAX_SAFE_INTEGER) || micros < -BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('amount out of range');
  return Number(micros);
}

/** Micro-USD to ledger cents, rounded half away from zero. */
export const microsToCents = (micros: number): number => Number(divRound(BigInt(micros), 10_000n));

/**
 * Split `total` into `n` parts as evenly as possible (UPC rows spread over a release's tracks): each
 * part is total / n truncated toward zero, and the remainder goes one unit at a time to the first
 * parts. The parts sum exactly to `total` (negative totals too).
 */
export function splitEvenly(total: number, n: number): number[] {
  if (n <= 0) throw new RangeError('n must be positive');
  const base = Math.trunc(total / n);
  let rest = total - base * n;
  const step = rest < 0 ? -1 : 1;
  return Array.from({ length: n }, () => {
    if (rest === 0) return base;
    rest -= step;
    return base + step;
  });
}

/**
 * Divide `total` between collaborators with shares in basis points (1/100 %) and the owner: each
 * collaborator gets total × bp / 10000 truncated toward zero; the owner gets the rest, so the parts
 * sum exactly to `total`. Answers [owner, ...collaborators].
 */
export function splitByShares(total: number, basisPoints: number[]): number[] {
  const shares = basisPoints.map((bp) => Number((BigInt(total) * BigInt(bp)) / 10_000n));
  return [total - shares.reduce((a, b) => a + b, 0), ...shares];
}
