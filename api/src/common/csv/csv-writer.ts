import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { stringify as stringifySync } from 'csv-stringify/sync';

/**
 * The one CSV writer of every export (the artist's report CSV, the bank run's CSV; docs/decisions/031).
 * RFC 4180 through csv-stringify (comma, `"` quoting where a cell needs it, LF records), and three kinds
 * of column:
 * - `text`: anything a person or a partner's file wrote (names, titles, stores). A cell a spreadsheet
 *   would run as a formula (first character `=`, `+`, `-`, `@`, tab, CR, or their full-width forms
 *   U+FF1D/FF0B/FF0D/FF20) is written with a leading `'` (OWASP "CSV Injection"); the text is otherwise
 *   unchanged.
 * - `code`: identifiers that must stay text (UPC/EAN, ISRC, account numbers): every character kept
 *   (leading zeros too) and always quoted; a code from a partner's file that starts with a formula
 *   character is still neutralised like text (quotes alone do not stop a spreadsheet evaluating
 *   `"=1+2"`; real codes never start so). Quoting is the CSV's only way to say "text"; it
 *   keeps every digit for any reader that honours it (LibreOffice, Google Sheets, csv parsers, Excel's
 *   Data → From Text/CSV with the column set to Text). A double-click open in Excel still guesses
 *   numbers; the `="…"` trick would fix that view but is itself a formula, breaks every other reader
 *   and our own report re-import, so it is not used.
 * - `number`: figures the server formats itself (amounts, counts): written as they are when they are a
 *   plain decimal (`-0.5` is a number, not a formula), else treated as `text`.
 */
export type CsvColumnKind = 'text' | 'code' | 'number';
export type CsvColumn = { name: string; kind: CsvColumnKind };

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;

/** A text cell a spreadsheet will not evaluate: `'` before a leading formula character, else unchanged. */
export function csvSafeText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** One cell as written for its column kind (before CSV quoting). */
export function csvCell(value: string, kind: CsvColumnKind): string {
  if (kind === 'number' && PLAIN_DECIMAL.test(value)) return value;
  return csvSafeText(value);
}

function options(columns: readonly CsvColumn[]) {
  const codes = new Set(columns.flatMap((c, i) => (c.kind === 'code' ? [i] : [])));
  return {
    // The header row is written as the first record; codes are quoted in data rows only.
    cast: { string: (value: string, ctx: { index: number; records: number }) => (ctx.records > 0 && codes.has(ctx.index) && value !== '' ? { value, quoted: true } : value) },
  };
}

const prepare = (columns: readonly CsvColumn[], row: readonly string[]) => columns.map((c, i) => csvCell(row[i] ?? '', c.kind));

/**
 * A whole CSV document: the header (`columns`' names) then `rows` (cells in column order, strings).
 * For small exports held in memory (a bank run).
 */
export function csvDocument(columns: readonly CsvColumn[], rows: ReadonlyArray<readonly string[]>): string {
  return stringifySync([columns.map((c) => c.name), ...rows.map((r) => prepare(columns, r))], options(columns));
}

/**
 * A streamed CSV document for large exports: the header (`columns`' names), then each row of `rows`
 * (cells in column order, strings) as it comes, as a text stream to pipe into a file
 * (`pipeline(csvStream(columns, rows), createWriteStream(path))`). An error of `rows` fails the stream.
 */
export function csvStream(columns: readonly CsvColumn[], rows: AsyncIterable<readonly string[]> | Iterable<readonly string[]>): Readable {
  async function* records() {
    yield columns.map((c) => c.name);
    for await (const r of rows) yield prepare(columns, r);
  }
  const source = Readable.from(records());
  const out = stringify(options(columns));
  source.on('error', (e) => out.destroy(e));
  return source.pipe(out);
}
