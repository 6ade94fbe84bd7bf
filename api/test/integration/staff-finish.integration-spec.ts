import request from 'supertest';
import { DataSource, In } from 'typeorm';
import {
  fillMessage,
  gs1CheckDigit,
  gtin14,
  OPS_MESSAGES as O,
  RELEASE_MESSAGES as M,
  REPORT_CSV_COLUMNS,
  ROYALTY_MESSAGES as R,
  STAFF_DESK_MESSAGES as S,
} from '@portal/contracts';
import { AssignedIdentifierEntity } from '../../src/identifiers/identifier.entities';
import { IdentifierForms1765550000000 } from '../../src/database/migrations/1765550000000-identifier-forms';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { UploadQcEntity } from '../../src/distribution/qc/upload-qc.entity';
import { QcService } from '../../src/distribution/qc/qc.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { releaseInfo, ReleasesClient } from '../helpers/releases-fixtures';
import { cli, createStaff } from '../helpers/staff';
import { approvedRelease, as as caller, distrokidRow, DISTROKID_HEADER, newArtist, runImport, statementText } from '../helpers/royalties-fixtures';
import { SupportClient } from '../helpers/support-client';
import { creditRevenue } from '../helpers/cli';

/**
 * What a distributor's staff still tripped over (issue 38, "Staff"): one identifier in any of its
 * forms (item 8), the statement desk's binary and empty files (9), the report fulfilment desk's queue
 * and preview (10), the review queue's filters and bulk approval (11), and a PayPal payout's message (13).
 */
