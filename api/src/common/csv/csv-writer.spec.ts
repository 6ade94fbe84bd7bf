import { parse } from 'csv-parse/sync';
import { csvCell, csvDocument, csvStream, type CsvColumn } from './csv-writer';

const COLUMNS: CsvColumn[] = [
  { name: 'store', kind: 'text' },
  { name: 'upc', kind: 'code' },
  { name: 'amount', kind: 'number' },
];

describe('the one CSV writer (docs/decisions/031)', () => {
  it('neutralises text that a spreadsheet would run as a formula, full-width forms too, and leaves other text alone', () => {
    for (const bad of ['=1+2', '+1', '-2+3', '@SUM(A1)', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF201']) expect(csvCell(bad, 'text')).toBe(`'${bad}`);
    for (const ok of ['Spotify', 'a=b', '', '1-2']) expect(csvCell(ok, 'text')).toBe(ok);
  });

  it('numbers stay numbers (a negative amount is not a formula); anything else in a number column is text', () => {
    expect(['-0.5', '12', '0.000001'].map((v) => csvCell(v, 'number'))).toEqual(['-0.5', '12', '0.000001']);
    expect(csvCell('-1+2', 'number')).toBe("'-1+2");
  });

  it('codes keep every digit and are quoted; a code starting like a formula is neutralised; the header is not quoted', () => {
    const text = csvDocument(COLUMNS, [['=HYPERLINK("x")', '089000000012', '-1.25'], ['Deezer', '=1+2', '3']]);
    expect(text).toBe(['store,upc,amount', `"'=HYPERLINK(""x"")","089000000012",-1.25`, `Deezer,"'=1+2",3`, ''].join('\n'));
    expect(parse(text)).toEqual([['store', 'upc', 'amount'], ["'=HYPERLINK(\"x\")", '089000000012', '-1.25'], ['Deezer', "'=1+2", '3']]);
  });

  it('the streamed writer writes the same bytes as the whole-document one', async () => {
    const rows = [['Spotify', '089000000012', '1'], ['+x', '', '-2']];
    let streamed = '';
    for await (const chunk of csvStream(COLUMNS, rows)) streamed += String(chunk);
    expect(streamed).toBe(csvDocument(COLUMNS, rows));
  });
});
