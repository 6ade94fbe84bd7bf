import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { connect, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { RELEASE_LIMITS, RELEASE_MESSAGES as M, SESSION_OVER_STATUS } from '@portal/contracts';
import { UploadsService } from '../../src/releases/uploads/uploads.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { waitFor } from '../helpers/wait-for';
import { media, ReleasesClient, releaseInfo } from '../helpers/releases-fixtures';
import { UploadEntity } from '../../src/releases/entities/upload.entity';
import { command } from '../helpers/cli';

const MB = 1024 * 1024;

/** POST /api/upload and the file routes (core §5, §7; DESIGN "Files"), on each engine. */
describe.each(ENGINES)('uploads and files on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  let port: number;

  /** Every stored or partial file under the uploads directory. */
  const filesOnDisk = () => ['files', '.tmp'].flatMap((d) => (existsSync(join(t.config.uploadsDir, d)) ? readdirSync(join(t.config.uploadsDir, d)).map((f) => `${d}/${f}`) : []));
  const rows = () => t.app.get(DataSource).getRepository(UploadEntity).count();
  /** Run a bad upload and check it left no file and no row behind. */
  const leavesNothing = async (run: () => Promise<unknown>) => {
    const before = { files: filesOnDisk().sort(), rows: await rows() };
    await run();
    await waitFor(() => JSON.stringify(filesOnDisk().sort()) === JSON.stringify(before.files), { what: 'the partial files removed' });
    expect(await rows()).toBe(before.rows);
  };

  beforeAll(async () => {
    t = await bootTestApp(engine);
    await new Promise<void>((resolve) => t.http.listen(0, '127.0.0.1', resolve));
    port = (t.http.address() as AddressInfo).port;
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());

  describe('accepted files', () => {
    it.each([
      ['png artwork', () => media.png(), 'cover.png', 'artwork', 'image/png', 'png'],
      ['gif artwork', () => media.gif(), 'cover.gif', 'artwork', 'image/gif', 'gif'],
      ['mp3 audio', () => media.mp3(), 'song.mp3', 'audio', 'audio/mpeg', 'mp3'],
      ['mp3 audio with an ID3 tag', () => media.mp3WithId3(), 'tagged.mp3', 'audio', 'audio/mpeg', 'mp3'],
      ['wav audio', () => media.wav(), 'song.wav', 'audio', 'audio/wav', 'wav'],
    ] as const)('%s', async (_label, bytes, name, kind, mime, ext) => {
      const data = bytes();
      const res = await a.upload(data, name, kind).expect(200);
      expect(res.body).toMatchObject({ status: 200, message: kind === 'artwork' ? M.artworkUploaded : M.audioUploaded, body: { kind, mime, size: data.length } });
      // A random name, never the user's file name.
      expect(res.body.body.filename).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
      const row = await t.app.get(DataSource).getRepository(UploadEntity).findOneByOrFail({ filename: res.body.body.filename });
      expect(readFileSync(join(t.config.uploadsDir, 'files', row.storage_key)).equals(data)).toBe(true);
    });
    it('detects the kind from the bytes when the query does not say', async () => {
      expect((await a.upload(media.png(), 'x.bin').expect(200)).body.body.kind).toBe('artwork');
      expect((await a.upload(media.wav(), 'x.bin').expect(200)).body.body.kind).toBe('audio');
    });
    it('accepts artwork of exactly 1572864 bytes', async () => {
      const png = media.png(64, 64);
      const exact = Buffer.concat([png, Buffer.alloc(RELEASE_LIMITS.artworkMaxBytes - png.length)]);
      await a.upload(exact, 'max.png', 'artwork').expect(200);
    });
  });

  describe('refused files leave no file and no row (core §5)', () => {
    it('an executable renamed .mp3', () =>
      leavesNothing(async () => {
        const res = await a.upload(readFileSync('/bin/true'), 'song.mp3', 'audio').expect(415);
        expect(res.body.message).toBe(M.audioType);
      }));
    it('a PNG renamed .wav', () =>
      leavesNothing(async () => {
        expect((await a.upload(media.png(), 'song.wav', 'audio').expect(415)).body.message).toBe(M.audioType);
      }));
    it('audio sent as artwork, and text of no known type', () =>
      leavesNothing(async () => {
        expect((await a.upload(media.wav(), 'cover.jpg', 'artwork').expect(415)).body.message).toBe(M.artworkType);
        expect((await a.upload(Buffer.from('just some text, not a song\n'.repeat(400)), 'notes.mp3').expect(415)).body.message).toBe(M.audioType);
        expect((await a.upload(Buffer.alloc(0), 'empty.mp3', 'audio').expect(415)).body.message).toBe(M.audioType);
      }));
    it('artwork of 1.6 MB', () =>
      leavesNothing(async () => {
        const big = media.png(760, 720);
        expect(big.length).toBeGreaterThan(RELEASE_LIMITS.artworkMaxBytes);
        expect((await a.upload(big, 'cover.png', 'artwork').expect(413)).body.message).toBe(M.artworkTooLarge);
        expect((await a.upload(big, 'cover.png').expect(413)).body.message).toBe(M.artworkTooLarge);
      }));
    it('audio of 101 MB', () =>
      leavesNothing(async () => {
        const res = await a.upload(media.wav(101 * MB), 'long.wav', 'audio').expect(413);
        expect(res.body.message).toBe(M.audioTooLarge);
      }), 60_000);
    it('no file in field image, two files, or not multipart', () =>
      leavesNothing(async () => {
        const other = await request(t.http).post('/api/upload?kind=audio').set('Authorization', `Bearer ${a.token}`).attach('file', media.mp3(), 'a.mp3').expect(400);
        expect(other.body.message).toBe(M.uploadMissingFile);
        const two = await request(t.http).post('/api/upload').set('Authorization', `Bearer ${a.token}`).attach('image', media.mp3(), 'a.mp3').attach('image', media.mp3(), 'b.mp3').expect(400);
        expect(two.body.message).toBe(M.uploadOneFile);
        expect((await a.post('upload', { image: 'x' }).expect(400)).body.message).toBe(M.uploadMissingFile);
        expect((await request(t.http).post('/api/upload?kind=video').set('Authorization', `Bearer ${a.token}`).attach('image', media.mp3(), 'a.mp3').expect(400)).body.message).toBe(M.uploadMissingFile);
      }));
    it('a multipart body cut short (no closing boundary)', () =>
      leavesNothing(async () => {
        const boundary = 'portal-test-boundary';
        const body = Buffer.concat([
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
          media.wav(200_000),
        ]);
        const res = await request(t.http)
          .post('/api/upload?kind=audio')
          .set('Authorization', `Bearer ${a.token}`)
          .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
          .send(body)
          .expect(400);
        expect(res.body.message).toBe(M.uploadIncomplete);
      }));
    it('a client that disconnects mid-body', () =>
      leavesNothing(async () => {
        const boundary = 'portal-test-boundary';
        const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
        const wav = media.wav(8 * MB);
        const total = head.length + wav.length + `\r\n--${boundary}--\r\n`.length;
        const socket = connect(port, '127.0.0.1');
        await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
        socket.write(
          `POST /api/upload?kind=audio HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${a.token}\r\n` +
            `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${total}\r\n\r\n`,
        );
        socket.write(head);
        socket.write(wav.subarray(0, 2 * MB));
        // The server is streaming to a partial file by now; then the client goes away.
        await waitFor(() => filesOnDisk().some((f) => f.startsWith('.tmp/')));
        socket.destroy();
      }));
  });

  it('purge-uploads deletes old uploads that nothing references, and only those', async () => {
    const artist = await a.artist('Purge Artist');
    const used = await a.file(media.png(), 'used.png', 'artwork');
    const abandoned = await a.file(media.png(), 'abandoned.png', 'artwork');
    const fresh = await a.file(media.png(), 'fresh.png', 'artwork');
    await a.draft(releaseInfo(artist, { album_artwork: used }));
    const repo = t.app.get(DataSource).getRepository(UploadEntity);
    const old = new Date(Date.now() - 72 * 3600_000);
    for (const filename of [used, abandoned]) await repo.update({ filename }, { created_at: old });
    const purge = command('purge-uploads');
    expect(await purge.run(t.app, ['48'])).toMatch(/^1 abandoned/);
    await request(t.http).get(`/api/files/artwork/${abandoned}`).expect(404);
    await request(t.http).get(`/api/files/artwork/${used}`).expect(200);
    await request(t.http).get(`/api/files/artwork/${fresh}`).expect(200);
    expect(await repo.countBy({ filename: abandoned })).toBe(0);
  });

  describe('reading files back', () => {
    let artwork: string;
    let audio: string;
    let wavBytes: Buffer;
    beforeAll(async () => {
      artwork = await a.file(media.png(), 'cover.png', 'artwork');
      wavBytes = media.wav(10_000);
      audio = await a.file(wavBytes, 'song.wav', 'audio');
    });

    it('serves artwork publicly with a long cache', async () => {
      const res = await request(t.http).get(`/api/files/artwork/${artwork}`).expect(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toContain('max-age=31536000');
      await request(t.http).get('/api/files/artwork/00000000000000000000000000000000.png').expect(404);
      await request(t.http).get(`/api/files/artwork/${audio}`).expect(404);
    });
    it('serves audio to its owner only (header, or a signed link; never the login token in the URL)', async () => {
      const res = await a.get(`files/audio/${audio}`).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe('audio/wav');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${audio}"`);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(Buffer.from(res.body).equals(wavBytes)).toBe(true);
      // The login token in the query opens nothing (docs/decisions/026).
      expect((await request(t.http).get(`/api/files/audio/${audio}`).query({ token: a.token }).expect(401)).body.status).toBe(SESSION_OVER_STATUS);
      const anonymous = await request(t.http).get(`/api/files/audio/${audio}`).expect(401);
      expect(anonymous.body.status).toBe(SESSION_OVER_STATUS);
      expect((await b.get(`files/audio/${audio}`).expect(404)).body.message).toBe(M.uploadUnknownFile);

      // A signed link: the owner gets one, it opens that file without a token, and nothing else.
      expect((await b.get('getAudioLink', { filename: audio }).expect(404)).body.message).toBe(M.uploadUnknownFile);
      const link = (await a.get('getAudioLink', { filename: audio }).expect(200)).body.body as { url: string; expires_at: number };
      expect(link.url).not.toContain(a.token);
      expect(link.expires_at - Date.now()).toBeGreaterThan(5 * 60_000);
      expect(link.expires_at - Date.now()).toBeLessThanOrEqual(10 * 60_000);
      const signed = await request(t.http).get(link.url).buffer(true).expect(200);
      expect(Buffer.from(signed.body).equals(wavBytes)).toBe(true);
      const url = new URL(link.url, 'http://x');
      const other = await a.file(media.mp3(), 'other.mp3', 'audio');
      await request(t.http).get(`/api/files/audio/${other}?${url.searchParams}`).expect(404);
      await request(t.http).get(`${url.pathname}?expires=${url.searchParams.get('expires')}&sig=${'A'.repeat(43)}`).expect(404);
      const past = Math.floor(Date.now() / 1000) - 1;
      await request(t.http).get(`${url.pathname}?expires=${past}&sig=${url.searchParams.get('sig')}`).expect(404);
    });

    it('a signed link stops working when it expires', async () => {
      const links = t.app.get(UploadsService).links;
      const old = links.sign('audio', audio, Date.now() - 11 * 60_000);
      await request(t.http).get(`/api/files/audio/${audio}`).query(old).expect(404);
      const fresh = links.sign('audio', audio);
      await request(t.http).get(`/api/files/audio/${audio}`).query(fresh).expect(200);
    });
    it('answers byte ranges for the player', async () => {
      const size = wavBytes.length;
      const first = await a.get(`files/audio/${audio}`).set('Range', 'bytes=0-99').buffer(true).expect(206);
      expect(first.headers['content-range']).toBe(`bytes 0-99/${size}`);
      expect(Buffer.from(first.body).equals(wavBytes.subarray(0, 100))).toBe(true);
      const tail = await a.get(`files/audio/${audio}`).set('Range', 'bytes=-10').buffer(true).expect(206);
      expect(Buffer.from(tail.body).equals(wavBytes.subarray(size - 10))).toBe(true);
      const open = await a.get(`files/audio/${audio}`).set('Range', `bytes=${size - 5}-`).buffer(true).expect(206);
      expect(open.headers['content-length']).toBe('5');
      const outside = await a.get(`files/audio/${audio}`).set('Range', `bytes=${size}-`).expect(416);
      expect(outside.headers['content-range']).toBe(`bytes */${size}`);
    });
  });
});
