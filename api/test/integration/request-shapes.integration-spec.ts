import request from 'supertest';
import { DataSource } from 'typeorm';
import { RELEASE_MESSAGES as M, SERVER_MESSAGES } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser, newSignup } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { ReleaseEntity } from '../../src/releases/entities/release.entity';
import { TrackEntity } from '../../src/releases/entities/track.entity';
import { ArtistEntity } from '../../src/releases/entities/artist.entity';
import { UserEntity } from '../../src/users/user.entity';

/** Fields a client must never set: ownership, state, review outcome, identifiers, money. */
const FORGED = { status: 'approved', user_id: 1, id: 999_999, reason: 'forged', number_of_tracks: 42, submitted_at: '2020-01-01', revoked: 0, revenue_usd: 1e6 };

/**
 * Validation at the edge (docs/decisions/004): every write takes a DTO from the shared schema, so unknown fields
 * are dropped (no mass assignment of status, user_id or identifiers) and a body that is not a JSON
 * object answers 400, never 500.
 */
describe.each(ENGINES)('request shapes on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let other: ReleasesClient;
  let otherUserId: number;
  const db = () => t.app.get(DataSource);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    const o = await createVerifiedUser(t);
    other = new ReleasesClient(t, o.token);
    otherUserId = (await db().getRepository(UserEntity).findOneByOrFail({ email: o.email.toLowerCase() })).id;
  });
  afterAll(async () => t?.close());

  it('signup ignores fields beyond the form (revoked, revenue, verification)', async () => {
    const signup = newSignup();
    await request(t.http).post('/api/signup').send({ ...signup, ...FORGED, email_verified_at: '2020-01-01', conversion_rate: 1 }).expect(200);
    // No account exists before the code is verified, whatever the body said.
    expect(await db().getRepository(UserEntity).existsBy({ email: signup.email.toLowerCase() })).toBe(false);
    await request(t.http).post('/api/verifyEmailOTP').send({ email: signup.email, otp: t.lastOtp(signup.email), ...FORGED }).expect(200);
    const row = await db().getRepository(UserEntity).findOneByOrFail({ email: signup.email.toLowerCase() });
    expect(row).toMatchObject({ revoked: 0, conversion_rate: 83 });
    expect(Number(row.revenue_usd)).toBe(0);
    expect(row.id).not.toBe(FORGED.id);
  });

  it('release, track, artist and platform writes ignore status, user_id and ids', async () => {
    const artist = (await a.post('addArtist', { artist_type: 'primary', artist_name: 'Forged Owner', ...FORGED, user_id: otherUserId }).expect(200)).body.body.artist_id;
    const artistRow = await db().getRepository(ArtistEntity).findOneByOrFail({ id: artist });
    expect(artistRow.user_id).not.toBe(otherUserId);

    const artwork = await a.file(media.png(), 'c.png', 'artwork');
    const created = await a.post('createReleaseInfo', { ...releaseInfo(artist, { album_artwork: artwork }), ...FORGED, user_id: otherUserId }).expect(200);
    const id = created.body.release_id as number;
    expect(id).not.toBe(FORGED.id);
    const check = async () => {
      const row = await db().getRepository(ReleaseEntity).findOneByOrFail({ id });
      expect(row).toMatchObject({ status: 'draft', reason: '', user_id: artistRow.user_id, submitted_at: null });
      return row;
    };
    expect((await check()).number_of_tracks).toBe(0);

    await a.post('updateReleaseInfo', { ...releaseInfo(artist, { album_artwork: artwork }), release_id: id, ...FORGED, user_id: otherUserId, id: undefined }).expect(200);
    await check();

    const audio = await a.file(media.mp3(), 's.mp3', 'audio');
    const audioId = (await a.post('addSongInfo', { ...trackInfo(id, audio, artist), ...FORGED, status: 1, user_id: otherUserId }).expect(200)).body.audio_id as number;
    const track = await db().getRepository(TrackEntity).findOneByOrFail({ id: audioId });
    expect(track).toMatchObject({ release_id: id, user_id: artistRow.user_id });
    expect(track.status).not.toBe(1);
    expect((await check()).number_of_tracks).toBe(1);

    await a.post('updateSongInfo', { ...trackInfo(id, audio, artist), audio_id: audioId, ...FORGED, status: 1, user_id: otherUserId }).expect(200);
    expect((await db().getRepository(TrackEntity).findOneByOrFail({ id: audioId })).user_id).toBe(artistRow.user_id);

    await a.post('checkboxCrbtVideoPlatforms', { release_id: id, crbt: 'no', video_platforms: 'no', ...FORGED }).expect(200);
    await check();
    // The other user sees nothing of it.
    await other.get('getDraft', { release_id: id }).expect(404);
  });

  it('a body that is not a JSON object, or nested too deep, is a 400 with a clear message', async () => {
    const write = (body: string) =>
      request(t.http).post('/api/createReleaseInfo').set('Authorization', `Bearer ${a.token}`).set('Content-Type', 'application/json').send(body);
    for (const body of ['[1,2]', '"text"', '42', 'null']) {
      const res = await write(body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(SERVER_MESSAGES.bodyNotObject);
    }
    expect((await write('{"release_title": ')).status).toBe(400);
    let deep = '1';
    for (let i = 0; i < 20; i++) deep = `{"a":${deep}}`;
    expect((await write(`{"release_title":${deep}}`)).body).toMatchObject({ status: 400, message: SERVER_MESSAGES.malformed });
  });

  it('values of the wrong type answer 400 with the spec message, never 500', async () => {
    const artist = await a.artist('Type Checks');
    // Each shape with the answer a client sees: the spec's own message for a field of the wrong type.
    const shapes: Array<[Record<string, unknown>, number, string]> = [
      [{ release_title: { $ne: '' } }, 400, M.requiredFields],
      [{ release_title: ['a', 'b'] }, 400, M.requiredFields],
      [{ genre: 42 }, 400, M.requiredFields],
      [{ release_date: 'tomorrow' }, 400, M.requiredFields],
      [{ primary_artist1: { id: artist } }, 400, M.requiredFields],
      [{ toString: 'x', valueOf: 1, hasOwnProperty: 'y' }, 400, SERVER_MESSAGES.malformed],
    ];
    for (const [shape, status, message] of shapes) {
      const res = await a.post('createReleaseInfo', { ...releaseInfo(artist), ...shape });
      expect({ shape, status: res.status, message: res.body.message }).toEqual({ shape, status, message });
    }
    // Prototype keys are plain data: the draft is saved as a draft, never approved by the body.
    const proto = await a.post('createReleaseInfo', { ...releaseInfo(artist), constructor: { prototype: { status: 'approved' } } }).expect(200);
    const saved = await a.get('getDraft', { release_id: proto.body.release_id }).expect(200);
    expect(saved.body.body).toMatchObject({ release_id: proto.body.release_id, status: 'draft' });
    const res = await a.post('createReleaseInfo', { ...releaseInfo(artist), release_title: { $ne: '' } });
    expect(res.body).toMatchObject({ status: 400, message: M.requiredFields });
  });

  it('numbers are bounded and genres come from the lists (docs/decisions/026)', async () => {
    const artist = await a.artist('Bounds');
    const expectMessage = async (overrides: Record<string, unknown>, message: string) => {
      const res = await a.post('createReleaseInfo', releaseInfo(artist, overrides));
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 400, message });
    };
    await expectMessage({ release_date: 1e308 }, M.releaseDateMax);
    await expectMessage({ release_date: Date.UTC(2100, 0, 2) }, M.releaseDateMax);
    await expectMessage({ primary_artist2: 1e308 }, M.unknownArtist);
    await expectMessage({ genre: 'Polka Metal' }, M.genreUnknown);
    await expectMessage({ genre: 'Rock', sub_genre: 'Indie Pop' }, M.subGenreUnknown);
    await a.post('createReleaseInfo', releaseInfo(artist, { genre: 'Rock', sub_genre: 'Punk' })).expect(200);
    const audio = await a.file(media.mp3(), 'g.mp3', 'audio');
    const id = await a.draft(releaseInfo(artist));
    const track = await a.post('addSongInfo', trackInfo(id, audio, artist, { genre: 'Pop', subgenre: 'Bhajan' }));
    expect(track.body.message).toBe(M.subGenreUnknown);
    const year = await a.post('addSongInfo', trackInfo(id, audio, artist, { production_year: 1e308 }));
    expect(year.status).toBe(400);
  });

  it('a search with a NUL or another control character finds nothing, not everything', async () => {
    const artist = await a.artist('Search Bounds');
    await a.draft(releaseInfo(artist, { release_title: 'Findable Title' }));
    expect((await a.get('getCatelogListWeb', { search: 'findable' })).body.total).toBeGreaterThan(0);
    for (const search of ['\u0000', 'find\u0000', '\u0000%', '\u001f']) {
      const res = await a.get('getCatelogListWeb', { search }).expect(200);
      expect(res.body).toMatchObject({ total: 0, body: [] });
    }
  });

  it('a malformed id answers 404 like another user’s object', async () => {
    for (const release_id of ['abc', -1, 0, 1.5, { a: 1 }, '9'.repeat(40)]) {
      const res = await a.post('deleteDraft', { release_id });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(M.releaseNotFound);
    }
    expect((await a.get('getDraft', { release_id: 'x' })).body).toMatchObject({ status: 404, message: M.releaseNotFound });
  });
});
