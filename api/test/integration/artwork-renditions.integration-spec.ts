import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ARTWORK_RENDITION_FORMATS, ARTWORK_RENDITION_WIDTHS, artworkRenditionUrl, RELEASE_MESSAGES as M, type ArtworkRenditionFormat } from '@portal/contracts';
import { UploadEntity } from '../../src/releases/entities/upload.entity';
import { ArtworkRenditions } from '../../src/releases/uploads/artwork-renditions';
import { UploadsService } from '../../src/releases/uploads/uploads.service';
import { FileStorage } from '../../src/storage/file-storage';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient } from '../helpers/releases-fixtures';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { startS3rver, type Service } from '../infra/services';

const FORMATS = Object.keys(ARTWORK_RENDITION_FORMATS) as ArtworkRenditionFormat[];
const binary = (res: request.Response, done: (err: Error | null, body: Buffer) => void) => {
  const parts: Buffer[] = [];
  res.on('data', (d: Buffer) => parts.push(d));
  res.on('end', () => done(null, Buffer.concat(parts)));
};

/** A JPEG of `width` x `height` with a gradient (compresses like a photo, decodes for sure). */
async function jpeg(width: number, height: number): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) raw.set([(x * 255) / width, (y * 255) / height, ((x + y) * 97) % 256], (y * width + x) * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** docs/decisions/010: artwork renditions made at upload and served like the artwork (docs/decisions/009), on each engine. */
describe.each(ENGINES)('artwork renditions on %s', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let b: ReleasesClient;
  const filesOnDisk = () => (existsSync(join(t.config.uploadsDir, 'files')) ? readdirSync(join(t.config.uploadsDir, 'files')).sort() : []);
  const rowCount = () => t.app.get(DataSource).getRepository(UploadEntity).count();
  const row = (filename: string) => t.app.get(DataSource).getRepository(UploadEntity).findOneByOrFail({ filename });
  const get = (path: string) => request(t.http).get(path).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await bootTestApp(engine);
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => t?.close());
  afterEach(() => jest.restoreAllMocks());

  it('an upload makes six square renditions (64, 300, 1000 px; WebP and JPEG), public and cached a year like the original', async () => {
    const original = await jpeg(1600, 1200);
    const upload = await a.upload(original, 'cover.jpg', 'artwork').expect(200);
    expect(upload.body.body).toMatchObject({ kind: 'artwork', mime: 'image/jpeg', size: original.length });
    const filename = upload.body.body.filename as string;
    let renditionBytes = 0;
    for (const width of ARTWORK_RENDITION_WIDTHS) {
      for (const format of FORMATS) {
        // No login: the same rule as the original's URL (its random name is the key).
        const res = await get(artworkRenditionUrl(filename, width, format)).expect(200);
        expect(res.headers['content-type']).toBe(ARTWORK_RENDITION_FORMATS[format]);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        const meta = await sharp(res.body as Buffer).metadata();
        expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width, height: width, format: format === 'jpg' ? 'jpeg' : 'webp' });
        renditionBytes += (res.body as Buffer).length;
      }
    }
    // Far smaller than the original where it matters: the catalogue's 64 px cell.
    expect((await get(artworkRenditionUrl(filename, 64, 'webp'))).body.length).toBeLessThan(original.length / 50);
    // The stored size counts the renditions (the storage quota sees them).
    expect((await row(filename)).size).toBe(original.length + renditionBytes);
  });

  it('a small original is not enlarged; a PNG with transparency and a GIF get renditions too', async () => {
    const png = await a.file(media.png(40, 40), 'small.png', 'artwork');
    const meta = await sharp((await get(artworkRenditionUrl(png, 1000, 'jpg')).expect(200)).body as Buffer).metadata();
    expect([meta.width, meta.height]).toEqual([40, 40]);
    const alpha = await sharp({ create: { width: 400, height: 400, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const withAlpha = await a.file(alpha, 'alpha.png', 'artwork');
    const jpg = await sharp((await get(artworkRenditionUrl(withAlpha, 300, 'jpg')).expect(200)).body as Buffer).metadata();
    expect([jpg.width, jpg.hasAlpha]).toEqual([300, false]);
    const gif = await a.file(media.gif(), 'dot.gif', 'artwork');
    await get(artworkRenditionUrl(gif, 64, 'webp')).expect(200);
  });

  it('another user, or no user, reads a rendition exactly as they read the original; a rendition path never reaches audio', async () => {
    const artwork = await a.file(media.png(16, 16), 'cover.png', 'artwork');
    const fromB = await request(t.http).get(`/api/files/artwork/${artwork}/300.webp`).set('Authorization', `Bearer ${b.token}`).expect(200);
    const original = await request(t.http).get(`/api/files/artwork/${artwork}`).set('Authorization', `Bearer ${b.token}`).expect(200);
    expect([fromB.status, fromB.headers['cache-control']]).toEqual([original.status, original.headers['cache-control']]);
    // Another user's private audio is not reachable through the rendition route.
    const audio = await a.file(media.wav(), 'song.wav', 'audio');
    const res = await request(t.http).get(`/api/files/artwork/${audio}/300.webp`).set('Authorization', `Bearer ${b.token}`).expect(404);
    expect(res.body).toMatchObject({ status: 404, message: M.uploadUnknownFile });
    await request(t.http).get(`/api/files/artwork/${audio}/300.webp`).set('Authorization', `Bearer ${a.token}`).expect(404);
    await request(t.http).get('/api/files/artwork/0123456789abcdef0123456789abcdef.png/300.webp').expect(404);
  });

  it.each(['128.webp', '300.png', '300.jpeg', '300', 'webp', '300.webp.jpg', '0300.webp', '1000.WEBP', '..%2F300.webp'])('an invalid rendition name %s answers 404', async (name) => {
    const artwork = await a.file(media.png(), 'cover.png', 'artwork');
    const res = await request(t.http).get(`/api/files/artwork/${artwork}/${name}`).expect(404);
    expect(res.body.status).toBe(404);
  });

  it('artwork bytes that look like an image but do not decode are refused (415) and leave no file and no row', async () => {
    const files = filesOnDisk();
    const rows = await rowCount();
    const truncated = (await jpeg(600, 600)).subarray(0, 2000);
    const broken = await a.upload(truncated, 'cut.jpg', 'artwork').expect(415);
    expect(broken.body).toMatchObject({ status: 415, message: M.artworkType, code: 'artwork_unreadable' });
    // A small PNG whose header claims 30000 x 30000 pixels is not decoded at all.
    const bomb = media.png(8, 8);
    bomb.writeUInt32BE(30_000, 16);
    bomb.writeUInt32BE(30_000, 20);
    await a.upload(bomb, 'bomb.png', 'artwork').expect(415);
    expect(filesOnDisk()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it('a rendition that fails to store fails the whole upload: no original, no rendition, no row', async () => {
    const files = filesOnDisk();
    const rows = await rowCount();
    const storage = t.app.get(FileStorage);
    const put = storage.put.bind(storage);
    jest.spyOn(storage, 'put').mockImplementation(async (key, source) => {
      if (key.endsWith('.300.jpg')) {
        source.resume();
        throw new Error('disk full');
      }
      return put(key, source);
    });
    await a.upload(await jpeg(500, 500), 'cover.jpg', 'artwork').expect(500);
    expect(filesOnDisk()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it('an artwork stored before renditions existed gets all six on its first rendition request', async () => {
    const filename = await a.file(await jpeg(1200, 1200), 'old.jpg', 'artwork');
    const stored = await row(filename);
    for (const f of filesOnDisk().filter((f) => f.startsWith(`${stored.storage_key}.`))) rmSync(join(t.config.uploadsDir, 'files', f));
    await t.app.get(DataSource).getRepository(UploadEntity).update({ id: stored.id }, { size: 1 });
    expect(filesOnDisk().filter((f) => f.startsWith(`${stored.storage_key}.`))).toEqual([]);

    const res = await get(artworkRenditionUrl(filename, 300, 'webp')).expect(200);
    expect((await sharp(res.body as Buffer).metadata()).width).toBe(300);
    expect(filesOnDisk().filter((f) => f.startsWith(`${stored.storage_key}.`))).toHaveLength(6);
    expect((await row(filename)).size).toBeGreaterThan(1 + (res.body as Buffer).length);
  });

  it('while rendition jobs queue up, a missing rendition answers 307 to the original, not cached', async () => {
    const filename = await a.file(media.png(), 'busy.png', 'artwork');
    const stored = await row(filename);
    rmSync(join(t.config.uploadsDir, 'files', `${stored.storage_key}.64.webp`));
    jest.spyOn(t.app.get(ArtworkRenditions), 'saturated', 'get').mockReturnValue(true);
    const res = await request(t.http).get(artworkRenditionUrl(filename, 64, 'webp')).expect(307);
    expect(res.headers.location).toBe(`/api/files/artwork/${filename}`);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('removing an unreferenced artwork removes its renditions', async () => {
    const filename = await a.file(media.png(), 'gone.png', 'artwork');
    const stored = await row(filename);
    expect(filesOnDisk().filter((f) => f.startsWith(stored.storage_key))).toHaveLength(7);
    await t.app.get(UploadsService).deleteUnreferenced(stored.user_id, [filename]);
    expect(filesOnDisk().filter((f) => f.startsWith(stored.storage_key))).toEqual([]);
    await request(t.http).get(artworkRenditionUrl(filename, 300, 'webp')).expect(404);
  });
});

/**
 * The same with the files in an S3-compatible bucket (s3rver). libvips reads files, not the store
 * (docs/decisions/009 "Memory"): QC and the rendition job read the upload's spool file (`kind=artwork`) or a
 * temporary copy from the bucket, and none of those files stays.
 */
describe('artwork renditions and store QC with S3 storage', () => {
  let s3: Service;
  let t: TestApp;
  let a: ReleasesClient;
  const keys = async () => {
    const out: string[] = [];
    for await (const o of t.app.get(FileStorage).list()) out.push(o.key);
    return out.sort();
  };
  const get = (path: string) => request(t.http).get(path).buffer(true).parse(binary);

  beforeAll(async () => {
    s3 = await startS3rver('portal-files');
    t = await bootTestApp('sqlite', {
      STORAGE_S3_URL: s3.url,
      STORAGE_S3_REGION: 'us-east-1',
      STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
      STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
      STORE_QC: 'enforce',
    });
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('a store-sized cover gets its six renditions in the bucket; a small one is refused naming its size; no temporary file stays', async () => {
    // 3000 x 3000 (the store minimum) and under 1.5 MB: one colour.
    const original = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const upload = await a.upload(original, 'cover.jpg', 'artwork').expect(200);
    const filename = upload.body.body.filename as string;
    for (const width of ARTWORK_RENDITION_WIDTHS) {
      for (const format of FORMATS) {
        const res = await get(artworkRenditionUrl(filename, width, format)).expect(200);
        const meta = await sharp(res.body as Buffer).metadata();
        expect({ width: meta.width, height: meta.height, format: meta.format }).toEqual({ width, height: width, format: format === 'jpg' ? 'jpeg' : 'webp' });
      }
    }
    const stored = await uploadRow(t, filename);
    expect((await keys()).filter((k) => k.startsWith(stored.storage_key))).toHaveLength(7);
    // Without `kind` the bytes go straight to the bucket, and QC and the renditions read them back from it.
    const direct = await a.upload(original, 'cover.jpg').expect(200);
    expect(direct.body.body).toMatchObject({ kind: 'artwork', size: original.length });
    const webp = await get(artworkRenditionUrl(direct.body.body.filename as string, 300, 'webp')).expect(200);
    expect((await sharp(webp.body as Buffer).metadata()).width).toBe(300);

    const before = await keys();
    const small = await a.upload(await jpeg(1000, 1000), 'small.jpg', 'artwork');
    expect(small.body).toMatchObject({ status: 422, message: 'Artwork must be at least 3000×3000 pixels; this image is 1000×1000 pixels.' });
    // Its header passes QC (3000 x 3000, RGB); its pixels are cut off, so the rendition job cannot decode it.
    const broken = await a.upload(original.subarray(0, Math.floor(original.length / 2)), 'cut.jpg', 'artwork').expect(415);
    expect(broken.body).toMatchObject({ status: 415, message: M.artworkType });
    expect(await keys()).toEqual(before);
    // The spool files, copies of originals and decoded pixels are gone (DATA_DIR/artwork-tmp).
    const scratch = join(t.config.dataDir, 'artwork-tmp');
    expect((readdirSync(scratch, { recursive: true }) as string[]).filter((f) => statSync(join(scratch, f)).isFile())).toEqual([]);
  });
});

function uploadRow(t: TestApp, filename: string) {
  return t.app.get(DataSource).getRepository(UploadEntity).findOneByOrFail({ filename });
}
