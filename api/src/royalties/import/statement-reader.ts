import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { parse } from 'csv-parse';
import { fillMessage, ROYALTY_LIMITS as L, ROYALTY_MESSAGES as M, STATEMENT_FIELDS, STATEMENT_PRESETS, type StatementDelimiter, type StatementField, type StatementMapping } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { parseDecimal, type Decimal } from '../shared/money-math';

/**
 * Reading statement files (docs/decisions/019-money-engine.md, 031): the delimiter is detected from the
 * header line (comma, tab, semicolon or pipe: the most frequent outside quotes), never taken from a
 * preset, records are streamed with csv-parse (never the whole file in memory; a UTF-8 BOM and CRLF or
 * LF line ends are read), and each row is normalised to the canonical fields.
 */

/**
 * The delimiter of a statement whose header line is `line`: whichever of tab, semicolon, pipe and comma
 * occurs most outside double-quoted cells; on a tie the first of tab, comma, semicolon, pipe wins (header
 * names such as "Country / Region" hold none of them). A line with none of them is comma-separated
 * (one column).
 */
export function detectDelimiter(line: string): StatementDelimiter {
  const unquoted = line.replace(/"[^"]*"/g, '');
  const count = (c: string) => unquoted.split(c).length - 1;
  let best: StatementDelimiter = ',';
  let most = 0;
  for (const d of ['\t', ',', ';', '|'] as const) {
    const n = count(d);
    if (n > most) {
      best = d;
      most = n;
    }
  }
  return best;
}

/** Bytes at the start of an uploaded statement that decide whether it is text (issue 38 item 9). */
export const TEXT_SNIFF_BYTES = 8192;

/**
 * Whether the first bytes of a file look like a text statement (CSV or TSV in UTF-8 or a single-byte
 * code page): no NUL byte (binary files and UTF-16 text have them) and almost no other control bytes
 * (0x01-0x08, 0x0E-0x1F but ESC: compressed data such as xlsx, zip, pdf or images carries about one in
 * eight; a text file perhaps a stray one). At most 4 control bytes, or 1 %, are tolerated.
 */
export function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  let control = 0;
  for (const b of head) if ((b >= 0x01 && b <= 0x08) || (b >= 0x0e && b <= 0x1f && b !== 0x1b)) control += 1;
  return control <= Math.max(4, Math.floor(head.length / 100));
}

/** The first line of a file (at most 64 KiB read), without a UTF-8 BOM. */
export async function firstLine(path: string): Promise<string> {
  const fh = await open(path, 'r');
  try {
    const buf = Buffer.alloc(64 * 1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const text = buf.subarray(0, bytesRead).toString('utf8').replace(/^\uFEFF/, '');
    return text.split(/\r?\n/)[0] ?? '';
  } finally {
    await fh.close();
  }
}

/** Streamed records (arrays of cells) of a statement file; the first is the header. */
export function records(path: string, delimiter: string): AsyncIterable<string[]> {
  return createReadStream(path).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, max_record_size: 1024 * 1024 }),
  );
}

/** The header and the first `ROYALTY_LIMITS.previewRows` rows (the mapping preview). */
export async function preview(path: string, delimiter: string): Promise<{ header: string[]; rows: string[][] }> {
  const it = records(path, delimiter)[Symbol.asyncIterator]();
  const header: string[] = [];
  const rows: string[][] = [];
  try {
    for (;;) {
      const next = await it.next();
      if (next.done) break;
      if (!header.length) header.push(...next.value);
      else rows.push(next.value);
      if (rows.length >= L.previewRows) break;
    }
  } catch {
    throw DomainError.badRequest(M.fileNotText);
  } finally {
    await it.return?.();
  }
  return { header, rows };
}

const norm = (h: string) => h.trim().toLowerCase();

/** The built-in preset whose every mapped column is in `header`, or ''. */
export function suggestPreset(header: string[]): string {
  const names = new Set(header.map(norm));
  const fits = STATEMENT_PRESETS.find((p) => Object.values(p.mapping).every((cols) => (cols ?? []).some((c) => names.has(norm(c)))));
  return fits?.name ?? '';
}

/** Column indexes of each mapped field in `header` (candidates in order). */
export type ColumnPlan = Partial<Record<StatementField, number[]>>;

/**
 * Resolve a mapping against a file's header. A preset must find all its columns (headerMismatch);
 * any mapping needs Amount and one of ISRC/UPC. Errors are DomainErrors (400).
 */
export function planColumns(header: string[], mapping: StatementMapping, presetName: string | null): ColumnPlan {
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (!index.has(norm(h))) index.set(norm(h), i);
  });
  const plan: ColumnPlan = {};
  const missing: string[] = [];
  for (const field of STATEMENT_FIELDS) {
    const cols = mapping[field];
    if (!cols?.length) continue;
    const found = cols.map((c) => index.get(norm(c))).filter((i): i is number => i !== undefined);
    if (!found.length) {
      if (presetName) missing.push(cols.join(' / '));
      else throw DomainError.badRequest(fillMessage(M.mappingColumnUnknown, { column: cols[0] }));
      continue;
    }
    plan[field] = found;
  }
  if (missing.length) throw DomainError.badRequest(fillMessage(M.headerMismatch, { preset: presetName ?? '', columns: missing.join(', ') }));
  if (!plan.amount) throw DomainError.badRequest(M.mappingNeedsAmount);
  if (!plan.isrc && !plan.upc) throw DomainError.badRequest(M.mappingNeedsCode);
  return plan;
}

