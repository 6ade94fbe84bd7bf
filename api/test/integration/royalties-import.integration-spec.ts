import request from 'supertest';
import { DataSource } from 'typeorm';
import { ROYALTY_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createStaff } from '../helpers/staff';
import { command } from '../helpers/cli';
import {
  approvedRelease,
  as,
  balanceCents,
  BELIEVE_HEADER,
  CDBABY_HEADER,
  DISTROKID_HEADER,
  distrokidRow,
  newArtist,
  runImport,
  statementText,
  TUNECORE_HEADER,
  type ApprovedRelease,
} from '../helpers/royalties-fixtures';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Cents of a micro-USD sum, half away from zero (the ledger's rounding, decision 019). */
const cents = (micros: number) => Math.sign(micros) * Math.round(Math.abs(micros) / 10_000);
/** Micro-USD of a decimal text with at most 6 decimals, by string arithmetic. */
const micros = (text: string) => {
  const neg = text.startsWith('-');
  const [i, f = ''] = text.replace('-', '').split('.');
  const v = Number(i) * 1_000_000 + Number(f.padEnd(6, '0'));
  return neg ? -v : v;
};

/** Statement imports, matching, rounding, safety (docs/decisions/019-money-engine.md), on each engine. */
describe.each(ENGINES)('royalty statement imports on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let artist: Awaited<ReturnType<typeof newArtist>>;
  let other: Awaited<ReturnType<typeof newArtist>>;
  let album: ApprovedRelease; // 3 tracks
  let single: ApprovedRelease; // 1 track
  let foreign: ApprovedRelease; // another artist's single
  const db = () => t.app.get(DataSource);
  const creditsOf = async (importId: number) =>
    (await db().query('SELECT line_no, user_id, track_id, amount_micros FROM royalty_credits WHERE import_id = ? ORDER BY id', [importId])) as Array<{ line_no: number; user_id: number; track_id: number; amount_micros: number | string }>;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    finance = await createStaff(t, 'finance');
    support = await createStaff(t, 'support');
    reviewer = await createStaff(t, 'reviewer');
    artist = await newArtist(t);
    other = await newArtist(t);
    album = await approvedRelease(t, artist, reviewer.token, 3);
    single = await approvedRelease(t, artist, reviewer.token, 1);
    foreign = await approvedRelease(t, other, reviewer.token, 1);
  }, 120_000);
  afterAll(async () => t?.close());

  it('the statements desk is finance’s: 401 without a token, 403 for an artist and for support, 400 for a wrong body', async () => {
    expect((await request(t.http).get('/api/ops/statements')).status).toBe(401);
    for (const token of [artist.token, support.token]) {
      expect((await as(t, token).get('ops/statements')).status).toBe(403);
      expect((await as(t, token).upload('ops/statements/upload', 'file', Buffer.from('a,b\n1,2\n'), 's.csv')).status).toBe(403);
      expect((await as(t, token).post('ops/statements/rollback', { import_id: 1 })).status).toBe(403);
    }
    expect((await as(t, finance.token).post('ops/statements/start', { import_id: 'x' })).status).toBe(404);
    const bad = await as(t, finance.token).post('ops/statements/start', { import_id: 999999, format: 'distrokid', month: '2026-13', source: 'x' });
    expect([bad.status, bad.body.message]).toEqual([400, M.monthInvalid]);
    expect((await as(t, finance.token).post('ops/statements/start', { import_id: 999999, format: 'distrokid', month: '2026-01', source: 'x' })).status).toBe(404);
    expect((await as(t, finance.token).post('ops/statements/upload', { file: 'x' })).status).toBe(400);
    const binary = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 1]), 'x.xlsx');
    expect([binary.status, binary.body.message]).toEqual([400, M.fileNotText]);
  });

  it('DistroKid TSV: ISRC rows credit their track, UPC rows spread evenly over the release, every row’s credits sum to the row, the confirmed balance rises by the matched total, unmatched rows are kept', async () => {
    const month = '2026-03';
    const rows = [
      distrokidRow({ month, store: 'Spotify', isrc: album.tracks[0].isrc, amount: '1.234567', country: 'IN', qty: 300 }),
      distrokidRow({ month, store: 'Apple Music', isrc: single.tracks[0].isrc.toLowerCase(), amount: '0.000001', country: 'US' }),
      distrokidRow({ month, store: 'Spotify', upc: album.upc, amount: '0.000100', country: 'GB', qty: 3 }), // 100 micros over 3 tracks: 34/33/33
      distrokidRow({ month, store: 'Deezer', upc: `0${album.upc}`, amount: '-0.000007', country: 'FR' }), // a return, leading zero as Excel keeps it
      distrokidRow({ month, store: 'Spotify', isrc: foreign.tracks[0].isrc, amount: '2.5', country: 'IN' }),
      distrokidRow({ month, store: 'Spotify', isrc: 'QZZZZ2600001', amount: '9.99' }),
      distrokidRow({ month, store: 'Spotify', isrc: 'QZZZZ2600001', amount: '0.01' }),
      distrokidRow({ month, store: 'Tidal', upc: '999999999993', amount: '1' }),
      distrokidRow({ month, store: 'Spotify', isrc: album.tracks[1].isrc, amount: '0', qty: 12 }), // under the threshold: zero rows are normal
    ];
    const before = await balanceCents(t, artist.id);
    const beforeOther = await balanceCents(t, other.id);
    const { upload, row } = await runImport(t, finance.token, statementText(DISTROKID_HEADER, rows, '\t'), 'distrokid-2026-03.tsv', { format: 'distrokid', month, confirmed: true });
    expect(upload.body.body).toMatchObject({ delimiter: '\t', header: DISTROKID_HEADER, suggested_format: 'distrokid' });
    expect(upload.body.body.rows).toHaveLength(rows.length);
    expect(row).toMatchObject({ status: 'applied', rows_read: 9, rows_matched: 6, rows_unmatched: 3, confirmed: true, currency: 'USD' });
    const matched = [0, 1, 2, 3, 4, 8].map((i) => micros(String(rows[i][12])));
    expect(row!.matched_micros).toBe(matched.reduce((a, b) => a + b, 0));
    expect(row!.unmatched_micros).toBe(micros('9.99') + micros('0.01') + micros('1'));

    const credits = await creditsOf(row!.import_id);
    // Each row's credit lines sum exactly to the row (lines are numbered from the header = 1).
    for (const [i, r] of rows.entries()) {
      const lines = credits.filter((c) => Number(c.line_no) === i + 2);
      if ([5, 6, 7].includes(i)) expect(lines).toHaveLength(0);
      else expect(lines.reduce((s, c) => s + Number(c.amount_micros), 0)).toBe(micros(String(r[12])));
    }
    expect(credits.filter((c) => Number(c.line_no) === 4).map((c) => [Number(c.track_id), Number(c.amount_micros)])).toEqual(album.tracks.map((tr, k) => [tr.id, [34, 33, 33][k]]));
    expect(credits.filter((c) => Number(c.line_no) === 5).map((c) => Number(c.amount_micros))).toEqual([-3, -2, -2]);
    expect(credits.filter((c) => Number(c.line_no) === 3).map((c) => Number(c.track_id))).toEqual([single.tracks[0].id]);

    // The ledger: one entry per user, the sum of their micro-USD rounded to cents.
    const mine = matched.slice(0, 4).reduce((a, b) => a + b, 0) + 0;
    expect(await balanceCents(t, artist.id)).toBe(before + cents(mine));
    expect(await balanceCents(t, other.id)).toBe(beforeOther + cents(micros('2.5')));
    const me = await as(t, artist.token).get('getUserDetails');
    expect(me.body.body.revenue).toBe((before + cents(mine)) / 100);

    const unmatched = await as(t, finance.token).get('ops/statements/unmatched', { import_id: row!.import_id });
    expect(unmatched.body.total).toBe(2);
    expect(unmatched.body.body.map((u: { isrc: string; upc: string; rows: number; amount_micros: number }) => [u.isrc, u.upc, u.rows, u.amount_micros])).toEqual([
      ['QZZZZ2600001', '', 2, micros('10')],
      ['', '999999999993', 1, micros('1')],
    ]);
  });

  it('refuses the same file twice (SHA-256), in the console and on the CLI, and after a rollback takes it again', async () => {
    const text = statementText(DISTROKID_HEADER, [distrokidRow({ month: '2026-02', store: 'Spotify', isrc: single.tracks[0].isrc, amount: '3.00' })], '\t');
    const first = await runImport(t, finance.token, text, 'dup.tsv', { format: 'distrokid', month: '2026-02', confirmed: true });
    expect(first.row!.status).toBe('applied');
    const again = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), 'renamed.tsv');
    expect([again.status, again.body.message]).toEqual([409, M.duplicateFile.replace('{id}', String(first.row!.import_id))]);
    const file = join(t.dataDir, 'dup-cli.tsv');
    writeFileSync(file, text);
    const cmd = command('statement-import');
    await expect(cmd.run(t.app, [file, '--format', 'distrokid', '--month', '2026-02'])).rejects.toThrow(M.duplicateFile.replace('{id}', String(first.row!.import_id)));

    const before = await balanceCents(t, artist.id);
    const rolled = await as(t, finance.token).post('ops/statements/rollback', { import_id: first.row!.import_id });
    expect(rolled.body.body.status).toBe('rolled_back');
    expect(await balanceCents(t, artist.id)).toBe(before - 300);
    expect((await as(t, finance.token).post('ops/statements/rollback', { import_id: first.row!.import_id })).status).toBe(409);
    const earnings = await as(t, artist.token).get('getEarningLines', { from: '2026-02', to: '2026-02' });
    expect(earnings.body.total).toBe(0);
    // The CLI imports the same file again now, and prints its figures.
    const out = await cmd.run(t.app, [file, '--format', 'distrokid', '--month', '2026-02', '--confirmed']);
    expect(out).toMatch(/rows read 1, matched 1, unmatched 0/);
    expect(out).toMatch(/credited to the ledger 3\.00 USD/);
    expect(await balanceCents(t, artist.id)).toBe(before);
    const audit = (await db().query("SELECT action FROM ops_audit WHERE object_type = 'statement_import' AND object_id = ? ORDER BY id", [String(first.row!.import_id)])) as Array<{ action: string }>;
    expect(audit.map((a) => a.action)).toEqual(['statement.upload', 'statement.import', 'statement.applied', 'statement.rollback']);
  });

  it('TuneCore CSV in EUR: refused without a rate (nothing credited), converted at the import’s rate when started again', async () => {
    const header = TUNECORE_HEADER;
    const row = (isrc: string, amount: string, cur = 'EUR') => ['2026-01', '2026-03-15', 'Spotify', 'DE', 'Asha', 'Single', 'R', 'S', 'L', '', '', '123', isrc, 'Stream', 10, '0.1', amount, cur, '1', amount, cur];
    const text = statementText(header, [row(single.tracks[0].isrc, '10.00'), row(album.tracks[2].isrc, '0.333333')]);
    const before = await balanceCents(t, artist.id);
    const failed = await runImport(t, finance.token, text, 'tunecore.csv', { format: 'tunecore', month: '2026-03', confirmed: true });
    expect(failed.row).toMatchObject({ status: 'failed', error: M.rateRequired.replace('{currency}', 'EUR') });
    expect((await creditsOf(failed.row!.import_id)).length).toBe(0);
    expect(await balanceCents(t, artist.id)).toBe(before);

    const restarted = await as(t, finance.token).post('ops/statements/start', { import_id: failed.row!.import_id, format: 'tunecore', month: '2026-03', source: 'TuneCore', rate: '1.0825', confirmed: true });
    expect(restarted.status).toBe(200);
    await t.app.get((await import('../../src/royalties/import/import-runner')).ImportRunner).idle();
    const done = (await as(t, finance.token).get('ops/statements/detail', { import_id: failed.row!.import_id })).body.body;
    // 10.00 EUR × 1.0825 = 10.825 USD; 0.333333 × 1.0825 = 0.3608329725 → 360833 micro-USD.
    expect(done).toMatchObject({ status: 'applied', currency: 'EUR', rate: '1.0825', matched_micros: 10_825_000 + 360_833 });
    expect(await balanceCents(t, artist.id)).toBe(before + cents(10_825_000 + 360_833));

    const mixed = statementText(header, [row(single.tracks[0].isrc, '1.00', 'EUR'), row(single.tracks[0].isrc, '1.00', 'GBP')]);
    const refused = await runImport(t, finance.token, mixed, 'mixed.csv', { format: 'tunecore', month: '2026-03', rate: '1.1' });
    expect(refused.row).toMatchObject({ status: 'failed', error: 'Row 3 is in GBP, the statement in EUR: import one currency per file.' });
  });

  it('estimated imports show but do not count toward the withdrawable balance until confirmed', async () => {
    const text = statementText(CDBABY_HEADER, [['2026-04-30', '2026-04-02', 2, '0.99', '1.98', single.tracks[0].isrc, '', 'SKU', 'A', 'Asha', 'S', 'iTunes', 'Download', 'US']], '\t');
    const before = await balanceCents(t, artist.id);
    const est = await runImport(t, finance.token, text, 'cdbaby.tsv', { format: 'cdbaby', month: '2026-04', confirmed: false });
    expect(est.row).toMatchObject({ status: 'applied', confirmed: false, credited_cents: 0, matched_micros: 1_980_000 });
    expect(await balanceCents(t, artist.id)).toBe(before);
    const earnings = (await as(t, artist.token).get('getEarnings', { from: '2026-04', to: '2026-04' })).body.body;
    expect(earnings.by_month).toEqual([{ key: '2026-04', label: '2026-04', confirmed_micros: 0, estimated_micros: 1_980_000, quantity: 2 }]);
    expect(earnings.by_store[0]).toMatchObject({ label: 'iTunes', estimated_micros: 1_980_000 });
    const confirmed = await as(t, finance.token).post('ops/statements/confirm', { import_id: est.row!.import_id });
    expect(confirmed.body.body).toMatchObject({ confirmed: true, credited_cents: 198 });
    expect(await balanceCents(t, artist.id)).toBe(before + 198);
    expect((await as(t, finance.token).post('ops/statements/confirm', { import_id: est.row!.import_id })).status).toBe(409);
    const after = (await as(t, artist.token).get('getEarnings', { from: '2026-04', to: '2026-04' })).body.body;
    expect(after.by_month[0]).toMatchObject({ confirmed_micros: 1_980_000, estimated_micros: 0 });
  });

  it('a failure mid-file (after a committed batch) leaves no credits and no ledger entry', async () => {
    const good = Array.from({ length: 2500 }, () => distrokidRow({ month: '2026-05', store: 'Spotify', isrc: single.tracks[0].isrc, amount: '0.01' }));
    good[2300][12] = 'twelve';
    const before = await balanceCents(t, artist.id);
    const { row } = await runImport(t, finance.token, statementText(DISTROKID_HEADER, good, '\t'), 'broken.tsv', { format: 'distrokid', month: '2026-05', confirmed: true });
    expect(row).toMatchObject({ status: 'failed', error: 'Row 2302: the amount "twelve" is not a number.' });
    expect((await creditsOf(row!.import_id)).length).toBe(0);
    expect(await balanceCents(t, artist.id)).toBe(before);
    expect((await as(t, artist.token).get('getEarningLines', { from: '2026-05', to: '2026-05' })).body.total).toBe(0);
  });

  it('a preset whose columns the file lacks is refused at start; a generic mapping is checked, saved as a named preset and reused', async () => {
    const header = ['Period', 'Shop', 'Territory', 'Code', 'Units', 'Revenue', 'Cur'];
    const text = statementText(header, [['03/2026', 'JioSaavn', 'IN', single.tracks[0].isrc, 5, '0,50', 'USD']], ';');
    const up = await as(t, finance.token).upload('ops/statements/upload', 'file', Buffer.from(text), 'custom.csv');
    expect(up.body.body).toMatchObject({ delimiter: ';', header, suggested_format: '' });
    const id = up.body.body.import_id;
    const wrong = await as(t, finance.token).post('ops/statements/start', { import_id: id, format: 'believe', month: '2026-03', source: 'X' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/^The file’s header does not match the believe preset: missing /);
    const noAmount = await as(t, finance.token).post('ops/statements/start', { import_id: id, format: 'generic', mapping: { isrc: 'Code' }, month: '2026-03', source: 'X' });
    expect([noAmount.status, noAmount.body.message]).toEqual([400, M.mappingNeedsAmount]);
    const unknown = await as(t, finance.token).post('ops/statements/start', { import_id: id, format: 'generic', mapping: { isrc: 'Nope', amount: 'Revenue' }, month: '2026-03', source: 'X' });
    expect([unknown.status, unknown.body.message]).toEqual([400, M.mappingColumnUnknown.replace('{column}', 'Nope')]);
    const mapping = { sale_month: 'Period', store: 'Shop', country: 'Territory', isrc: 'Code', quantity: 'Units', amount: 'Revenue', currency: 'Cur' };
    const ok = await as(t, finance.token).post('ops/statements/start', { import_id: id, format: 'generic', mapping, save_as: 'shop-feed', month: '2026-03', source: 'Shop feed', confirmed: true });
    expect(ok.body.body).toMatchObject({ format: 'shop-feed', status: 'queued' });
    expect((await as(t, finance.token).post('ops/statements/start', { import_id: id, format: 'generic', mapping, month: '2026-03', source: 'X' })).status).toBe(409);
    const presets = (await as(t, finance.token).get('ops/statements/presets')).body.body as Array<{ name: string; builtin: boolean }>;
    expect(presets.map((p) => p.name)).toEqual(['distrokid', 'tunecore', 'cdbaby', 'believe', 'shop-feed']);
    const again = statementText(header, [['2026-03', 'JioSaavn', 'IN', single.tracks[0].isrc, 1, '0,25', 'USD']], ';');
    const reused = await runImport(t, finance.token, again, 'custom2.csv', { format: 'shop-feed', month: '2026-03', confirmed: true });
    expect(reused.row).toMatchObject({ status: 'applied', matched_micros: 250_000 });
  });

  it('Believe CSV with semicolons: matched by ISRC; unmatched rows are linked later to a track, which credits them then (audited)', async () => {
    const row = (isrc: string, upc: string, amount: string) => ['2026-06', 'YouTube Music', 'India', 'Own', 'Asha', 'R', 'T', upc, isrc, 'CAT1', 'Premium', 'Single', 'Stream', 100, 'USD', '0.001', '0', amount, '70%', amount];
    const text = statementText(BELIEVE_HEADER, [row(single.tracks[0].isrc, '', '0.70'), row('INZZZ2612345', '', '4.20'), row('INZZZ2612345', '', '0.80')], ';');
    const { row: imp } = await runImport(t, finance.token, text, 'believe.csv', { format: 'believe', month: '2026-06', confirmed: true });
    expect(imp).toMatchObject({ status: 'applied', rows_matched: 1, rows_unmatched: 2 });
    const before = await balanceCents(t, artist.id);
    expect((await as(t, finance.token).post('ops/statements/link', { code_kind: 'isrc', code: 'INZZZ2612345', track_id: 99999999 })).status).toBe(404);
    expect((await as(t, finance.token).post('ops/statements/link', { code_kind: 'isrc', code: 'NOPE', track_id: single.tracks[0].id })).status).toBe(400);
    const linked = await as(t, finance.token).post('ops/statements/link', { code_kind: 'isrc', code: 'inzzz2612345', track_id: single.tracks[0].id });
    expect(linked.body).toMatchObject({ status: 200, message: '2 rows linked to the track, 5.00 USD credited.', body: { rows: 2, amount_micros: 5_000_000 } });
    expect(await balanceCents(t, artist.id)).toBe(before + 500);
    expect((await as(t, finance.token).get('ops/statements/unmatched', { import_id: imp!.import_id })).body.total).toBe(0);
    expect((await as(t, finance.token).post('ops/statements/link', { code_kind: 'isrc', code: 'INZZZ2612345', track_id: single.tracks[0].id })).status).toBe(400);
    // The rollback takes the linked credits back too.
    await as(t, finance.token).post('ops/statements/rollback', { import_id: imp!.import_id }).expect(200);
    expect(await balanceCents(t, artist.id)).toBe(before - 70);
  });

  it('rollback is refused once a payout took the import’s credits, and allowed again after that payout was rejected', async () => {
    const payee = await newArtist(t);
    const rel = await approvedRelease(t, payee, reviewer.token, 1);
    const text = statementText(DISTROKID_HEADER, [distrokidRow({ month: '2026-07', store: 'Spotify', isrc: rel.tracks[0].isrc, amount: '150.00' })], '\t');
    const { row } = await runImport(t, finance.token, text, 'payee.tsv', { format: 'distrokid', month: '2026-07', confirmed: true });
    expect(await balanceCents(t, payee.id)).toBe(15000);
    await as(t, payee.token).post('addBankDetails', { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: '50100012345678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F' }).expect(200);
    const payout = await as(t, payee.token).post('withdrawMoney', {}, { 'Idempotency-Key': 'royalty-rollback-1' });
    expect(payout.body.status).toBe(200);
    const refused = await as(t, finance.token).post('ops/statements/rollback', { import_id: row!.import_id });
    expect([refused.status, refused.body.message]).toEqual([409, M.rollbackRefused.replace('{id}', String(row!.import_id)).replace('{payout}', String(payout.body.body.payout_id))]);
    await as(t, finance.token).post('ops/payouts/reject', { payout_id: payout.body.body.payout_id, reason: 'Account closed' }).expect(200);
    await as(t, finance.token).post('ops/statements/rollback', { import_id: row!.import_id }).expect(200);
    expect(await balanceCents(t, payee.id)).toBe(0);
  });
});
