import request from 'supertest';
import { DataSource } from 'typeorm';
import { writeFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { command } from '../helpers/cli';
import { NOTIFICATION_LINKS, ROYALTY_MESSAGES as M, REPORT_CSV_COLUMNS } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createStaff } from '../helpers/staff';
import { outboxTo } from '../helpers/support-client';
import { approvedRelease, as, balanceCents, DISTROKID_HEADER, distrokidRow, newArtist, runImport, statementText, type ApprovedRelease } from '../helpers/royalties-fixtures';

const month = (offset = 0) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + offset);
  return d.toISOString().slice(0, 7);
};
const monthMs = (m: string) => Date.UTC(Number(m.slice(0, 4)), Number(m.slice(5, 7)) - 1, 1);

/** Splits, the artist's earnings and reports built from the ledger (docs/decisions/019-money-engine.md), on each engine. */
describe.each(ENGINES)('royalty splits and earnings on %s', (engine) => {
  let t: TestApp;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  let support: Awaited<ReturnType<typeof createStaff>>;
  let owner: Awaited<ReturnType<typeof newArtist>>;
  let collaborator: Awaited<ReturnType<typeof newArtist>>;
  let stranger: Awaited<ReturnType<typeof newArtist>>;
  let song: ApprovedRelease;
  let strangersSong: ApprovedRelease;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    finance = await createStaff(t, 'finance');
    support = await createStaff(t, 'support');
    const reviewer = await createStaff(t, 'reviewer');
    owner = await newArtist(t);
    collaborator = await newArtist(t);
    stranger = await newArtist(t);
    song = await approvedRelease(t, owner, reviewer.token, 1, 'Monsoon Nights');
    strangersSong = await approvedRelease(t, stranger, reviewer.token, 1);
  }, 120_000);
  afterAll(async () => t?.close());

  it('setTrackSplits refuses another user’s track (404) and wrong shares (400)', async () => {
    const o = as(t, owner.token);
    expect((await o.post('setTrackSplits', { track_id: strangersSong.tracks[0].id, shares: [] })).status).toBe(404);
    expect((await o.get('getTrackSplits', { track_id: strangersSong.tracks[0].id })).status).toBe(404);
    const track_id = song.tracks[0].id;
    for (const [shares, message] of [
      [[{ email: collaborator.email, percent: 60 }, { email: 'x@example.com', percent: 40.01 }], M.splitsTooMuch],
      [[{ email: collaborator.email, percent: 0 }], M.splitPercentInvalid],
      [[{ email: collaborator.email, percent: 12.345 }], M.splitPercentInvalid],
      [[{ email: 'not-an-email', percent: 10 }], M.splitEmailInvalid],
      [[{ email: collaborator.email, percent: 10 }, { email: collaborator.email.toUpperCase(), percent: 10 }], M.splitDuplicate],
      [[{ email: owner.email, percent: 10 }], M.splitSelf],
    ] as const) {
      const res = await o.post('setTrackSplits', { track_id, shares });
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect((await o.get('getTrackSplits', { track_id })).body.body).toEqual([]);
  });

  it('a collaborator with an accepted 30 % split gets exactly 30 % of the track’s credits of the months it covers; the owner keeps the rest and any invited share not accepted yet', async () => {
    const track_id = song.tracks[0].id;
    const saved = await as(t, owner.token).post('setTrackSplits', { track_id, shares: [{ email: collaborator.email, percent: 30 }, { email: 'new.person@example.com', percent: 10 }] });
    expect(saved.body.body.map((s: { email: string; percent: number; status: string; from_month: string }) => [s.email, s.percent, s.status, s.from_month])).toEqual([
      [collaborator.email, 30, 'invited', month()],
      ['new.person@example.com', 10, 'invited', month()],
    ]);
    // Someone without an account gets an invite e-mail with the sign-up link.
    expect(outboxTo(t, 'new.person@example.com').map((m) => m.subject)).toEqual([M.splitInviteMailSubject]);
    const invitations = (await as(t, collaborator.token).get('getSplitInvitations')).body.body;
    expect(invitations).toEqual([expect.objectContaining({ track_id, track: expect.any(String), release: 'Monsoon Nights', percent: 30, status: 'invited' })]);
    const splitId = invitations[0].split_id;
    expect((await as(t, stranger.token).post('respondSplit', { split_id: splitId, accept: true })).status).toBe(404);
    const accepted = await as(t, collaborator.token).post('respondSplit', { split_id: splitId, accept: true });
    expect([accepted.body.message, accepted.body.body.status]).toEqual([M.splitAccepted, 'accepted']);
    expect((await as(t, collaborator.token).post('respondSplit', { split_id: splitId, accept: false })).status).toBe(409);

    const ownerBefore = await balanceCents(t, owner.id);
    const collabBefore = await balanceCents(t, collaborator.id);
    const rows = [
      distrokidRow({ month: month(), store: 'Spotify', isrc: song.tracks[0].isrc, amount: '10.000001', country: 'IN', qty: 2500 }),
      distrokidRow({ month: month(), store: 'Apple Music', isrc: song.tracks[0].isrc, amount: '0.000003', country: 'US' }),
      // A sale month before the split started: all of it to the owner.
      distrokidRow({ month: month(-1), store: 'Spotify', isrc: song.tracks[0].isrc, amount: '5.00', country: 'IN' }),
    ];
    const { row } = await runImport(t, finance.token, statementText(DISTROKID_HEADER, rows, '\t'), 'split.tsv', { format: 'distrokid', month: month(), confirmed: true });
    expect(row!.status).toBe('applied');
    // 30 % of 10,000,001 micro-USD truncated = 3,000,000; of 3 = 0. The owner keeps 7,000,001 + 3 + 5,000,000.
    expect(await balanceCents(t, collaborator.id)).toBe(collabBefore + 300);
    expect(await balanceCents(t, owner.id)).toBe(ownerBefore + Math.round(12_000_004 / 10_000));
    const lines = (await as(t, collaborator.token).get('getEarningLines', { from: month(-1), to: month() })).body;
    expect(lines.total).toBe(2);
    // The collaborator's bell: the split offer and the royalty credit each lead to Earnings (issue 38 item 7).
    const bell = (await as(t, collaborator.token).get('getNotificationsForUser', { offset: 0 })).body.body as Array<{ notification: string; link: string | null }>;
    expect(bell.filter((n) => n.notification.includes('offered you') || n.notification.startsWith('Royalties of')).map((n) => n.link)).toEqual([NOTIFICATION_LINKS.earnings, NOTIFICATION_LINKS.earnings]);
    expect(lines.body.map((l: { amount_micros: number; share: string; track_id: number; import_id: number }) => [l.amount_micros, l.share, l.track_id, l.import_id])).toEqual([
      [0, 'split', track_id, row!.import_id],
      [3_000_000, 'split', track_id, row!.import_id],
    ]);
    const ownerLines = (await as(t, owner.token).get('getEarningLines', { from: month(-1), to: month() })).body.body as Array<{ amount_micros: number; share: string }>;
    expect(ownerLines.map((l) => l.amount_micros).sort((a, b) => a - b)).toEqual([3, 5_000_000, 7_000_001]);
    expect(ownerLines.every((l) => l.share === 'owner')).toBe(true);

    // Replacing the shares ends the open ones; the accepted collaborator keeps their acceptance.
    const replaced = await as(t, owner.token).post('setTrackSplits', { track_id, shares: [{ email: collaborator.email, percent: 25 }] });
    expect(replaced.body.body).toEqual([expect.objectContaining({ email: collaborator.email, percent: 25, status: 'accepted' })]);
  });

  it('the earnings screen’s totals: by month, store, country, release and track, confirmed and estimated, only the caller’s', async () => {
    const artist = owner;
    const summary = (await as(t, artist.token).get('getEarnings', { from: month(-1), to: month() })).body.body;
    expect(summary.by_month).toEqual([
      { key: month(-1), label: month(-1), confirmed_micros: 5_000_000, estimated_micros: 0, quantity: 1 },
      { key: month(), label: month(), confirmed_micros: 7_000_004, estimated_micros: 0, quantity: 2501 },
    ]);
    expect(summary.by_store.map((s: { label: string; confirmed_micros: number }) => [s.label, s.confirmed_micros])).toEqual([
      ['Spotify', 12_000_001],
      ['Apple Music', 3],
    ]);
    expect(summary.by_country.map((s: { label: string }) => s.label)).toEqual(['IN', 'US']);
    expect(summary.by_release).toEqual([expect.objectContaining({ key: String(song.releaseId), label: 'Monsoon Nights', confirmed_micros: 12_000_004 })]);
    expect(summary.by_track).toEqual([expect.objectContaining({ key: String(song.tracks[0].id), confirmed_micros: 12_000_004 })]);
    expect(summary.balance_cents).toBe(await balanceCents(t, artist.id));
    const theirs = (await as(t, stranger.token).get('getEarnings', { from: month(-1), to: month() })).body.body;
    expect(theirs.by_month).toEqual([]);
    const bad = await as(t, artist.token).get('getEarnings', { from: '2026-13' });
    expect([bad.status, bad.body.message]).toEqual([400, M.monthInvalid]);
    expect((await request(t.http).get('/api/getEarnings')).status).toBe(401);
  });

  it('finance fulfils a report request from the ledger: the CSV has the report header and that artist’s rows of that store and months only; audited; once', async () => {
    // The stranger earns on Spotify in the same months: none of it may appear in the owner's report.
    await runImport(t, finance.token, statementText(DISTROKID_HEADER, [distrokidRow({ month: month(), store: 'Spotify', isrc: strangersSong.tracks[0].isrc, amount: '7.77' })], '\t'), 'stranger.tsv', {
      format: 'distrokid',
      month: month(),
      confirmed: true,
    });
    const req = await as(t, owner.token).post('requestReport', { store: 'Spotify', start_date: monthMs(month(-1)), end_date: monthMs(month()) });
    expect(req.body.status).toBe(200);
    const reportId = req.body.body.report_id;
    expect((await as(t, support.token).post('ops/reports/fulfil', { report_id: reportId })).status).toBe(403);
    const done = await as(t, finance.token).post('ops/reports/fulfil', { report_id: reportId });
    expect(done.body).toMatchObject({ status: 200, body: { report_id: reportId, rows: 2 } });
    expect((await as(t, finance.token).post('ops/reports/fulfil', { report_id: reportId })).status).toBe(409);
    const audit = (await t.app.get(DataSource).query("SELECT actor_email, after_json FROM ops_audit WHERE action = 'report.fulfil' AND object_id = ?", [String(reportId)])) as Array<{ actor_email: string; after_json: string }>;
    expect(audit).toHaveLength(1);
    expect(audit[0].actor_email).toBe(finance.email.toLowerCase());
    expect(JSON.parse(audit[0].after_json)).toMatchObject({ rows: 2, store: 'Spotify' });
    expect((await as(t, finance.token).post('ops/reports/fulfil', { report_id: 99999999 })).status).toBe(404);
    const list = (await as(t, owner.token).get('getRequestedReports')).body.body as Array<{ report_id: number; download_url: string; status: number }>;
    const mine = list.find((r) => r.report_id === reportId)!;
    expect(mine.status).toBe(1);
    const csv = (await request(t.http).get(mine.download_url).buffer(true)).text;
    const [header, ...rows] = csv.trim().split('\n');
    expect(header).toBe(REPORT_CSV_COLUMNS.join(','));
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.includes(',Spotify,') && r.includes(song.tracks[0].isrc) && !r.includes(strangersSong.tracks[0].isrc))).toBe(true);
    expect(rows.map((r) => r.split(',')[11]).sort()).toEqual(['5', '7.000001']);
  });

  it('the report CSV neutralises statement cells that start like a formula and writes UPC and ISRC as quoted text with their leading zeros (docs/decisions/031)', async () => {
    const reviewer = await createStaff(t, 'reviewer');
    const artist = await newArtist(t);
    const rel = await approvedRelease(t, artist, reviewer.token, 1);
    const m = month(-2);
    const row = (store: string, upc: string, kind: string, country: string, amount: string) => [`${m}-28`, m, store, 'Asha', 'Song', rel.tracks[0].isrc, upc, 2, '100%', kind, country, '0', amount];
    const hostile = [
      row('=HYPERLINK("http://evil.example","Spotify")', '089000000012', '+1+2', '@SUM(A1)', '1.25'),
      row('-2+3 Spotify', '0036000291452', '=1+2', '\tIN', '-0.50'),
    ];
    const imported = await runImport(t, finance.token, statementText(DISTROKID_HEADER, hostile), 'hostile.csv', { format: 'distrokid', month: m, confirmed: true });
    expect(imported.row).toMatchObject({ status: 'applied', rows_matched: 2 });
    const req = await as(t, artist.token).post('requestReport', { store: 'Spotify', start_date: monthMs(m), end_date: monthMs(m) });
    const reportId = req.body.body.report_id as number;
    await as(t, finance.token).post('ops/reports/fulfil', { report_id: reportId }).expect(200);
    const mine = ((await as(t, artist.token).get('getRequestedReports')).body.body as Array<{ report_id: number; download_url: string }>).find((r) => r.report_id === reportId)!;
    const csv = (await request(t.http).get(mine.download_url).buffer(true)).text;
    const [header, ...rows] = parse(csv) as string[][];
    expect(header).toEqual([...REPORT_CSV_COLUMNS]);
    const col = (r: string[], name: (typeof REPORT_CSV_COLUMNS)[number]) => r[REPORT_CSV_COLUMNS.indexOf(name)];
    expect(rows.map((r) => [col(r, 'store'), col(r, 'sale_type'), col(r, 'country'), col(r, 'upc'), col(r, 'isrc'), col(r, 'amount')])).toEqual([
      ['\'=HYPERLINK("http://evil.example","Spotify")', "'+1+2", "'@SUM(A1)", '089000000012', rel.tracks[0].isrc, '1.25'],
      // An EAN-13 with two leading zeros is the UPC-A 036000291452 (the same GTIN): the credit kept its digits only.
      ["'-2+3 Spotify", "'=1+2", 'IN', '036000291452', rel.tracks[0].isrc, '-0.5'],
    ]);
    // As text on the wire: the codes are quoted cells; no cell of the file starts with a formula character.
    expect(csv).toContain(`,"089000000012","${rel.tracks[0].isrc}",`);
    expect(csv.split('\n').flatMap((line) => line.split(',')).filter((c) => /^"?[=+@]/.test(c))).toEqual([]);
  });

  it('report-attach (a file from elsewhere) refuses a row with another artist’s code, takes the owner’s rows, and is audited', async () => {
    const req = await as(t, owner.token).post('requestReport', { store: 'Apple Music', start_date: monthMs(month()), end_date: monthMs(month()) });
    const reportId = req.body.body.report_id as number;
    const attach = command('report-attach');
    const row = (isrc: string, upc = '') => [month(), `${month()}-28`, 'Apple Music', 'US', 'Asha', 'R', 'T', upc, isrc, 'stream', 3, '0.01', 'USD'].join(',');
    const foreign = join(t.dataDir, 'foreign.csv');
    writeFileSync(foreign, [REPORT_CSV_COLUMNS.join(','), row(song.tracks[0].isrc), row(strangersSong.tracks[0].isrc)].join('\n'));
    await expect(attach.run(t.app, [String(reportId), foreign])).rejects.toThrow(M.reportRowForeign.replace('{row}', '3').replace('{code}', strangersSong.tracks[0].isrc));
    const mine = join(t.dataDir, 'mine.csv');
    writeFileSync(mine, [REPORT_CSV_COLUMNS.join(','), row(song.tracks[0].isrc), row('', `0${song.upc}`)].join('\n'));
    expect(await attach.run(t.app, [String(reportId), mine])).toBe(`report ${reportId} received (2 rows)`);
    const audit = (await t.app.get(DataSource).query("SELECT actor_email FROM ops_audit WHERE action = 'report.attach' AND object_id = ?", [String(reportId)])) as Array<{ actor_email: string }>;
    expect(audit).toEqual([{ actor_email: 'cli' }]);
  });
});
