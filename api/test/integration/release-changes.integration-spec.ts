import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RELEASE_CHANGE_MESSAGES as CM, RELEASE_MESSAGES as RM, type ReleaseChangeRow } from '@portal/contracts';
import { DeliveryService } from '../../src/distribution/delivery/delivery.service';
import { QcService } from '../../src/distribution/qc/qc.service';
import { validateErn as validateErnAt } from '../../src/distribution/ddex/ern-validator';
import { ernSchemaDir } from '../../src/distribution/distribution.settings';
import { createVerifiedUser } from '../helpers/accounts';
import { releaseInfo, ReleasesClient, trackInfo } from '../helpers/releases-fixtures';
import { startSftpServer, type SftpServer } from '../helpers/sftp-server';
import { cli, createStaff } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';

const validateErn = (xml: string) => validateErnAt(xml, { schemaDir: ernSchemaDir(process.env) });
const DAY = 86_400_000;
const tag = (xml: string, name: string): string[] => [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) => m[1]);

/**
 * Issue 39 §3 on a real sshd: a change the artist asks for after delivery (title typo, genre, price tier,
 * new artwork, release date moved) that staff approve is applied and sent, by itself, to every store that
 * has the release as an update: the complete NewReleaseMessage again, same identifiers, newer
 * MessageCreatedDateTime, valid ERN 4.3; once per change, however often or by however many instances the
 * approval is handled. A store without the release and a release not yet delivered get nothing; a
 * declined change sends nothing. The artist's and staff's endpoints: 400, 403, 404, 409.
 */