/** A statement row in the canonical fields. `amount` is exact; `currency` '' when the file has none. */
export type StatementRow = {
  line: number;
  sale_month: string;
  reporting_date: string;
  store: string;
  country: string;
  isrc: string;
  upc: string;
  sale_type: string;
  quantity: number;
  amount: Decimal;
  currency: string;
  artist: string;
  release: string;
  track: string;
  /** The statement's own mark of the row (suspected fraud, adjustment), '' when none (docs/decisions/039). */
  flag: string;
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const pad = (n: number) => String(n).padStart(2, '0');
const ym = (y: number, m: number) => (y >= 1990 && y <= 2200 && m >= 1 && m <= 12 ? `${y}-${pad(m)}` : '');

/**
 * A month YYYY-MM from the shapes statements use: 2024-03, 2024-03-15, 2024/03, 202403, 03/2024,
 * 03/15/2024 (US order first), 15.03.2024, "Mar 2024", "March-2024", "2024 Mar". '' when unreadable.
 */
export function parseMonth(raw: string): string {
  const t = raw.trim().toLowerCase();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})[-/.](\d{1,2})(?:[-/.]\d{1,2})?(?:[ t].*)?$/.exec(t))) return ym(+m[1], +m[2]);
  if ((m = /^(\d{4})(\d{2})$/.exec(t))) return ym(+m[1], +m[2]);
  if ((m = /^(\d{1,2})[-/](\d{4})$/.exec(t))) return ym(+m[2], +m[1]);
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(t))) return +m[1] <= 12 ? ym(+m[3], +m[1]) : ym(+m[3], +m[2]);
  if ((m = /^(\d{1,2})[.-](\d{1,2})[.-](\d{4})/.exec(t))) return ym(+m[3], +m[2]);
  if ((m = /^([a-z]{3})[a-z]*[\s\-/,]+(\d{4})$/.exec(t))) return ym(+m[2], MONTHS.indexOf(m[1]) + 1);
  if ((m = /^(\d{4})[\s\-/]+([a-z]{3})[a-z]*$/.exec(t))) return ym(+m[1], MONTHS.indexOf(m[2]) + 1);
  return '';
}

/** A date YYYY-MM-DD when `raw` is one of the shapes above with a day, else its month's first day, else ''. */
export function parseDay(raw: string): string {
  const t = raw.trim();
  let m: RegExpExecArray | null;
  if ((m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})/.exec(t))) return `${m[1]}-${pad(+m[2])}-${pad(+m[3])}`;
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(t)) && +m[1] <= 12) return `${m[3]}-${pad(+m[1])}-${pad(+m[2])}`;
  const month = parseMonth(t);
  return month ? `${month}-01` : '';
}

/** ISRC as stored: upper case, without dashes or spaces. */
export const normIsrc = (raw: string) => raw.replace(/[\s-]/g, '').toUpperCase().slice(0, 15);
/** UPC/EAN digits without leading zeros (spreadsheets drop them; the catalogue keeps 12 or 13 digits). */
export const normUpc = (raw: string) => raw.replace(/\D/g, '').replace(/^0+/, '').slice(0, 14);

/**
 * The canonical row of one record. `fallbackMonth` (the import's month) fills a missing or unreadable
 * sale month; `fixedCurrency` is the preset's currency when the file has no currency column.
 * Errors: 400 amountInvalid with the line number.
 */
export function toRow(cells: string[], plan: ColumnPlan, line: number, fallbackMonth: string, fixedCurrency: string): StatementRow {
  const cell = (f: StatementField): string => {
    for (const i of plan[f] ?? []) {
      const v = cells[i];
      if (v !== undefined && v.trim() !== '') return v.trim();
    }
    return '';
  };
  const rawAmount = cell('amount');
  const amount = parseDecimal(rawAmount);
  if (!amount) throw DomainError.badRequest(fillMessage(M.amountInvalid, { row: line, value: rawAmount.slice(0, 40) }));
  const qty = Number(cell('quantity').replace(/[,\s]/g, ''));
  return {
    line,
    sale_month: parseMonth(cell('sale_month')) || fallbackMonth,
    reporting_date: parseDay(cell('reporting_date')),
    store: cell('store').slice(0, 64),
    country: cell('country').slice(0, 8).toUpperCase(),
    isrc: normIsrc(cell('isrc')),
    upc: normUpc(cell('upc')),
    sale_type: cell('sale_type').slice(0, 32),
    quantity: Number.isFinite(qty) ? Math.max(-2_000_000_000, Math.min(2_000_000_000, Math.trunc(qty))) : 0,
    amount,
    currency: (cell('currency') || fixedCurrency).toUpperCase().slice(0, 3),
    artist: cell('artist').slice(0, 255),
    release: cell('release').slice(0, 255),
    track: cell('track').slice(0, 255),
    flag: plan.flag ? cell('flag').slice(0, 64) : '',
  };
}
