import { existsSync } from 'node:fs';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { fillMessage, ROYALTY_MESSAGES as M, STATEMENT_FIELDS, STATEMENT_PRESETS, type StatementField } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createStaff } from '../helpers/staff';
import { ImportRunner } from '../../src/royalties/import/import-runner';
import { StatementImportJob } from '../../src/royalties/import/statement-import.job';
import { approvedRelease, as, BELIEVE_HEADER, CDBABY_HEADER, DISTROKID_HEADER, newArtist, TUNECORE_HEADER, type ApprovedRelease } from '../helpers/royalties-fixtures';

/** The real headers of the partners' exports (../shared/statements/README.md); a preset without one here is tested with its mapped columns. */
const REAL_HEADERS: Record<string, string[]> = { distrokid: DISTROKID_HEADER, tunecore: TUNECORE_HEADER, cdbaby: CDBABY_HEADER, believe: BELIEVE_HEADER };
/** How each delimiter is written in the test's file names. */
const DELIMITERS: Array<[string, string]> = [
  ['comma', ','],
  ['tab', '\t'],
  ['semicolon', ';'],
  ['pipe', '|'],
];

/** The value a data row holds in a column mapped to `field` (matched by ISRC; one USD amount). */
function cellFor(field: StatementField | undefined, isrc: string, amount: string): string {
  switch (field) {
    case 'isrc':
      return isrc;
    case 'amount':
      return amount;
    case 'currency':
      return 'USD';
    case 'sale_month':
      return '2026-08';
    case 'reporting_date':
      return '2026-10-15';
    case 'quantity':
      return '3';
    case 'upc':
      return '';
    case 'artist':
      return 'Rao, Asha; "AR" | live'; // every delimiter inside one quoted cell
    default:
      return field ? `${field} x` : 'other';
  }
}

