import { DataSource } from 'typeorm';
import { RELEASE_LIMITS, RELEASE_STATUSES, type ReleaseStatus } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { UserEntity } from '../../src/users/user.entity';
import { ReleaseReviewService } from '../../src/ops/review/release-review.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';

type Row = { release_id: number; release_title: string; status: string };
type Seeded = { id: number; title: string; status: ReleaseStatus; created: number; search: string };

const WORDS = ['midnight', 'river', 'golden', 'echo', 'summer', 'neon', 'velvet', 'ember'];
const STATUSES: ReleaseStatus[] = ['draft', 'draft', 'approved', 'rejected', 'in_review', 'takendown'];
const N = 230;
const T0 = Date.UTC(2026, 0, 1);

/** Lists run in SQL (snapshots off), or on the in-process snapshot for any catalogue size. */
const MODES = { sql: { CATALOG_SNAPSHOT_ENTRIES: '0' }, snapshot: { CATALOG_SNAPSHOT_MIN: '1' } };

/**
 * The catalogue list at scale (decision 011): pages read from either end of the covering indexes, the
 * trigger-kept totals (release_counts), and the substring search, both in SQL and on the
 * version-checked snapshot, checked row by row against a model of the seeded rows (newest first, ties by id), and
 * totals and search results after each kind of release write.
 */
