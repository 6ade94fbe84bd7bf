import request from 'supertest';
import { RELEASE_MESSAGES as M, PLATFORM_LOGOS, STORES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { ReleaseReviewService } from '../../src/ops/review/release-review.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';

type Row = { release_id: number; release_title: string; status: string; artist_name: string; lable_name: string };

/** GET getCatelogListWeb / getCatelogById (core §2 /catalog, §9) and per-user ownership (DESIGN "Data"), on each engine. */
describe.each(ENGINES)('catalogue and ownership on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let artist: number;
  const ids: number[] = [];

  const list = async (c: ReleasesClient, query: Record<string, unknown> = {}) => {
    const res = await c.get('getCatelogListWeb', query).expect(200);
    expect(res.body.message).toBe(M.catalogList);
    return res.body as { body: Row[]; total: number };
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    artist = await a.artist('Asha Rao');
    const feat = await a.artist('Zed_Percent%', 'featuring');
    // 60 releases of user A: 30 draft titled "Song n", then special ones for search.
    for (let i = 0; i < 57; i++) ids.push(await a.draft(releaseInfo(artist, { release_title: `Song ${String(i).padStart(2, '0')}`, lable_name: 'Saffron Sound' })));
    ids.push(await a.draft(releaseInfo(artist, { release_title: 'Monsoon RAGA', lable_name: 'Blue Lotus' })));
    ids.push(await a.draft(releaseInfo(artist, { release_title: '100% Pure', lable_name: 'Blue Lotus', featuring1: feat })));
    ids.push(await a.draft(releaseInfo(artist, { release_title: 'Under_score', lable_name: 'North Audio' })));
    // B has a few of its own.
    const bArtist = await b.artist('Bee Artist');
    for (let i = 0; i < 3; i++) await b.draft(releaseInfo(bArtist, { release_title: `Song B${i}` }));
    // Some statuses for A.
    const review = t.app.get(ReleaseReviewService);
    const art = await a.file(media.png(), 'c.png', 'artwork');
    const audio = await a.file(media.mp3(), 's.mp3', 'audio');
    for (const [i, outcome] of [[0, 'approved'], [1, 'rejected'], [2, null]] as const) {
      const id = ids[i];
      await a.post('updateReleaseInfo', { ...releaseInfo(artist, { release_title: `Song ${String(i).padStart(2, '0')}`, lable_name: 'Saffron Sound', album_artwork: art }), release_id: id }).expect(200);
      await a.track(trackInfo(id, audio, artist));
      await a.post('checkboxCrbtVideoPlatforms', { release_id: id, crbt: 'no', video_platforms: 'no' }).expect(200);
      await a.post('submissionButton', { release_id: id, terms: true }).expect(200);
      if (outcome === 'approved') await review.approve(id, CLI_ACTOR);
      if (outcome === 'rejected') await review.reject(id, [], 'Bad audio', CLI_ACTOR);
    }
  }, 120_000);
  afterAll(async () => t?.close());

  describe('list', () => {
    it('pages 25 newest first with the total, only the caller’s rows', async () => {
      const first = await list(a);
      expect(first.total).toBe(60);
      expect(first.body).toHaveLength(25);
      expect(first.body[0].release_title).toBe('Under_score');
      expect(first.body.map((r) => r.release_id)).toEqual([...ids].reverse().slice(0, 25));
      expect(first.body[0]).toEqual({
        release_id: ids[59], album_artwork: '', release_title: 'Under_score', release_type: 'single', genre: 'Pop', lable_name: 'North Audio',
        release_date: expect.any(Number), number_of_tracks: 0, status: 'draft', reason: '', artist_name: 'Asha Rao',
      });
      const mine = new Set(ids);
      expect(first.body.every((r) => mine.has(r.release_id))).toBe(true);
      expect((await list(b)).total).toBe(3);
    });
    it('takes page or offset (offset = (page - 1) × 25), and caps limit at 100', async () => {
      const page3 = await list(a, { page: 3 });
      expect(page3.body.map((r) => r.release_id)).toEqual([...ids].reverse().slice(50, 60));
      const byOffset = await list(a, { offset: 50, limit: 25 });
      expect(byOffset.body.map((r) => r.release_id)).toEqual(page3.body.map((r) => r.release_id));
      expect((await list(a, { limit: 1000 })).body).toHaveLength(60);
      expect((await list(a, { limit: 5, page: 2 })).body.map((r) => r.release_id)).toEqual([...ids].reverse().slice(5, 10));
      expect((await list(a, { limit: 'abc', offset: '-4' })).body).toHaveLength(25);
      expect((await list(a, { page: 10 })).body).toEqual([]);
    });
    it('searches title, artist name and label, case-insensitively', async () => {
      expect((await list(a, { search: 'monsoon raga' })).body.map((r) => r.release_title)).toEqual(['Monsoon RAGA']);
      expect((await list(a, { search: 'BLUE lotus' })).total).toBe(2);
      expect((await list(a, { search: 'asha' })).total).toBe(60);
      expect((await list(a, { search: 'zed_percent' })).body.map((r) => r.release_title)).toEqual(['100% Pure']);
      expect((await list(b, { search: 'monsoon' })).total).toBe(0);
    });
    it('takes % and _ literally', async () => {
      expect((await list(a, { search: '%' })).body.map((r) => r.release_title).sort()).toEqual(['100% Pure']);
      expect((await list(a, { search: '_' })).body.map((r) => r.release_title).sort()).toEqual(['100% Pure', 'Under_score']);
      expect((await list(a, { search: 'song 0_' })).total).toBe(0);
    });
    it('filters by status value or label, combined with search', async () => {
      expect((await list(a, { status: 'approved' })).body.map((r) => r.release_id)).toEqual([ids[0]]);
      const rejected = await list(a, { status: 'Rejected' });
      expect(rejected.body).toMatchObject([{ release_id: ids[1], status: 'rejected', reason: 'Bad audio' }]);
      expect((await list(a, { status: 'In-Review' })).body.map((r) => r.release_id)).toEqual([ids[2]]);
      expect((await list(a, { status: 'draft' })).total).toBe(57);
      expect((await list(a, { status: 'All' })).total).toBe(60);
      expect((await list(a, { status: 'draft', search: 'blue' })).total).toBe(2);
      expect((await a.get('getCatelogListWeb', { status: 'lost' }).expect(400)).body.message).toBe(M.catalogStatusInvalid);
    });
    it('sorts by title when asked', async () => {
      const titles = (await list(a, { sort: 'title', limit: 3 })).body.map((r) => r.release_title);
      expect(titles).toEqual(['100% Pure', 'Monsoon RAGA', 'Song 00']);
      expect((await list(a, { sort: 'oldest', limit: 1 })).body[0].release_id).toBe(ids[0]);
    });
  });

  describe('release detail', () => {
    it('answers the release with tracks and their artist names', async () => {
      const res = await a.get('getCatelogById', { release_id: ids[0] }).expect(200);
      expect(res.body.body).toMatchObject({ release_id: ids[0], status: 'approved', number_of_tracks: 1, artist_name: 'Asha Rao' });
      expect(res.body.body.audios).toEqual([expect.objectContaining({ release_id: ids[0], artist_name: 'Asha Rao', status: 1 })]);
      expect((await a.get('getCatelogById', { release_id: 'abc' }).expect(404)).body.message).toBe(M.releaseNotFound);
    });
  });

  describe('another user’s rows answer 404 on every call', () => {
    it('release calls', async () => {
      const id = ids[10];
      const audio = await a.file(media.mp3(), 'a.mp3', 'audio');
      const audioId = await a.track(trackInfo(id, audio, artist));
      const bArtist = (await b.get('getArtist', { artist_type: 'primary' })).body.body[0].artist_id as number;
      const bAudio = await b.file(media.mp3(), 'b.mp3', 'audio');
      const calls = [
        b.get('getDraft', { release_id: id }),
        b.get('getCatelogById', { release_id: id }),
        b.get('getSubmissionDetails', { release_id: id }),
        b.get('getSubmissionDataChecks', { release_id: id }),
        b.post('updateReleaseInfo', { ...releaseInfo(bArtist), release_id: id }),
        b.post('checkboxCrbtVideoPlatforms', { release_id: id, crbt: 'no', video_platforms: 'no' }),
        b.post('submissionButton', { release_id: id }),
        b.post('deleteDraft', { release_id: id }),
        b.post('addSongInfo', trackInfo(id, bAudio, bArtist)),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(M.releaseNotFound);
      }
      for (const res of await Promise.all([
        b.post('updateSongInfo', { ...trackInfo(id, bAudio, bArtist), audio_id: audioId }),
        b.post('deleteSongInfo', { audio_id: audioId }),
      ])) {
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(M.trackNotFound);
      }
      await b.get(`files/audio/${audio}`).expect(404);
      // Nothing of A's changed.
      const draft = (await a.get('getDraft', { release_id: id }).expect(200)).body.body;
      expect(draft).toMatchObject({ status: 'draft', number_of_tracks: 1 });
      // A track id cannot be moved to another release either.
      expect((await a.post('updateSongInfo', { ...trackInfo(ids[11], audio, artist), audio_id: audioId }).expect(404)).body.message).toBe(M.trackNotFound);
    });
  });

  describe('platform logos', () => {
    it('lists the platforms and serves every logo file', async () => {
      const res = await a.get('getLogos').expect(200);
      expect(res.body.body).toEqual(PLATFORM_LOGOS.map((p) => ({ name: p.name, logo: p.logo, type: p.type })));
      for (const file of new Set([...PLATFORM_LOGOS, ...STORES].map((p) => p.logo))) {
        const svg = await request(t.http).get(`/api/static/logos/${file}`).buffer(true).expect(200);
        expect(svg.headers['content-type']).toContain('image/svg+xml');
        expect(String(svg.body)).toContain('<svg');
      }
      await request(t.http).get('/api/static/logos/nope.svg').expect(404);
      await request(t.http).get('/api/static/logos/..%2Fpackage.json').expect(404);
    });
  });
});