describe.each(ENGINES)('changes to an approved release reach the stores as updates (%s)', (engine) => {
  let t: TestApp;
  let sftp: SftpServer;
  let work: string;
  let artist: ReleasesClient;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let adminAsArtist: ReleasesClient;
  let wav: Buffer;
  /** Delivered to Spotify and Deezer. */
  let releaseId: number;
  let trackId: number;
  let upc: string;
  /** The admin's own release, approved before any store was configured: delivered nowhere. */
  let undelivered: number;
  let changeId: number;
  let newArtwork: string;
  let newArtworkBytes: Buffer;

  const as = (token: string, on: TestApp = t) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(on.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object) => request(on.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const drain = async (app: TestApp = t) => {
    await app.app.get(QcService).drain();
    await app.app.get(DeliveryService).drain();
  };
  const folderOf = (store: string) => join(sftp.root, store.toLowerCase());
  /** The batch folders written to a store (acknowledgements aside), oldest first. */
  const batches = (store: string) => (existsSync(folderOf(store)) ? readdirSync(folderOf(store)).filter((f) => /^\d{17}$/.test(f)).sort() : []);
  const messageIn = (store: string, batch: string) => readFileSync(join(folderOf(store), batch, upc, `${upc}.xml`), 'utf8');
  const artwork = (color: string) => sharp({ create: { width: 3000, height: 3000, channels: 3, background: color } }).jpeg({ quality: 70 }).toBuffer();

  /** A complete release of `client` (real 3000 px artwork, 31 s WAV), submitted; answers its id and track id. */
  const submitted = async (client: ReleasesClient, title: string) => {
    const main = await client.artist(`Asha ${title}`);
    const id = await client.draft(releaseInfo(main, { album_artwork: await client.file(await artwork('#7a2f97'), 'cover.jpg', 'artwork'), release_title: title, release_date: Date.now() + 8 * DAY }));
    const track = await client.track(trackInfo(id, await client.file(wav, 'tone.wav', 'audio'), main, { title }));
    await client.post('checkboxCrbtVideoPlatforms', { release_id: id, crbt: 'no', video_platforms: 'no' });
    await drain();
    const res = await client.post('submissionButton', { release_id: id, terms: true });
    if (res.body.status !== 200) throw new Error(`submissionButton: ${JSON.stringify(res.body)}`);
    return { id, track };
  };
  const sftpTarget = (store: string, extra: Record<string, unknown> = {}) => ({
    store,
    dpid: `PADPIDA2026${store.toUpperCase()}`,
    protocol: 'sftp',
    host: '127.0.0.1',
    port: sftp.port,
    path: folderOf(store),
    username: sftp.user,
    private_key: sftp.privateKey,
    ...extra,
  });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'release-changes-'));
    sftp = await startSftpServer(work);
    t = await bootTestApp(engine, { STORE_QC: 'enforce', DELIVERY_ATTEMPTS: '2', DELIVERY_BACKOFF_MS: '50' });
    artist = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    admin = await createStaff(t, 'admin');
    reviewer = await createStaff(t, 'reviewer');
    adminAsArtist = new ReleasesClient(t, admin.token);
    const file = join(work, 'tone.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=31', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', file]);
    wav = readFileSync(file);
  });
  afterAll(async () => {
    await t?.close();
    await sftp?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('a release approved before any store is configured is delivered nowhere; another is delivered to Spotify (live) and Deezer (test feed)', async () => {
    const own = await submitted(adminAsArtist, 'Quiet Room');
    undelivered = own.id;
    expect(await cli(t, 'review', [String(undelivered), 'approved'])).toMatch(/upc=\d+/);
    await drain();
    const a = as(admin.token);
    expect((await a.post('ops/delivery-targets/save', sftpTarget('Spotify', { feed: 'live' }))).body.status).toBe(200);
    expect((await a.post('ops/delivery-targets/save', sftpTarget('Deezer'))).body.status).toBe(200);
    const made = await submitted(artist, 'Lopo Song');
    releaseId = made.id;
    trackId = made.track;
    upc = /upc=(\d+)/.exec(await cli(t, 'review', [String(releaseId), 'approved']))![1];
    await drain();
    expect(batches('Spotify')).toHaveLength(1);
    expect(batches('Deezer')).toHaveLength(1);
    // Tidal is configured after the delivery: it does not have the release.
    expect((await a.post('ops/delivery-targets/save', sftpTarget('Tidal'))).body.status).toBe(200);
    expect((await as(reviewer.token).get('ops/deliveries', { release_id: undelivered })).body.body).toEqual([]);
  });

  it('the artist asks for a change: each field checked like the release info, only what differs kept, one pending change at a time; 400, 404, 409', async () => {
    newArtworkBytes = await artwork('#1f6f4a');
    newArtwork = await artist.file(newArtworkBytes, 'new-cover.jpg', 'artwork');
    await drain(); // store QC of the new artwork
    const other = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    const moved = Date.now() + 20 * DAY;
    const change = { release_id: releaseId, release_title: 'Loop Song', genre: 'Electronic', sub_genre: 'House', album_artwork: newArtwork, release_date: moved, lable_name: 'Saffron Sound', tracks: [{ track_id: trackId, title: 'Loop Song', price_tier: '1.99' }], note: 'Typo in the title.' };
    expect((await other.post('requestReleaseChange', change)).body).toMatchObject({ status: 404, message: RM.releaseNotFound });
    expect((await artist.post('requestReleaseChange', { ...change, release_id: 'x' })).body.status).toBe(404);
    expect((await artist.post('requestReleaseChange', { ...change, tracks: [{ track_id: trackId + 1000, title: 'X' }] })).body).toMatchObject({ status: 404, message: RM.trackNotFound });
    expect((await artist.post('requestReleaseChange', { ...change, release_title: '' })).body).toMatchObject({ status: 400, message: RM.requiredFields });
    expect((await artist.post('requestReleaseChange', { ...change, genre: 'Not A Genre' })).body).toMatchObject({ status: 400, message: RM.genreUnknown });
    expect((await artist.post('requestReleaseChange', { release_id: releaseId, genre: 'Electronic' })).body).toMatchObject({ status: 400, message: RM.subGenreUnknown });
    expect((await artist.post('requestReleaseChange', { ...change, release_date: Date.now() + DAY })).body).toMatchObject({ status: 400, message: RM.releaseDateMin });
    expect((await artist.post('requestReleaseChange', { ...change, tracks: [{ track_id: trackId, price_tier: '9.99' }] })).body).toMatchObject({ status: 400, message: RM.priceTierNotAllowed });
    expect((await artist.post('requestReleaseChange', { ...change, album_artwork: 'nothing-of-mine.jpg' })).body).toMatchObject({ status: 400, message: RM.uploadUnknownFile });
    expect((await artist.post('requestReleaseChange', { release_id: releaseId, release_title: 'Lopo Song', lable_name: 'Saffron Sound' })).body).toMatchObject({ status: 400, code: 'nothing_changed', message: CM.nothingChanged });
    const inReview = (await submitted(artist, 'Not Yet')).id;
    expect((await artist.post('requestReleaseChange', { release_id: inReview, release_title: 'Not Yet Either' })).body).toMatchObject({ status: 409, code: 'not_approved', message: CM.notApproved });

    const res = await artist.post('requestReleaseChange', change);
    expect(res.body).toMatchObject({ status: 200, message: CM.requested });
    const row = res.body.body as ReleaseChangeRow;
    changeId = row.change_id;
    // The label is the release's already: left out.
    expect(row).toMatchObject({
      release_id: releaseId,
      status: 'pending',
      note: 'Typo in the title.',
      changes: { release_title: 'Loop Song', genre: 'Electronic', sub_genre: 'House', album_artwork: newArtwork, release_date: moved, tracks: [{ track_id: trackId, title: 'Loop Song', price_tier: '1.99' }] },
      before: { release_title: 'Lopo Song', genre: 'Pop', sub_genre: 'Indie Pop', tracks: [{ track_id: trackId, title: 'Lopo Song', price_tier: '1.49' }] },
    });
    expect(row.changes).not.toHaveProperty('lable_name');
    expect((await artist.post('requestReleaseChange', { release_id: releaseId, c_line: '2027 Saffron Sound' })).body).toMatchObject({ status: 409, code: 'change_pending' });
    expect((await artist.get('getReleaseChanges', { release_id: releaseId })).body.body.map((c: ReleaseChangeRow) => [c.change_id, c.status])).toEqual([[changeId, 'pending']]);
    expect((await other.get('getReleaseChanges', { release_id: releaseId })).body.status).toBe(404);
    // Nothing is applied or sent before staff approve.
    expect((await artist.get('getCatelogById', { release_id: releaseId })).body.body.release_title).toBe('Lopo Song');
    expect(batches('Spotify')).toHaveLength(1);
  });

  it('staff see the pending change; the owner of a release cannot decide on its change (four-eyes); a declined change sends nothing; 400, 403, 404', async () => {
    const r = as(reviewer.token);
    expect((await as(artist.token).get('ops/releases/changes')).status).toBe(403);
    expect((await as(artist.token).post('ops/releases/changes/approve', { change_id: changeId })).status).toBe(403);
    const pending = (await r.get('ops/releases/changes')).body.body as ReleaseChangeRow[];
    expect(pending.map((c) => c.change_id)).toEqual([changeId]);
    expect(pending[0].user_id).toBeGreaterThan(0);
    expect((await r.get('ops/releases/changes', { release_id: 'abc' })).body.status).toBe(400);
    expect((await r.get('ops/releases/changes', { status: 'everything' })).body.status).toBe(400);
    expect((await r.post('ops/releases/changes/approve', { change_id: 999999 })).body).toMatchObject({ status: 404, message: CM.changeNotFound });
    expect((await r.post('ops/releases/changes/decline', { change_id: changeId, note: '' })).body).toMatchObject({ status: 400, message: CM.declineNoteRequired });

    // The admin's own release: a change asked by the admin is not the admin's to decide.
    const own = (await adminAsArtist.post('requestReleaseChange', { release_id: undelivered, c_line: '2027 Quiet Room' })).body.body as ReleaseChangeRow;
    expect((await as(admin.token).post('ops/releases/changes/approve', { change_id: own.change_id })).body).toMatchObject({ status: 403, code: 'four_eyes' });
    expect((await as(admin.token).post('ops/releases/changes/decline', { change_id: own.change_id, note: 'No.' })).body).toMatchObject({ status: 403, code: 'four_eyes' });
    // A release delivered nowhere: approved and applied, nothing queued.
    const approved = await r.post('ops/releases/changes/approve', { change_id: own.change_id });
    expect(approved.body).toMatchObject({ status: 200, message: CM.approved, body: { change_id: own.change_id, release_id: undelivered, status: 'approved', stores: [] } });
    await drain();
    expect((await r.get('ops/deliveries', { release_id: undelivered })).body.body).toEqual([]);
    expect((await adminAsArtist.get('getCatelogById', { release_id: undelivered })).body.body.c_line).toBe('2027 Quiet Room');

    // A declined change: the artist reads why; the release and the stores are left alone.
    const second = await adminAsArtist.post('requestReleaseChange', { release_id: undelivered, release_title: 'Loud Room' });
    const declined = await r.post('ops/releases/changes/decline', { change_id: second.body.body.change_id, note: 'The title must match the artwork.' });
    expect(declined.body).toMatchObject({ status: 200, message: CM.declined, body: { status: 'declined', stores: [] } });
    expect((await r.post('ops/releases/changes/decline', { change_id: second.body.body.change_id, note: 'Again.' })).body).toMatchObject({ status: 409, code: 'not_pending' });
    expect((await adminAsArtist.get('getCatelogById', { release_id: undelivered })).body.body.release_title).toBe('Quiet Room');
    const bell = JSON.stringify((await adminAsArtist.get('getNotificationsForUser', { offset: 0 })).body.body);
    expect(bell).toContain('Your change to “Quiet Room” was declined. The title must match the artwork.');
    expect((await as(admin.token).get('ops/audit', { action: 'release.change_decline' })).body.body).toHaveLength(1);
  });

  it('approved (by two instances at once): applied, and sent once to each store that has the release as a valid update with the same identifiers and a newer MessageCreatedDateTime', async () => {
    const before = Object.fromEntries(['Spotify', 'Deezer'].map((s) => [s, messageIn(s, batches(s)[0])]));
    const second = await bootTestApp(engine, { STORE_QC: 'enforce', DATA_DIR: t.dataDir, ...(t.config.database.type === 'mysql' ? { DATABASE_URL: t.config.database.url! } : {}) });
    try {
      const [a, b] = await Promise.all([as(reviewer.token).post('ops/releases/changes/approve', { change_id: changeId }), as(reviewer.token, second).post('ops/releases/changes/approve', { change_id: changeId })]);
      const answers = [a.body, b.body].sort((x, y) => x.status - y.status);
      expect(answers[0]).toMatchObject({ status: 200, message: 'Change approved and applied; the update is queued for 2 store(s).', body: { change_id: changeId, release_id: releaseId, status: 'approved', stores: ['Deezer', 'Spotify'] } });
      expect(answers[1]).toMatchObject({ status: 409, code: 'not_pending', message: CM.notPending });
      await drain();
      await drain(second);
      // The same change handled again (a retry of the queueing, another instance): nothing more is sent.
      expect(await second.app.get(DeliveryService).changeApproved(releaseId, changeId, { userId: null, email: 'cli' })).toEqual([]);
      await drain(second);
    } finally {
      await second.app.close();
    }
    expect((await as(reviewer.token).post('ops/releases/changes/approve', { change_id: changeId })).body).toMatchObject({ status: 409, code: 'not_pending' });

    // Applied to the release and its track.
    const release = (await artist.get('getCatelogById', { release_id: releaseId })).body.body;
    expect(release).toMatchObject({ release_title: 'Loop Song', genre: 'Electronic', sub_genre: 'House', album_artwork: newArtwork, upc_ean: upc, status: 'approved' });
    expect(release.audios[0]).toMatchObject({ title: 'Loop Song', price_tier: '1.99' });

    for (const store of ['Spotify', 'Deezer']) {
      const sent = batches(store);
      expect(sent).toHaveLength(2); // the first delivery and exactly one update
      const xml = messageIn(store, sent[1]);
      expect(await validateErn(xml)).toEqual({ valid: true, errors: [] });
      // ERN 4.3 has no update indicator: the complete NewReleaseMessage again, same identifiers.
      expect(xml).toContain('NewReleaseMessage');
      expect(xml).not.toContain('UpdateIndicator');
      expect(tag(xml, 'ICPN')).toEqual(tag(before[store], 'ICPN'));
      expect(tag(xml, 'ISRC')).toEqual(tag(before[store], 'ISRC'));
      expect(tag(xml, 'MessageId')[0]).not.toBe(tag(before[store], 'MessageId')[0]);
      expect(new Date(tag(xml, 'MessageCreatedDateTime')[0]).getTime()).toBeGreaterThan(new Date(tag(before[store], 'MessageCreatedDateTime')[0]).getTime());
      expect(tag(xml, 'MessageControlType')).toEqual(tag(before[store], 'MessageControlType'));
      // The change itself: title, genre, the moved date, the new artwork's bytes beside the message.
      expect(xml).toContain('<TitleText>Loop Song</TitleText>');
      expect(xml).not.toContain('TitleText>Lopo Song');
      expect(xml).toContain('<GenreText>Electronic</GenreText>');
      expect(xml).toContain(new Date(release.release_date).toISOString().slice(0, 10));
      const cover = readdirSync(join(folderOf(store), sent[1], upc)).find((f) => /\.(jpg|png)$/.test(f))!;
      expect(createHash('md5').update(readFileSync(join(folderOf(store), sent[1], upc, cover))).digest('hex')).toBe(createHash('md5').update(newArtworkBytes).digest('hex'));
    }
    expect(batches('Tidal')).toEqual([]);
    const rows = (await as(reviewer.token).get('ops/deliveries', { release_id: releaseId })).body.body as { store: string; kind: string; status: string; attempts: number }[];
    expect(rows.map((d) => [d.store, d.kind, d.status, d.attempts])).toEqual([
      ['Deezer', 'update', 'delivered', 1],
      ['Spotify', 'update', 'delivered', 1],
    ]);
    const attempts = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM delivery_attempts a JOIN deliveries d ON d.id = a.delivery_id WHERE d.release_id = ?', [releaseId]);
    expect(Number(attempts[0].n)).toBe(4);
    // Audited once each; the artist is told where the change goes.
    const audit = as(admin.token);
    expect((await audit.get('ops/audit', { action: 'release.change_approve', object_id: String(releaseId) })).body.body).toHaveLength(1);
    const sends = (await audit.get('ops/audit', { action: 'release.send_update' })).body.body as { object_id: string; after: unknown }[];
    expect(sends).toHaveLength(1);
    expect(String(sends[0].after)).toContain(`"change_id":${changeId}`);
    expect(JSON.stringify((await artist.get('getNotificationsForUser', { offset: 0 })).body.body)).toContain('Your change to “Loop Song” was approved. It is on its way to Deezer, Spotify.');
    expect((await artist.get('getReleaseChanges', { release_id: releaseId })).body.body[0]).toMatchObject({ change_id: changeId, status: 'approved' });
  });

  it('the manual update (POST ops/deliveries/update) still sends the release again', async () => {
    const sent = await as(reviewer.token).post('ops/deliveries/update', { release_id: releaseId });
    expect(sent.body).toMatchObject({ status: 200, body: { stores: ['Deezer', 'Spotify'] } });
    await drain();
    expect(batches('Spotify')).toHaveLength(3);
    expect(batches('Deezer')).toHaveLength(3);
    expect(batches('Tidal')).toEqual([]);
  });
});