describe.each(ENGINES.flatMap((e) => (['sql', 'snapshot'] as const).map((m) => [e, m] as const)))('catalogue paging, search and counts on %s, listed by %s', (engine, mode) => {
  let t: TestApp;
  let a: ReleasesClient;
  let userId: number;
  let seeded: Seeded[];

  const list = async (c: ReleasesClient, query: Record<string, unknown> = {}) => (await c.get('getCatelogListWeb', query).expect(200)).body as { body: Row[]; total: number };
  /** The model: the user's rows matching status and search, newest first, ties by the higher id first. */
  const model = (status = '', search = '') =>
    seeded.filter((r) => (!status || r.status === status) && (!search || r.search.includes(search.toLowerCase()))).sort((x, y) => y.created - x.created || y.id - x.id);
  type StatusCount = { status: string; n: number };
  const countsTable = async (): Promise<StatusCount[]> =>
    (await t.app.get(DataSource).query('SELECT status, n FROM release_counts WHERE user_id = ? AND n > 0 ORDER BY status', [userId])).map((r: { status: string; n: number | string }) => ({ status: r.status, n: Number(r.n) }));
  const groupBy = async (): Promise<StatusCount[]> =>
    (await t.app.get(DataSource).query('SELECT status, COUNT(*) AS n FROM releases WHERE user_id = ? GROUP BY status ORDER BY status', [userId])).map((r: { status: string; n: number | string }) => ({ status: r.status, n: Number(r.n) }));

  beforeAll(async () => {
    t = await bootTestApp(engine, MODES[mode]);
    const user = await createVerifiedUser(t);
    a = new ReleasesClient(t, user.token);
    userId = (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email: user.email.toLowerCase() })).id;
    const artist = await a.artist('Asha Rao');
    // Rows written straight to the table (as an import would): whole seconds, every third pair on
    // the same second so the id decides their order.
    const rows: Partial<ReleaseEntity>[] = Array.from({ length: N }, (_, i) => {
      const title = `${WORDS[i % WORDS.length]} ${WORDS[(i * 3 + 1) % WORDS.length]}${i % 10 === 0 ? ' Rare' : ''}`;
      const created = new Date(T0 + Math.floor(i / 2) * 1000 * (i % 3 === 0 ? 1 : 7));
      const status = STATUSES[(i * 7) % STATUSES.length];
      const search = `${title} asha rao northwind`.toLowerCase();
      return {
        user_id: userId, album_artwork: '', release_type: 'single', release_title: title, primary_artist1: artist, genre: 'Pop', sub_genre: 'General',
        lable_name: 'Northwind', release_date: T0, p_line: 'P', c_line: 'C', upc_ean: '', number_of_tracks: 0, status, reason: '', crbt: '' as const, video_platforms: '' as const,
        artist_name: 'Asha Rao', search_text: search, submitted_at: null, created_at: created, updated_at: created,
      };
    });
    const repo = t.app.get(DataSource).getRepository(ReleaseEntity);
    for (let i = 0; i < rows.length; i += 50) await repo.insert(rows.slice(i, i + 50));
    const stored = await repo.find({ select: { id: true, release_title: true, status: true, created_at: true, search_text: true }, where: { user_id: userId } });
    seeded = stored.map((r) => ({ id: r.id, title: r.release_title, status: r.status, created: r.created_at.getTime(), search: r.search_text }));
    // Another user's rows must never show.
    const other = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    const otherArtist = await other.artist('Other');
    for (let i = 0; i < 3; i++) await other.draft(releaseInfo(otherArtist, { release_title: `midnight ${i}`, lable_name: 'Northwind' }));
  }, 120_000);
  afterAll(async () => t?.close());

  it('pages the whole list in order from both ends, with the stored total', async () => {
    const want = model().map((r) => r.id);
    const got: number[] = [];
    for (let page = 1; page <= Math.ceil(N / 25); page++) {
      const res = await list(a, { page });
      expect(res.total).toBe(N);
      got.push(...res.body.map((r) => r.release_id));
    }
    expect(got).toEqual(want);
    // Odd windows: offsets past the middle read backwards; a window that runs past the end is short.
    for (const [offset, limit] of [[0, 7], [114, 3], [116, 9], [200, 100], [229, 25], [230, 25], [999, 5]]) {
      const res = await list(a, { offset, limit });
      expect(res.body.map((r) => r.release_id)).toEqual(want.slice(offset, offset + limit));
      expect(res.total).toBe(N);
    }
    // The other sorts read from the far end too.
    const oldest = [...want].reverse();
    const oldestRare = model('', 'rare').map((r) => r.id).reverse();
    expect((await list(a, { sort: 'oldest', search: 'rare', offset: 5, limit: 10 })).body.map((r) => r.release_id)).toEqual(oldestRare.slice(5, 15));
    expect((await list(a, { sort: 'oldest', offset: 220, limit: 25 })).body.map((r) => r.release_id)).toEqual(oldest.slice(220));
    const byTitle = [...seeded].sort((x, y) => (x.title < y.title ? -1 : x.title > y.title ? 1 : x.id - y.id)).map((r) => r.id);
    expect((await list(a, { sort: 'title', offset: 150, limit: 30 })).body.map((r) => r.release_id)).toEqual(byTitle.slice(150, 180));
  });

  it('filters by status from both ends, with the stored total', async () => {
    for (const status of RELEASE_STATUSES) {
      const want = model(status).map((r) => r.id);
      for (const offset of [0, 25, Math.max(0, want.length - 10)]) {
        const res = await list(a, { status, offset, limit: 25 });
        expect(res.total).toBe(want.length);
        expect(res.body.map((r) => r.release_id)).toEqual(want.slice(offset, offset + 25));
      }
    }
  });

  it('searches substrings (inside and across words) with exact totals on every page', async () => {
    for (const [search, status] of [['rare', ''], ['Rare', 'draft'], ['ight riv', ''], ['northwind', ''], ['northwind', 'approved'], ['o', ''], ['zzz', ''], ['ASHA', 'takendown']]) {
      const want = model(status, search).map((r) => r.id);
      for (const offset of [0, 25, 50, Math.max(0, want.length - 3), want.length, want.length + 40]) {
        const res = await list(a, { search, status, offset, limit: 25 });
        expect({ search, status, offset, total: res.total }).toEqual({ search, status, offset, total: want.length });
        expect(res.body.map((r) => r.release_id)).toEqual(want.slice(offset, offset + 25));
      }
    }
    // The model finds what the search should: a word in every row, a rare word, no match.
    expect(model('', 'northwind')).toHaveLength(N);
    expect(model('', 'rare')).toHaveLength(N / 10);
    expect(model('', 'ight riv').length).toBeGreaterThan(0);
  });

  it('keeps the totals right after create, status changes and delete', async () => {
    const artist = await a.artist('Count Artist');
    const before = await list(a);
    const draftsBefore = (await list(a, { status: 'draft' })).total;
    const approvedBefore = (await list(a, { status: 'approved' })).total;
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await a.draft(releaseInfo(artist, { release_title: `Fresh ${i} zephyrine` })));
    expect((await list(a)).total).toBe(before.total + 3);
    expect((await list(a, { status: 'draft' })).total).toBe(draftsBefore + 3);
    expect((await list(a)).body.slice(0, 3).map((r) => r.release_id)).toEqual([...created].reverse());
    expect((await list(a, { search: 'ZEPHYRINE' })).total).toBe(3);

    // draft → in_review → approved
    const art = await a.file(media.png(), 'c.png', 'artwork');
    const audio = await a.file(media.mp3(), 's.mp3', 'audio');
    const id = created[0];
    await a.post('updateReleaseInfo', { ...releaseInfo(artist, { release_title: 'Fresh 0 zephyrine', album_artwork: art }), release_id: id }).expect(200);
    await a.track(trackInfo(id, audio, artist));
    await a.post('checkboxCrbtVideoPlatforms', { release_id: id, crbt: 'no', video_platforms: 'no' }).expect(200);
    await a.post('submissionButton', { release_id: id, terms: true }).expect(200);
    expect((await list(a, { status: 'draft' })).total).toBe(draftsBefore + 2);
    expect((await list(a, { status: 'in_review', search: 'zephyrine' })).body.map((r) => r.release_id)).toEqual([id]);
    await t.app.get(ReleaseReviewService).approve(id, CLI_ACTOR);
    expect((await list(a, { status: 'approved' })).total).toBe(approvedBefore + 1);
    await t.app.get(ReleaseReviewService).takedown(id, 'gone', CLI_ACTOR);
    expect((await list(a, { status: 'approved' })).total).toBe(approvedBefore);

    // delete a draft
    await a.post('deleteDraft', { release_id: created[1] }).expect(200);
    expect((await list(a)).total).toBe(before.total + 2);
    expect((await list(a, { status: 'draft' })).total).toBe(draftsBefore + 1);
    expect((await list(a, { search: 'zephyrine' })).body.map((r) => r.release_id)).toEqual([created[2], id]);

    // a new title leaves the old word's results and joins the new one's
    await a.post('updateReleaseInfo', { ...releaseInfo(artist, { release_title: 'Renamed quasar' }), release_id: created[2] }).expect(200);
    expect((await list(a, { search: 'zephyrine' })).body.map((r) => r.release_id)).toEqual([id]);
    expect((await list(a, { search: 'QUASAR', status: 'draft' })).body.map((r) => r.release_id)).toEqual([created[2]]);

    // The stored counts equal a fresh count of the table, status by status.
    expect(await countsTable()).toEqual(await groupBy());
    expect((await list(a)).total).toBe((await groupBy()).reduce((s, r) => s + r.n, 0));
  });

  it('finds a label written after a longest title and artist name', async () => {
    const long = await a.artist('L'.repeat(RELEASE_LIMITS.textMax));
    const id = await a.draft(releaseInfo(long, { release_title: 'T'.repeat(RELEASE_LIMITS.textMax), lable_name: 'Endlabel' }));
    const row = await t.app.get(DataSource).getRepository(ReleaseEntity).findOneByOrFail({ id });
    expect(row.search_text).toHaveLength(RELEASE_LIMITS.textMax * 2 + 2 + 'endlabel'.length);
    expect((await list(a, { search: 'endlabel' })).body.map((r) => r.release_id)).toEqual([id]);
    expect(RELEASE_LIMITS.searchTextMax).toBeGreaterThanOrEqual(RELEASE_LIMITS.textMax * 2 + 2);
  });
});