/** A CSV cell quoted when it holds the delimiter, a quote or a line break. */
const quote = (v: string, d: string) => (v.includes(d) || v.includes('"') || /[\r\n,;|\t]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Real partner files (issue 34 §5, docs/decisions/031): every built-in preset's real header in comma,
 * tab, semicolon and pipe form, CRLF line ends and a UTF-8 BOM, is detected and imported; a file is
 * claimed only when an import of it is applied, and an upload that was never applied can be discarded.
 */
describe.each(ENGINES)('statement formats and claims on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let artist: Awaited<ReturnType<typeof newArtist>>;
  let single: ApprovedRelease;
  const db = () => t.app.get(DataSource);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    finance = await createStaff(t, 'finance');
    support = await createStaff(t, 'support');
    const reviewer = await createStaff(t, 'reviewer');
    artist = await newArtist(t);
    single = await approvedRelease(t, artist, reviewer.token, 1);
  }, 120_000);
  afterAll(async () => t?.close());

  const cases = STATEMENT_PRESETS.flatMap((p) => DELIMITERS.map(([name, d]) => [p.name, name, d] as const));
  it.each(cases)('preset %s, %s-separated, CRLF and a BOM: detected, matched and applied', async (presetName, _name, d) => {
    const preset = STATEMENT_PRESETS.find((p) => p.name === presetName)!;
    const header = REAL_HEADERS[preset.name] ?? STATEMENT_FIELDS.flatMap((f) => preset.mapping[f]?.slice(0, 1) ?? []);
    const fieldOf = (col: string) => STATEMENT_FIELDS.find((f) => (preset.mapping[f] ?? []).some((c) => c.toLowerCase() === col.toLowerCase()));
    const amount = `${1 + STATEMENT_PRESETS.indexOf(preset)}.${String(DELIMITERS.findIndex(([, x]) => x === d)).padStart(2, '0')}`;
    const row = header.map((col) => cellFor(fieldOf(col), single.tracks[0].isrc, amount));
    const text = `\uFEFF${[header, row].map((cells) => cells.map((c) => quote(c, d)).join(d)).join('\r\n')}\r\n`;
    const up = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), `${preset.name}.txt`);
    expect(up.status).toBe(200);
    expect(up.body.body).toMatchObject({ delimiter: d, header, suggested_format: preset.name });
    expect(up.body.body.rows).toEqual([row]);
    const started = await as(t, finance.token).post('ops/statements/start', { import_id: up.body.body.import_id, format: preset.name, month: '2026-08', source: preset.label, confirmed: true });
    expect([started.status, started.body.message]).toEqual([200, fillMessage(M.started, { id: up.body.body.import_id })]);
    await t.app.get(ImportRunner).idle();
    const done = (await as(t, finance.token).get('ops/statements/detail', { import_id: up.body.body.import_id })).body.body;
    expect(done).toMatchObject({ status: 'applied', rows_read: 1, rows_matched: 1, matched_micros: Number(amount.replace('.', '')) * 10_000 });
  });

  it('an upload never started, or whose start was refused, does not block the same file; it can be discarded (audited), the file is claimed when applied', async () => {
    const text = `${DISTROKID_HEADER.join(',')}\n2026-09-28,2026-09,Spotify,Asha,Song,${single.tracks[0].isrc},,1,100%,Song,IN,0,2.50\n`;
    const first = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), 'claim.csv');
    expect(first.status).toBe(200);
    const firstId = first.body.body.import_id as number;
    // A refused start (wrong preset) leaves it uploaded, and the same file can still be uploaded.
    const refused = await as(t, finance.token).post('ops/statements/start', { import_id: firstId, format: 'tunecore', month: '2026-09', source: 'DistroKid' });
    expect(refused.status).toBe(400);
    const second = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), 'claim-again.csv');
    expect(second.status).toBe(200);
    const secondId = second.body.body.import_id as number;

    // Discard: finance only (403 for support and an artist), 404 for an unknown import, 409 for an applied one.
    expect((await as(t, support.token).post('ops/statements/discard', { import_id: firstId })).status).toBe(403);
    expect((await as(t, artist.token).post('ops/statements/discard', { import_id: firstId })).status).toBe(403);
    expect((await request(t.http).post('/api/ops/statements/discard').send({ import_id: firstId })).status).toBe(401);
    const unknown = await as(t, finance.token).post('ops/statements/discard', { import_id: 99_999_999 });
    expect([unknown.status, unknown.body.message]).toEqual([404, M.importNotFound]);
    expect((await as(t, finance.token).post('ops/statements/discard', { import_id: 'x' })).status).toBe(404);
    const path = ((await db().query('SELECT file_path FROM statement_imports WHERE id = ?', [firstId])) as Array<{ file_path: string }>)[0].file_path;
    const discarded = await as(t, finance.token).post('ops/statements/discard', { import_id: firstId });
    expect([discarded.status, discarded.body.message]).toEqual([200, fillMessage(M.discarded, { id: firstId })]);
    expect(discarded.body.body).toMatchObject({ import_id: firstId, status: 'discarded' });
    expect(existsSync(path)).toBe(false);
    const again = await as(t, finance.token).post('ops/statements/discard', { import_id: firstId });
    expect([again.status, again.body.message]).toEqual([409, fillMessage(M.discardNotAllowed, { id: firstId, status: 'discarded' })]);
    expect((await as(t, finance.token).post('ops/statements/start', { import_id: firstId, format: 'distrokid', month: '2026-09', source: 'DistroKid' })).status).toBe(409);
    const audit = (await db().query("SELECT action, actor_email FROM ops_audit WHERE object_type = 'statement_import' AND object_id = ? ORDER BY id", [String(firstId)])) as Array<{ action: string; actor_email: string }>;
    expect(audit.map((a) => a.action)).toEqual(['statement.upload', 'statement.discard']);

    // The second upload is applied: from then on the same bytes are refused, and it cannot be discarded.
    await as(t, finance.token).post('ops/statements/start', { import_id: secondId, format: 'distrokid', month: '2026-09', source: 'DistroKid', confirmed: true }).expect(200);
    await t.app.get(ImportRunner).idle();
    expect((await as(t, finance.token).get('ops/statements/detail', { import_id: secondId })).body.body.status).toBe('applied');
    const dup = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), 'claim-3.csv');
    expect([dup.status, dup.body.message]).toEqual([409, fillMessage(M.duplicateFile, { id: secondId })]);
    const applied = await as(t, finance.token).post('ops/statements/discard', { import_id: secondId });
    expect([applied.status, applied.body.message]).toEqual([409, fillMessage(M.discardNotAllowed, { id: secondId, status: 'applied' })]);
  });

  it('two uploads of one file: once one is applied, the other’s start is refused and, were it queued already, its run fails with the duplicate message and credits nothing', async () => {
    const text = `${DISTROKID_HEADER.join('\t')}\n2026-10-28\t2026-10\tSpotify\tAsha\tSong\t${single.tracks[0].isrc}\t\t1\t100%\tSong\tIN\t0\t4.00\n`;
    const ids: number[] = [];
    for (const name of ['race-1.tsv', 'race-2.tsv']) ids.push((await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), name).expect(200)).body.body.import_id);
    const [first, second] = ids;
    await as(t, finance.token).post('ops/statements/start', { import_id: first, format: 'distrokid', month: '2026-10', source: 'DistroKid', confirmed: true }).expect(200);
    await t.app.get(ImportRunner).idle();
    const late = await as(t, finance.token).post('ops/statements/start', { import_id: second, format: 'distrokid', month: '2026-10', source: 'DistroKid', confirmed: true });
    expect([late.status, late.body.message]).toEqual([409, fillMessage(M.duplicateFile, { id: first })]);
    // A start that passed its check before the first was applied: the claim is taken in the apply transaction.
    const started = (await db().query('SELECT format, mapping_json FROM statement_imports WHERE id = ?', [first])) as Array<{ format: string; mapping_json: string }>;
    await db().query("UPDATE statement_imports SET status = 'queued', format = ?, mapping_json = ?, month = '2026-10', source = 'DistroKid', confirmed = 1 WHERE id = ?", [started[0].format, started[0].mapping_json, second]);
    const lost = await t.app.get(StatementImportJob).run(second);
    expect([lost?.status, lost?.error]).toEqual(['failed', fillMessage(M.duplicateFile, { id: first })]);
    const credits = (await db().query('SELECT COUNT(*) AS n FROM royalty_credits WHERE import_id = ?', [second])) as Array<{ n: number | string }>;
    expect(Number(credits[0].n)).toBe(0);
    expect((await as(t, finance.token).get('ops/statements/detail', { import_id: first })).body.body.status).toBe('applied');
    // The failed one can be discarded; the applied one keeps the file's claim.
    await as(t, finance.token).post('ops/statements/discard', { import_id: second }).expect(200);
  });
});
