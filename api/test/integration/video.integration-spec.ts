import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  fillMessage,
  minReleaseDateAnyZone,
  PLATFORM_TYPE,
  RELEASE_MESSAGES,
  SERVER_MESSAGES,
  SESSION_OVER_STATUS,
  THUMBNAIL_URL_PREFIX,
  VIDEO_LIMITS,
  VIDEO_MESSAGES as M,
} from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo, trackInfo } from '../helpers/releases-fixtures';
import { PlatformStatusService } from '../../src/platform-status/platform-status.service';
import { UsersService } from '../../src/users/users.service';
import { ReleaseReviewService } from '../../src/ops/review/release-review.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';
import { VideoReleaseEntity } from '../../src/video/entities/video-release.entity';
import { AssignedIdentifierEntity } from '../../src/identifiers/identifier.entities';
import { VideoThumbnailEntity } from '../../src/video/entities/video-thumbnail.entity';
import { command } from '../helpers/cli';
// jpeg-js is a real baseline JPEG encoder (pure JS).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- jpeg-js ships no types
const jpeg = require('jpeg-js') as { encode(img: { data: Buffer; width: number; height: number }, quality: number): { data: Buffer } };

const DAY = 86_400_000;

/** A real 16:9 JPEG (gradient) of width × height, encoded by jpeg-js. */
function jpegImage(width = 1920, height = 1080): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = Math.round((x / width) * 255);
      data[i + 1] = Math.round((y / height) * 200);
      data[i + 2] = 120;
      data[i + 3] = 255;
    }
  return jpeg.encode({ data, width, height }, 80).data;
}

type VideoRow = { video_id: number; status: string; release_title: string; audio_title: string; actor: string; actress: string; thumbnail: string; video_isrc: string };

/**
 * The video area's API (areas §2 /create_video_releases, /video-catalog, §3-§5, §7, §9; areas §3), on
 * each engine: every server rule with its message, ownership 404s, the away/revoked gates, the
 * thumbnail limit and type, wrong body shapes, the catalogue and the operator status command.
 */