describe.each(ENGINES)('staff journeys finished on %s', (engine) => {
  let t: TestApp;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let finance: Awaited<ReturnType<typeof createStaff>>;
  const db = () => t.app.get(DataSource);
  const upc = (body11: string) => body11 + String(gs1CheckDigit(body11));
  const as = (token: string) => caller(t, token);
  const monthMs = (m: string) => Date.parse(`${m}-01T00:00:00Z`);
  const thisMonth = () => new Date().toISOString().slice(0, 7);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    reviewer = await createStaff(t, 'reviewer');
    finance = await createStaff(t, 'finance');
  });
  afterAll(async () => t?.close());

  describe('item 8: one identifier, one code', () => {
    it('the EAN-13 and GTIN-14 forms of a live UPC-A are refused on another release; the typed form is kept for display', async () => {
      const a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      const b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      const aArtist = await a.artist('Asha Rao');
      const bArtist = await b.artist('Ravi Kumar');
      const code = upc('08900000001');
      const live = await a.draft(releaseInfo(aArtist, { upc_ean: code }));
      // The 13-digit form of the same code, on another account's release and on the same account's other release.
      expect((await b.post('createReleaseInfo', releaseInfo(bArtist, { upc_ean: `0${code}` })).expect(400)).body.message).toBe(M.upcInUse);
      expect((await a.post('createReleaseInfo', releaseInfo(aArtist, { upc_ean: `0${code}` })).expect(400)).body.message).toBe(M.upcInUse);
      // The registry holds one row, in GTIN-14 form; the release shows what the artist typed.
      expect(await db().getRepository(AssignedIdentifierEntity).findBy({ kind: 'upc', code: gtin14(code) })).toEqual([expect.objectContaining({ release_id: live })]);
      expect((await db().getRepository(ReleaseEntity).findOneByOrFail({ id: live })).upc_ean).toBe(code);
      // Typed as EAN-13 first, the UPC-A form is refused the same way.
      const ean = upc('005099990002');
      await b.draft(releaseInfo(bArtist, { upc_ean: ean }));
      expect((await a.post('createReleaseInfo', releaseInfo(aArtist, { upc_ean: ean.slice(1) })).expect(400)).body.message).toBe(M.upcInUse);
    });

    it('ISRCs are compared without hyphens and case', async () => {
      const a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      const b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      await a.readyRelease({ track: { isrc_yes_no: 'Yes', isrc: 'in-x9b-26-00321' } });
      await expect(b.readyRelease({ track: { isrc_yes_no: 'Yes', isrc: 'INX9B2600321' } })).rejects.toThrow(M.isrcInUse);
    });

    it('migration: registry rows of one code in two forms become one GTIN-14 row, the collision is logged and listed by identifier-duplicates, the review screen warns, approval refuses', async () => {
      const a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      const b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
      const r1 = await a.readyRelease();
      const r2 = await b.readyRelease();
      const code = upc('07700000001');
      // As a registry before this change could hold them: the UPC-A on one release, its EAN-13 form on another.
      await db().query(`UPDATE releases SET upc_ean = ? WHERE id = ?`, [code, r1.releaseId]);
      await db().query(`UPDATE releases SET upc_ean = ? WHERE id = ?`, [`0${code}`, r2.releaseId]);
      const reg = db().getRepository(AssignedIdentifierEntity);
      await reg.insert({ kind: 'upc', code, object_id: r1.releaseId, user_id: 0, release_id: r1.releaseId, source: 'entered', created_at: new Date() });
      await reg.insert({ kind: 'upc', code: `0${code}`, object_id: r2.releaseId, user_id: 0, release_id: r2.releaseId, source: 'entered', created_at: new Date() });
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      const logged: string[] = [];
      const { Logger } = await import('@nestjs/common');
      const spy = jest.spyOn(Logger.prototype, 'warn').mockImplementation((msg: unknown) => void logged.push(String(msg)));
      const runner = db().createQueryRunner();
      try {
        await new IdentifierForms1765550000000().up(runner);
      } finally {
        await runner.release();
        spy.mockRestore();
        warn.mockRestore();
      }
      expect(await reg.findBy({ kind: 'upc', code: gtin14(code) })).toEqual([expect.objectContaining({ release_id: r1.releaseId })]);
      expect(await reg.findBy({ kind: 'upc', code: `0${code}` })).toEqual([]);
      expect(logged).toEqual([expect.stringContaining(`UPC collision ${gtin14(code)}: kept ${code}`)]);
      const listed = await cli(t, 'identifier-duplicates', []);
      expect(listed).toContain(`UPC ${code} = 0${code}: release ${r1.releaseId} (user`);
      expect(listed).toContain(`release ${r2.releaseId} (user`);
      await b.post('submissionButton', { release_id: r2.releaseId, terms: true }).expect(200);
      const detail = (await as(reviewer.token).get('ops/releases/detail', { release_id: r2.releaseId }).expect(200)).body.body;
      expect(detail.identifier_conflicts).toEqual([expect.objectContaining({ kind: 'upc', release_id: r1.releaseId })]);
      const refused = await as(reviewer.token).post('ops/releases/approve', { release_id: r2.releaseId }).expect(409);
      expect(refused.body.message).toBe(fillMessage(O.identifierTaken, { kind: 'UPC', code: `0${code}`, release_id: String(r1.releaseId) }));
    });
  });

  describe('item 9: statement desk edge cases', () => {
    it('a binary file is refused at once with the CSV/TSV message (also without NUL bytes); an empty file says so; both leave nothing behind', async () => {
      // Compressed-looking bytes without a single NUL: every byte 1..255 in a scrambled order, 256 KB.
      const binary = Buffer.alloc(256 * 1024);
      for (let i = 0; i < binary.length; i += 1) binary[i] = 1 + ((i * 131 + (i >> 8) * 17) % 255);
      const started = Date.now();
      const refused = await as(finance.token).upload('ops/statements/upload', 'file', binary, 'statement.xlsx');
      expect([refused.status, refused.body.message]).toEqual([400, R.fileNotText]);
      expect(Date.now() - started).toBeLessThan(10_000);
      // NUL bytes past the first few hundred bytes are seen too.
      const late = Buffer.concat([Buffer.from('Sale Month,ISRC,Amount\n'.repeat(20)), Buffer.alloc(64, 0), Buffer.from('x'.repeat(9000))]);
      expect((await as(finance.token).upload('ops/statements/upload', 'file', late, 'late.csv')).body.message).toBe(R.fileNotText);
      const empty = await as(finance.token).upload('ops/statements/upload', 'file', Buffer.alloc(0), 'empty.csv');
      expect([empty.status, empty.body.message]).toEqual([400, S.fileEmpty]);
      const rows = (await as(finance.token).get('ops/statements', { status: 'uploaded' })).body.body as Array<{ file_name: string }>;
      expect(rows.map((r) => r.file_name)).not.toEqual(expect.arrayContaining(['statement.xlsx', 'late.csv', 'empty.csv']));
    });
  });

  describe('item 10: report fulfilment desk', () => {
    it('finance sees the queue of requested reports oldest first, previews the rows, fulfils, and the artist is told; others get 403; unknown 404; done 409', async () => {
      const artist = await newArtist(t);
      const song = await approvedRelease(t, artist, reviewer.token);
      const m = thisMonth();
      await runImport(t, finance.token, statementText(DISTROKID_HEADER, [distrokidRow({ month: m, store: 'Spotify', isrc: song.tracks[0].isrc, amount: '4.5' }), distrokidRow({ month: m, store: 'Spotify', isrc: song.tracks[0].isrc, amount: '1.25', country: 'US' })]), 'desk.csv', {
        format: 'distrokid',
        month: m,
        confirmed: true,
      });
      const first = (await as(artist.token).post('requestReport', { store: 'Spotify', start_date: monthMs(m), end_date: monthMs(m) }).expect(200)).body.body.report_id as number;
      const second = (await as(artist.token).post('requestReport', { store: 'Deezer', start_date: monthMs(m), end_date: monthMs(m) }).expect(200)).body.body.report_id as number;
      expect((await as(reviewer.token).get('ops/reports/queue')).status).toBe(403);
      expect((await as(artist.token).get('ops/reports/queue')).status).toBe(403);
      const queue = await as(finance.token).get('ops/reports/queue', { limit: 100 }).expect(200);
      const ids = (queue.body.body as Array<{ report_id: number }>).map((r) => r.report_id);
      expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
      expect(queue.body.body.find((r: { report_id: number }) => r.report_id === first)).toMatchObject({ store: 'Spotify', user_email: artist.email.toLowerCase(), start_date: monthMs(m), age_minutes: 0 });
      const preview = (await as(finance.token).get('ops/reports/preview', { report_id: first }).expect(200)).body.body;
      expect(preview).toMatchObject({ report_id: first, columns: [...REPORT_CSV_COLUMNS], total_rows: 2 });
      expect(preview.rows.map((r: string[]) => r[REPORT_CSV_COLUMNS.indexOf('amount')]).sort()).toEqual(['1.25', '4.5']);
      expect((await as(finance.token).get('ops/reports/preview', { report_id: second }).expect(200)).body.body).toMatchObject({ rows: [], total_rows: 0 });
      expect((await as(finance.token).get('ops/reports/preview', { report_id: 99999999 })).status).toBe(404);
      expect((await as(finance.token).get('ops/reports/preview', { report_id: 'x' })).status).toBe(404);
      expect((await as(reviewer.token).get('ops/reports/preview', { report_id: first })).status).toBe(403);
      await as(finance.token).post('ops/reports/fulfil', { report_id: first }).expect(200);
      expect((await as(finance.token).get('ops/reports/preview', { report_id: first })).status).toBe(409);
      const after = ((await as(finance.token).get('ops/reports/queue', { limit: 100 })).body.body as Array<{ report_id: number }>).map((r) => r.report_id);
      expect(after).not.toContain(first);
      expect(after).toContain(second);
      const bell = (await as(artist.token).get('getNotificationsForUser')).body.body as unknown[];
      expect(JSON.stringify(bell)).toContain('Spotify');
    });
  });

  describe('item 11: review queue at scale', () => {
    it('filters by status, store-ready, release date range and artist/label, oldest or newest first; bulk approval approves store-ready releases one by one, audited and four-eyes checked', async () => {
      const tag = Math.random().toString(36).slice(2, 7);
      const one = await newArtist(t);
      const two = await newArtist(t);
      const oneArtist = await one.releases.artist(`Kavi ${tag}`);
      const twoArtist = await two.releases.artist(`Meera ${tag}`);
      const submit = async (c: ReleasesClient, artistId: number, info: Record<string, unknown>) => {
        const r = await c.readyRelease({ info: { primary_artist1: artistId, ...info } });
        await c.post('submissionButton', { release_id: r.releaseId, terms: true }).expect(200);
        return r;
      };
      const day = (offset: number) => {
        const d = new Date(Date.now() + offset * 86_400_000);
        return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
      };
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      const a = await submit(one.releases, oneArtist, { lable_name: `North ${tag}`, release_date: day(30) });
      const b = await submit(two.releases, twoArtist, { lable_name: `South ${tag}`, release_date: day(40) });
      const c = await submit(one.releases, oneArtist, { lable_name: `North ${tag}`, release_date: day(50) });
      await t.app.get(QcService).drain();
      // The fixtures' tiny test files are below the stores' measures: these artists' files pass here,
      // but c's artwork failed store QC after submission, so c is not store-ready.
      await db().getRepository(UploadQcEntity).update({ user_id: In([one.id, two.id]) }, { status: 'passed' });
      const artwork = (await db().getRepository(ReleaseEntity).findOneByOrFail({ id: c.releaseId })).album_artwork;
      await db().getRepository(UploadQcEntity).delete({ filename: artwork });
      await db().getRepository(UploadQcEntity).insert({ user_id: one.id, filename: artwork, kind: 'artwork', status: 'refused', measurements: 'null', problems: '[]', md5: '', attempts: 0, checked_at: new Date(), created_at: new Date() });
      const queue = async (query: Record<string, unknown>) => ((await as(reviewer.token).get('ops/releases/queue', { limit: 100, ...query }).expect(200)).body.body as Array<{ release_id: number; store_ready: boolean; lable_name: string }>).map((r) => r.release_id).filter((id) => [a, b, c].some((x) => x.releaseId === id));
      expect(await queue({ q: tag })).toEqual([a.releaseId, b.releaseId, c.releaseId]);
      expect(await queue({ q: tag, order: 'newest' })).toEqual([c.releaseId, b.releaseId, a.releaseId]);
      expect(await queue({ q: `north ${tag}` })).toEqual([a.releaseId, c.releaseId]);
      expect(await queue({ q: `meera ${tag}` })).toEqual([b.releaseId]);
      expect(await queue({ q: tag, ready: 'not_ready' })).toEqual([c.releaseId]);
      expect(await queue({ q: tag, ready: 'ready' })).toEqual([a.releaseId, b.releaseId]);
      expect(await queue({ q: tag, from: iso(day(35)), to: iso(day(45)) })).toEqual([b.releaseId]);
      expect(await queue({ q: tag, to: iso(day(30)) })).toEqual([a.releaseId]);
      expect(await queue({ q: tag, status: 'approved' })).toEqual([]);
      expect((await as(reviewer.token).get('ops/releases/queue', { status: 'nonsense' })).body).toMatchObject({ status: 400, message: S.statusInvalid });
      expect((await as(reviewer.token).get('ops/releases/queue', { from: '2026-13-45' })).body).toMatchObject({ status: 400, message: S.dateInvalid });
      expect((await as(finance.token).get('ops/releases/queue')).status).toBe(403);

      // Bulk approval: store-ready ones are approved (each audited), the not-ready one is refused; a
      // reviewer's own release is refused by the four-eyes rule.
      const mine = new ReleasesClient(t, reviewer.token);
      const own = await submit(mine, await mine.artist(`Self ${tag}`), {});
      await t.app.get(QcService).drain();
      await db().getRepository(UploadQcEntity).update({ filename: In([own.artwork, own.audio]) }, { status: 'passed' });
      expect((await as(finance.token).post('ops/releases/approve-many', { release_ids: [a.releaseId] })).status).toBe(403);
      expect((await as(reviewer.token).post('ops/releases/approve-many', { release_ids: [] })).body).toMatchObject({ status: 400, message: S.bulkEmpty });
      expect((await as(reviewer.token).post('ops/releases/approve-many', { release_ids: Array.from({ length: 51 }, (_, i) => i + 1) })).body).toMatchObject({ status: 400, message: S.bulkTooMany });
      const bulk = await as(reviewer.token).post('ops/releases/approve-many', { release_ids: [a.releaseId, b.releaseId, c.releaseId, own.releaseId, 99999999] }).expect(200);
      expect(bulk.body.message).toBe(fillMessage(S.bulkDone, { approved: 2, refused: 3 }));
      const items = bulk.body.body.items as Array<{ release_id: number; approved: boolean; message: string; upc_ean: string }>;
      expect(items.map((i) => [i.release_id, i.approved, i.approved ? '' : i.message])).toEqual([
        [a.releaseId, true, ''],
        [b.releaseId, true, ''],
        [c.releaseId, false, S.bulkNotReady],
        [own.releaseId, false, O.ownRelease],
        [99999999, false, O.releaseNotFound],
      ]);
      expect(items[0].upc_ean).toMatch(/^\d{12}$/);
      const audited = (await db().query(`SELECT object_id FROM ops_audit WHERE action = 'release.approve' AND object_id IN (?, ?, ?)`, [String(a.releaseId), String(b.releaseId), String(c.releaseId)])) as Array<{ object_id: string }>;
      expect(audited.map((r) => Number(r.object_id)).sort((x, y) => x - y)).toEqual([a.releaseId, b.releaseId]);
      expect(await queue({ q: tag, status: 'approved' })).toEqual([a.releaseId, b.releaseId]);
      expect(await queue({ q: tag })).toEqual([c.releaseId]);
    });
  });

  describe('item 13: a PayPal payout', () => {
    it('is not promised to a bank account', async () => {
      const u = await createVerifiedUser(t);
      const client = new SupportClient(t, u.token, u.email);
      await creditRevenue(t.app, u.email, '150', 'Royalties');
      await client.post('addBankDetails', { country: 'US', payout_method: 'paypal', holder_name: 'Sam Lee', paypal_email: 'sam.lee@example.com' }).expect(200);
      const res = await client.post('withdrawMoney', {}, { 'Idempotency-Key': `k-${Math.random().toString(36).slice(2)}` }).expect(200);
      expect(res.body.message).toBe(fillMessage(S.payoutRequestedPaypal, { amount: '150.00' }));
      expect(res.body.message).not.toContain('bank');
    });
  });

  it('an unauthenticated caller gets 401 on the new routes', async () => {
    for (const path of ['ops/reports/queue', 'ops/reports/preview']) expect((await request(t.http).get(`/api/${path}`)).status).toBe(401);
    expect((await request(t.http).post('/api/ops/releases/approve-many').send({ release_ids: [1] })).status).toBe(401);
  });
});