describe.each(ENGINES)('video releases on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let aEmail: string;
  let aRelease: { releaseId: number; audioId: number; title: string };
  let aSecond: { releaseId: number; audioId: number; title: string };
  let aDraft: number;
  let bRelease: { releaseId: number; audioId: number };
  let thumbA: string;
  let thumbB: string;
  const future = () => Date.now() + 8 * DAY;

  const thumbUpload = (c: ReleasesClient, bytes: Buffer, name: string) =>
    request(t.http).post('/api/thumbnailUpload').set('Authorization', `Bearer ${c.token}`).attach('image', bytes, name);
  /** A valid submission for A's first release (each test changes what it checks). */
  const valid = (overrides: Record<string, unknown> = {}) => ({
    terms: true,
    release_id: aRelease.releaseId,
    release_title: aRelease.title,
    audio_id: aRelease.audioId,
    audio_title: 'Monsoon Nights',
    download_link: 'https://wetransfer.com/downloads/abc123',
    thumbnail: thumbA,
    release_date: future(),
    video_upc: '036000291452',
    video_isrc: 'IN-A1B-26-00001',
    actor: 'Ravi Kumar, Dev Anand',
    actress: 'Meera Nair',
    ...overrides,
  });
  const submit = (c: ReleasesClient, body: unknown) => request(t.http).post('/api/submitVideoRelease').set('Authorization', `Bearer ${c.token}`).send(body as object);
  const expectRefusal = async (body: unknown, status: number, message: string, c: ReleasesClient = a) => {
    const res = await submit(c, body);
    expect({ http: res.status, status: res.body.status, message: res.body.message }).toEqual({ http: status, status, message });
  };
  /** A submitted (in_review) release of `c` with one track; answers its ids. */
  const submitted = async (c: ReleasesClient, title: string) => {
    const r = await c.readyRelease({ info: { release_title: title } });
    const res = await c.post('submissionButton', { release_id: r.releaseId, terms: true });
    if (res.body.status !== 200) throw new Error(`submissionButton: ${JSON.stringify(res.body)}`);
    return { releaseId: r.releaseId, audioId: r.audioId, title, artistId: r.artistId, audio: r.audio };
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    const ua = await createVerifiedUser(t);
    aEmail = ua.email;
    a = new ReleasesClient(t, ua.token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    aRelease = await submitted(a, 'Monsoon Nights');
    aSecond = await submitted(a, 'City Lights');
    const third = await submitted(a, 'Old Song');
    await t.app.get(ReleaseReviewService).approve(third.releaseId, CLI_ACTOR);
    await t.app.get(ReleaseReviewService).takedown(third.releaseId, 'Claimed', CLI_ACTOR);
    const draftArtist = await a.artist('Draft Artist');
    aDraft = await a.draft(releaseInfo(draftArtist, { release_title: 'Draft Only' }));
    const bSub = await submitted(b, 'Bee Song');
    bRelease = { releaseId: bSub.releaseId, audioId: bSub.audioId };
    thumbA = (await thumbUpload(a, jpegImage(), 'thumb.jpg').expect(200)).body.body.filename;
    thumbB = (await thumbUpload(b, jpegImage(640, 360), 'thumb.jpg').expect(200)).body.body.filename;
  }, 180_000);
  afterAll(async () => t?.close());

  describe('release and audio options', () => {
    it('lists the caller’s submitted and approved releases only (no drafts, no takendown, no other user’s)', async () => {
      await t.app.get(ReleaseReviewService).approve(aSecond.releaseId, CLI_ACTOR);
      const res = await a.get('getReleaseTitlesForVRelease').expect(200);
      expect(res.body.message).toBe(M.releaseTitles);
      expect(res.body.body).toEqual([
        { release_id: aSecond.releaseId, release_title: 'City Lights' },
        { release_id: aRelease.releaseId, release_title: 'Monsoon Nights' },
      ]);
      expect(res.body.total).toBe(2);
      const bList = await b.get('getReleaseTitlesForVRelease').expect(200);
      expect(bList.body.body).toEqual([{ release_id: bRelease.releaseId, release_title: 'Bee Song' }]);
    });
    it('lists a release’s tracks, and answers 404 for another user’s, a malformed or a missing release id', async () => {
      const res = await a.get('getAudioTitles', { release_id: aRelease.releaseId }).expect(200);
      expect(res.body.body).toEqual([{ audio_id: aRelease.audioId, title: 'Monsoon Nights' }]);
      for (const release_id of [bRelease.releaseId, 'abc', '-1', 999_999]) {
        const other = await a.get('getAudioTitles', { release_id }).expect(404);
        expect(other.body).toMatchObject({ status: 404, message: M.releaseNotFound });
      }
      const missing = await a.get('getAudioTitles');
      expect([400, 404]).toContain(missing.status);
      expect(missing.body.message).toBe(M.releaseNotFound);
      expect((await b.get('getAudioTitles', { release_id: aRelease.releaseId }).expect(404)).body.message).toBe(M.releaseNotFound);
    });
    it('offers 8 or more video platforms (getLogos type "3")', async () => {
      const res = await a.get('getLogos').expect(200);
      expect(res.body.body.filter((l: { type: string }) => l.type === PLATFORM_TYPE.video).length).toBeGreaterThanOrEqual(8);
    });
    it('answers 401 with status 0 without a token', async () => {
      for (const path of ['getReleaseTitlesForVRelease', 'getAudioTitles', 'getVideoCatelogListWeb']) {
        const res = await request(t.http).get(`/api/${path}`).expect(401);
        expect(res.body.status).toBe(SESSION_OVER_STATUS);
      }
      expect((await request(t.http).post('/api/submitVideoRelease').send({}).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
    });
  });

  describe('thumbnail upload', () => {
    it('stores a real 1920x1080 JPEG and serves it publicly', async () => {
      const res = await thumbUpload(a, jpegImage(), 'video-thumb.jpg').expect(200);
      expect(res.body.message).toBe(M.thumbnailUploaded);
      expect(res.body.body).toMatchObject({ mime: 'image/jpeg', url: `${THUMBNAIL_URL_PREFIX}${res.body.body.filename}` });
      expect(res.body.body.filename).toMatch(/^[a-f0-9]{32}\.jpg$/);
      const file = await request(t.http).get(res.body.body.url).expect(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(Number(file.headers['content-length'])).toBe(res.body.body.size);
      await request(t.http).get(`${THUMBNAIL_URL_PREFIX}00000000000000000000000000000000.jpg`).expect(404);
      await request(t.http).get(`${THUMBNAIL_URL_PREFIX}..%2F..%2Fetc%2Fpasswd`).expect(404);
    });
    it('refuses a thumbnail over 1572864 bytes with the spec message, leaving no row', async () => {
      const before = await t.app.get(DataSource).getRepository(VideoThumbnailEntity).count();
      const big = media.png(800, 700); // about 1.68 MB, a real PNG
      expect(big.length).toBeGreaterThan(VIDEO_LIMITS.thumbnailMaxBytes);
      const res = await thumbUpload(a, big, 'big.png');
      expect({ http: res.status, message: res.body.message }).toEqual({ http: 413, message: M.thumbnailTooLarge });
      expect(await t.app.get(DataSource).getRepository(VideoThumbnailEntity).count()).toBe(before);
    });
    it('refuses bytes that are not an image, whatever the name, and accepts a GIF', async () => {
      const notImage = await thumbUpload(a, Buffer.from('this is a text file, not a picture'), 'thumb.jpg');
      expect({ http: notImage.status, message: notImage.body.message }).toEqual({ http: 415, message: M.thumbnailType });
      const audio = await thumbUpload(a, media.mp3(), 'thumb.png');
      expect({ http: audio.status, message: audio.body.message }).toEqual({ http: 415, message: M.thumbnailType });
      const gif = await thumbUpload(a, media.gif(), 'tiny.gif').expect(200);
      expect(gif.body.body.mime).toBe('image/gif');
    });
    it('answers 400 for a request without a file and for two files', async () => {
      const none = await request(t.http).post('/api/thumbnailUpload').set('Authorization', `Bearer ${a.token}`).send({ image: 'x' });
      expect({ http: none.status, message: none.body.message }).toEqual({ http: 400, message: RELEASE_MESSAGES.uploadMissingFile });
      const two = await request(t.http)
        .post('/api/thumbnailUpload')
        .set('Authorization', `Bearer ${a.token}`)
        .attach('image', media.gif(), 'a.gif')
        .attach('image', media.gif(), 'b.gif');
      expect({ http: two.status, message: two.body.message }).toEqual({ http: 400, message: RELEASE_MESSAGES.uploadOneFile });
    });
  });

  describe('submit rules (areas §5) in order, with their messages', () => {
    it('needs the terms first: "Please accept T & C."', async () => {
      await expectRefusal(valid({ terms: undefined }), 400, M.acceptTerms);
      await expectRefusal(valid({ terms: false }), 400, M.acceptTerms);
      await expectRefusal({}, 400, M.acceptTerms);
    });
    it.each(['release_id', 'audio_id', 'download_link', 'thumbnail', 'release_date'])('needs %s: "Please fill in all the fields before submit"', async (field) => {
      await expectRefusal(valid({ [field]: undefined }), 400, M.fillAllFields);
      await expectRefusal(valid({ [field]: '' }), 400, M.fillAllFields);
    });
    it('answers the required message before any format message', async () => {
      await expectRefusal(valid({ thumbnail: '', download_link: 'ftp://x', video_upc: '12' }), 400, M.fillAllFields);
    });
    it('needs a release date at least today + 6 days', async () => {
      await expectRefusal(valid({ release_date: Date.now() + 2 * DAY }), 400, M.releaseDateMin);
      await expectRefusal(valid({ release_date: minReleaseDateAnyZone() - 1 }), 400, M.releaseDateMin);
    });
    it('needs an http(s) download link', async () => {
      for (const link of ['ftp://files.example.com/v.mov', 'javascript:alert(1)', 'wetransfer.com/abc', 'https://']) {
        await expectRefusal(valid({ download_link: link }), 400, M.downloadLinkInvalid);
      }
      await expectRefusal(valid({ download_link: `https://example.com/${'a'.repeat(1000)}` }), 400, M.downloadLinkTooLong);
    });
    it('checks the video UPC: 12-13 digits, then its GS1 check digit', async () => {
      for (const upc of ['12345', '03600029145A', '12345678901234']) await expectRefusal(valid({ video_upc: upc }), 400, M.upcFormat);
      await expectRefusal(valid({ video_upc: '036000291453' }), 400, M.upcCheckDigit);
      await expectRefusal(valid({ video_upc: '4006381333932' }), 400, M.upcCheckDigit);
    });
    it('checks the video ISRC: CC-XXX-YY-NNNNN, hyphens optional', async () => {
      for (const isrc of ['IN-A1B-26-0001', '12-ABC-26-00001', 'INA1B26000011', 'IN_A1B_26_00001']) await expectRefusal(valid({ video_isrc: isrc }), 400, M.isrcFormat);
    });
    it('refuses a thumbnail that is not the caller’s upload', async () => {
      await expectRefusal(valid({ thumbnail: thumbB }), 400, M.thumbnailUnknown);
      await expectRefusal(valid({ thumbnail: '../../etc/passwd' }), 400, M.thumbnailUnknown);
    });
    it('answers 400, never 500, for a body of the wrong shape', async () => {
      const array = await request(t.http).post('/api/submitVideoRelease').set('Authorization', `Bearer ${a.token}`).set('Content-Type', 'application/json').send('[1, 2]');
      expect({ http: array.status, message: array.body.message }).toEqual({ http: 400, message: SERVER_MESSAGES.bodyNotObject });
      const text = await request(t.http).post('/api/submitVideoRelease').set('Authorization', `Bearer ${a.token}`).set('Content-Type', 'application/json').send('"text"');
      expect(text.status).toBe(400);
      const odd = [
        valid({ download_link: { href: 'https://x.example' } }),
        valid({ terms: { yes: true } }),
        valid({ release_date: 'soon' }),
        valid({ actor: ['a', 'b'] }),
        valid({ video_upc: 36000291452 }),
        valid({ video_isrc: { x: 1 } }),
        valid({ thumbnail: ['a'] }),
        valid({ release_title: { x: 1 }, audio_title: 'y'.repeat(5000), terms: 'maybe' }),
      ];
      const known = new Set<string>([...Object.values(M), ...Object.values(SERVER_MESSAGES)]);
      for (const body of odd) {
        const res = await submit(a, body);
        expect(res.status).toBe(400);
        expect(known.has(res.body.message)).toBe(true);
      }
      expect((await submit(a, valid({ actor: ['a', 'b'] }))).body.message).toBe(M.namesInvalid);
      // A required field of the wrong shape answers as if it were missing (the validation pipe's rule).
      expect((await submit(a, valid({ download_link: { href: 'https://x.example' } }))).body.message).toBe(M.fillAllFields);
      const malformed = await request(t.http).post('/api/submitVideoRelease').set('Authorization', `Bearer ${a.token}`).set('Content-Type', 'application/json').send('{"terms": tru');
      expect(malformed.status).toBe(400);
    });
  });

  describe('ownership (404 for another user’s release or audio)', () => {
    it('answers 404 for another user’s release id, and for a malformed one', async () => {
      await expectRefusal(valid({ release_id: bRelease.releaseId, audio_id: bRelease.audioId }), 404, M.releaseNotFound);
      await expectRefusal(valid({ release_id: 'abc' }), 404, M.releaseNotFound);
      await expectRefusal(valid({ thumbnail: thumbB }), 404, M.releaseNotFound, b);
    });
    it('answers 404 for another user’s audio, or an audio of another release of the caller', async () => {
      await expectRefusal(valid({ audio_id: bRelease.audioId }), 404, M.audioNotFound);
      await expectRefusal(valid({ audio_id: aSecond.audioId }), 404, M.audioNotFound);
      await expectRefusal(valid({ release_id: bRelease.releaseId, audio_id: aRelease.audioId, thumbnail: thumbB }), 404, M.audioNotFound, b);
    });
    it('answers 409 for the caller’s draft release', async () => {
      await expectRefusal(valid({ release_id: aDraft }), 409, M.releaseNotEligible);
    });
  });

  describe('gates', () => {
    afterEach(async () => {
      await t.app.get(PlatformStatusService).setAway(false, '');
      const user = await t.app.get(UsersService).findByEmail(aEmail);
      await t.app.get(UsersService).update(user!.id, { revoked: 0 });
    });
    it('away mode blocks submit and thumbnail upload with the server’s text (403)', async () => {
      await t.app.get(PlatformStatusService).setAway(true, 'Video releases are paused until 18:00 UTC.');
      await expectRefusal(valid(), 403, 'Video releases are paused until 18:00 UTC.');
      const up = await thumbUpload(a, media.gif(), 'x.gif');
      expect({ http: up.status, message: up.body.message }).toEqual({ http: 403, message: 'Video releases are paused until 18:00 UTC.' });
    });
    it('a revoked user is blocked with the revoked text (403)', async () => {
      const user = await t.app.get(UsersService).findByEmail(aEmail);
      await t.app.get(UsersService).update(user!.id, { revoked: 1 });
      const text = fillMessage(RELEASE_MESSAGES.revoked, { email: t.config.supportEmail });
      await expectRefusal(valid(), 403, text);
      expect((await thumbUpload(a, media.gif(), 'x.gif')).body.message).toBe(text);
    });
  });

  describe('a valid submission', () => {
    let videoId: number;
    it('answers "Release submitted for review" and stores an in_review video with the stored titles, dropping status and user_id', async () => {
      const res = await submit(a, valid({ status: 'approved', user_id: 999, release_title: 'Forged', audio_title: 'Forged', reason: 'x', search_text: 'x' })).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: M.submitted, video_id: expect.any(Number) });
      videoId = res.body.video_id;
      const row = await t.app.get(DataSource).getRepository(VideoReleaseEntity).findOneByOrFail({ id: videoId });
      const user = await t.app.get(UsersService).findByEmail(aEmail);
      expect(row).toMatchObject({
        user_id: user!.id,
        status: 'in_review',
        reason: '',
        release_title: 'Monsoon Nights',
        audio_title: 'Monsoon Nights',
        video_isrc: 'INA1B2600001',
        video_upc: '036000291452',
        actor: 'Ravi Kumar, Dev Anand',
        thumbnail: thumbA,
      });
    });
    it('refuses a second video for the same audio while the first is in review (409)', async () => {
      await expectRefusal(valid(), 409, M.videoExists);
    });
    it('lets one of two concurrent submits for the same audio through (409 for the other)', async () => {
      const t1 = (await thumbUpload(b, media.gif(), 'a.gif').expect(200)).body.body.filename;
      // B's own codes (A's video holds valid()'s UPC and ISRC in the identifier registry).
      const body = { ...valid(), release_id: bRelease.releaseId, audio_id: bRelease.audioId, thumbnail: t1, video_upc: '4006381333931', video_isrc: 'IN-B9B-26-00009' };
      const answers = await Promise.all([submit(b, body), submit(b, body), submit(b, body)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      for (const r of answers.filter((x) => x.status === 409)) expect(r.body.message).toBe(M.videoExists);
      // Put B back as it was for the catalogue checks below.
      const id = answers.find((r) => r.status === 200)!.body.video_id;
      await t.app.get(DataSource).getRepository(VideoReleaseEntity).delete({ id });
      await t.app.get(DataSource).getRepository(AssignedIdentifierEntity).delete({ object_id: id, source: 'video' });
    });
    it('takes the thumbnail as its URL, and an approved release', async () => {
      const thumb = (await thumbUpload(a, jpegImage(320, 180), 't.jpg').expect(200)).body.body.url;
      const res = await submit(a, valid({ release_id: aSecond.releaseId, audio_id: aSecond.audioId, thumbnail: thumb, video_upc: '', video_isrc: 'usabc2600002', actor: '', actress: 'Asha , , Lata' })).expect(200);
      const row = await t.app.get(DataSource).getRepository(VideoReleaseEntity).findOneByOrFail({ id: res.body.video_id });
      expect(row).toMatchObject({ release_title: 'City Lights', video_isrc: 'USABC2600002', actress: 'Asha, Lata', video_upc: '' });
    });
    it('lets the operator set each status, with a reason for rejected, and notifies the artist’s bell', async () => {
      const cmd = command('video-status');
      await expect(cmd.run(t.app, [String(videoId), 'rejected'])).rejects.toThrow('a rejection needs a reason');
      await expect(cmd.run(t.app, [String(videoId), 'draft'])).rejects.toThrow(/status must be one of/);
      await expect(cmd.run(t.app, ['999999', 'approved'])).rejects.toThrow(/no video release/);
      expect(await cmd.run(t.app, [String(videoId), 'rejected', 'Logo', 'overlay'])).toBe(`video ${videoId} is rejected (Logo overlay)`);
      const bell = await a.get('getNotificationsForUser', { offset: 0 }).expect(200);
      expect(bell.body.body[0].notification).toBe(fillMessage(M.statusNotification, { title: 'Monsoon Nights', status: 'Rejected', reason: ' Logo overlay' }));
      // A rejected video no longer blocks a new one for that audio.
      const again = await submit(a, valid()).expect(200);
      await cmd.run(t.app, [String(again.body.video_id), 'approved']);
      await cmd.run(t.app, [String(videoId), 'takendown', 'Claimed']);
      const notes = (await a.get('getNotificationsForUser', { offset: 0 }).expect(200)).body.body.map((n: { notification: string }) => n.notification);
      expect(notes[0]).toContain('is now Takendown. Claimed');
      expect(notes[1]).toContain('is now Approved.');
      // The old video cannot become active again while the new one is approved.
      await expect(cmd.run(t.app, [String(videoId), 'in_review'])).rejects.toThrow(/already has a video in review or approved/);
    });
  });

  describe('video catalogue', () => {
    const list = async (c: ReleasesClient, query: Record<string, unknown> = {}) => {
      const res = await c.get('getVideoCatelogListWeb', query).expect(200);
      expect(res.body.message).toBe(M.catalogList);
      return res.body as { body: VideoRow[]; total: number };
    };
    it('lists the caller’s videos newest first with the total; another user sees none of them', async () => {
      const all = await list(a);
      expect(all.total).toBe(3);
      expect(all.body.map((r) => r.status)).toEqual(['approved', 'in_review', 'takendown']);
      expect(all.body[1]).toMatchObject({ release_title: 'City Lights', actress: 'Asha, Lata' });
      expect(all.body[0].thumbnail).toBe(`${THUMBNAIL_URL_PREFIX}${thumbA}`);
      expect((await list(b)).total).toBe(0);
    });
    it('searches title, audio title, actor and actress, case-insensitively and literally', async () => {
      expect((await list(a, { search: 'city' })).total).toBe(1);
      // Every audio of this fixture is titled "Monsoon Nights"; only one release is.
      expect((await list(a, { search: 'MONSOON nights' })).total).toBe(3);
      expect((await list(a, { search: 'dev anand' })).total).toBe(2);
      expect((await list(a, { search: 'lata' })).total).toBe(1);
      expect((await list(a, { search: '%' })).total).toBe(0);
      expect((await list(a, { search: 'nothing like this' })).body).toEqual([]);
    });
    it('filters by status value or label, without Draft', async () => {
      expect((await list(a, { status: 'in_review' })).total).toBe(1);
      expect((await list(a, { status: 'In-Review' })).total).toBe(1);
      expect((await list(a, { status: 'Takendown' })).total).toBe(1);
      expect((await list(a, { status: 'All' })).total).toBe(3);
      const draft = await a.get('getVideoCatelogListWeb', { status: 'draft' }).expect(400);
      expect(draft.body.message).toBe(M.catalogStatusInvalid);
    });
    it('pages with limit and offset or page', async () => {
      const page2 = await list(a, { limit: 2, page: 2 });
      expect(page2.total).toBe(3);
      expect(page2.body.map((r) => r.status)).toEqual(['takendown']);
      expect((await list(a, { limit: 1, offset: 1 })).body.map((r) => r.status)).toEqual(['in_review']);
      expect((await list(a, { limit: 'x', offset: '-3' })).body).toHaveLength(3);
    });
  });

  it('documents the video and dashboard endpoints in the OpenAPI document', async () => {
    const docs = await request(t.http).get('/api/docs-json').expect(200);
    const paths = docs.body.paths as Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown>; required?: string[] } }> }; parameters?: Array<{ name: string }>; responses: Record<string, unknown> }>>;
    for (const p of ['/api/getReleaseTitlesForVRelease', '/api/getAudioTitles', '/api/thumbnailUpload', '/api/submitVideoRelease', '/api/getVideoCatelogListWeb', '/api/getNews', '/api/getVideoLinks', '/api/files/thumbnail/{filename}']) {
      expect(paths[p]).toBeDefined();
    }
    const submitDoc = paths['/api/submitVideoRelease'].post;
    const body = submitDoc.requestBody!.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['terms', 'release_id', 'audio_id', 'download_link', 'thumbnail', 'release_date', 'video_upc', 'video_isrc', 'actor', 'actress']));
    expect(Object.keys(submitDoc.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(Object.keys(paths['/api/thumbnailUpload'].post.requestBody!.content)).toEqual(['multipart/form-data']);
    expect(paths['/api/getVideoCatelogListWeb'].get.parameters!.map((x) => x.name)).toEqual(expect.arrayContaining(['search', 'status', 'limit', 'offset', 'page']));
  });

  it('purges thumbnails no video uses, keeping those that are used', async () => {
    const repo = t.app.get(DataSource).getRepository(VideoThumbnailEntity);
    const before = await repo.count();
    const used = await t.app.get(DataSource).getRepository(VideoReleaseEntity).count();
    const cmd = command('purge-thumbnails');
    expect(await cmd.run(t.app, ['1'])).toBe('0 abandoned thumbnail(s) deleted');
    // Age every thumbnail, then purge: only those referenced by a video stay (A's first thumbnail is used by two).
    await repo.createQueryBuilder().update().set({ created_at: new Date(Date.now() - 5 * 3600_000) }).execute();
    const out = await cmd.run(t.app, ['1']);
    const left = await repo.find();
    expect(out).toBe(`${before - left.length} abandoned thumbnail(s) deleted`);
    expect(left.map((r) => r.filename)).toContain(thumbA);
    expect(left.length).toBeLessThanOrEqual(used);
    await request(t.http).get(`${THUMBNAIL_URL_PREFIX}${thumbA}`).expect(200);
    await request(t.http).get(`${THUMBNAIL_URL_PREFIX}${thumbB}`).expect(404);
  });

  it('keeps a draft ineligible even once it has a track (409)', async () => {
    const artist = await a.artist('Another Artist');
    const audio = await a.file(media.mp3(), 's.mp3', 'audio');
    await a.track(trackInfo(aDraft, audio, artist));
    await expectRefusal(valid({ release_id: aDraft }), 409, M.releaseNotEligible);
  });
});
