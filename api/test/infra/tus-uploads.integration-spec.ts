import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_TUS_PATH, RELEASE_MESSAGES as M, SERVER_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';
import { media } from '../helpers/releases-fixtures';
import { call, ensureBuilt, signUp, startInstance, type Answer, type Instance } from './instances';
import { scratchMysqlDatabase } from './services';
import { waitFor } from '../helpers/wait-for';

const MB = 1024 * 1024;
const b64 = (s: string) => Buffer.from(s).toString('base64');
const tusHeaders = { 'tus-resumable': '1.0.0' };

/** tus POST (creation) of `size` bytes named `filename`. */
function create(port: number, token: string | undefined, size: number | null, filename = 'song.wav'): Promise<Answer> {
  return call(port, 'POST', AUDIO_TUS_PATH, undefined, token, {
    ...tusHeaders,
    ...(size === null ? {} : { 'upload-length': String(size) }),
    'upload-metadata': `filename ${b64(filename)},filetype ${b64('audio/wav')}`,
  });
}

/** tus PATCH of `bytes` at `offset`. */
const patch = (port: number, token: string, location: string, offset: number, bytes: Buffer) =>
  call(port, 'PATCH', location, bytes, token, { ...tusHeaders, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(bytes.length) });

const head = (port: number, token: string, location: string) => call(port, 'HEAD', location, undefined, token, tusHeaders);

/**
 * A PATCH whose connection is cut after `sendBytes` of `bytes` were written (the browser going offline
 * mid-chunk): resolves once the socket is gone.
 */
function cutPatch(port: number, token: string, location: string, offset: number, bytes: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1', port, method: 'PATCH', path: location, agent: false,
      headers: { ...tusHeaders, authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset), 'content-length': String(bytes.length) },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(bytes.subarray(0, sendBytes), () => setTimeout(() => req.destroy(), 300));
  });
}

/**
 * Resumable audio uploads (docs/decisions/020 "Resumable uploads") on the built API as production runs
 * it (`node dist/main.js`: @tus/server is an ES module that Jest's sandbox cannot import), two instances
 * sharing one TUS_DIR, the data directory (SQLite, local FileStorage) or MariaDB when MYSQL_URL is set.
 */
describe('tus resumable audio uploads', () => {
  let a: Instance;
  let b: Instance;
  let dataDir: string;
  let tusDir: string;
  let artist: { token: string };
  let other: { token: string };
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-tus-'));
    tusDir = join(dataDir, 'tus-shared');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TUS_DIR: tusDir,
      TUS_EXPIRY_SECONDS: '4',
      TUS_SWEEP_SECONDS: '1',
      STATIC_ROOT: '',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_REQUIRED: 'false',
      // Tones made here are not store-ready; QC measures and refuses nothing (decision 020).
      STORE_QC: 'report',
      SHUTDOWN_GRACE_SECONDS: '2',
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT: '1000',
      AUTH_IP_RATE_LIMIT: '1000',
      UPLOAD_RATE_PER_MINUTE: '1000',
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.API_WORKERS;
    if (process.env.MYSQL_URL) {
      const db = await scratchMysqlDatabase('portal_tus');
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    a = await startInstance('A', env);
    b = await startInstance('B', env);
    artist = await signUp(a.port, dataDir, 'tus');
    other = await signUp(a.port, dataDir, 'tus2');
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('resumes after a cut connection on another instance and stores exactly the bytes sent', async () => {
    const wav = media.wav(6 * MB);
    const created = await create(a.port, artist.token, wav.length);
    expect(created.status).toBe(201);
    const location = String(created.headers.location);
    expect(location).toMatch(new RegExp(`^${AUDIO_TUS_PATH}/[a-f0-9]{32}$`));

    const first = await patch(a.port, artist.token, location, 0, wav.subarray(0, 2 * MB));
    expect(first.status).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(2 * MB));
    // The next chunk is cut after 1.5 MB of its 4 MB: the server keeps what arrived.
    await cutPatch(a.port, artist.token, location, 2 * MB, wav.subarray(2 * MB), 1.5 * MB);

    // Instance A is gone; B sees the same upload in the shared tus directory (once A stored what arrived of the cut chunk).
    const probe = await waitFor(async () => {
      const answer = await head(b.port, artist.token, location);
      return Number(answer.headers['upload-offset']) > 2 * MB && answer;
    }, { what: 'the cut chunk stored' }).catch(() => head(b.port, artist.token, location));
    expect(probe.status).toBe(200);
    const offset = Number(probe.headers['upload-offset']);
    expect(offset).toBeGreaterThan(2 * MB);
    expect(offset).toBeLessThanOrEqual(3.5 * MB);
    expect(probe.headers['upload-length']).toBe(String(wav.length));

    const rest = await patch(b.port, artist.token, location, offset, wav.subarray(offset));
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({ status: 200, message: M.audioUploaded, body: { kind: 'audio', mime: 'audio/wav', size: wav.length } });
    const filename = (rest.body.body as { filename: string }).filename;
    expect(filename).toMatch(/^[a-f0-9]{32}\.wav$/);

    const file = await call(a.port, 'GET', `/api/files/audio/${filename}`, undefined, artist.token);
    expect(file.status).toBe(200);
    expect(file.raw.equals(wav)).toBe(true);
    // The finished upload left the tus directory; it is not reachable there any more.
    expect(readdirSync(tusDir).filter((f) => location.endsWith(f.replace(/\.json$/, '')))).toEqual([]);
    expect((await head(b.port, artist.token, location)).status).toBe(404);
  }, 120_000);

  it('answers 401 status 0 without or with a bad token, and 404 for another artist\'s upload', async () => {
    // Same origin only, like the rest of the API: no CORS grant to another site.
    const foreignOrigin = await call(a.port, 'POST', AUDIO_TUS_PATH, undefined, artist.token, { ...tusHeaders, origin: 'https://evil.example', 'upload-length': '10', 'upload-metadata': `filename ${b64('a.wav')}` });
    expect(foreignOrigin.headers['access-control-allow-origin']).toBeUndefined();
    const none = await create(a.port, undefined, 1000);
    expect(none.status).toBe(401);
    expect(JSON.parse(none.raw.toString())).toMatchObject({ status: SESSION_OVER_STATUS, message: SERVER_MESSAGES.unauthorized });
    expect((await create(a.port, 'not-a-token', 1000)).status).toBe(401);

    const created = await create(a.port, artist.token, 1000);
    const location = String(created.headers.location);
    expect((await head(a.port, 'not-a-token', location)).status).toBe(401);
    const foreign = await head(a.port, other.token, location);
    expect(foreign.status).toBe(404);
    const foreignPatch = await patch(a.port, other.token, location, 0, Buffer.alloc(10));
    expect(foreignPatch.status).toBe(404);
    expect(JSON.parse(foreignPatch.raw.toString())).toMatchObject({ message: M.uploadUnknownFile });
    // GET would stream the unfinished bytes back: not served.
    expect((await call(a.port, 'GET', location, undefined, artist.token)).status).toBe(404);
  });

  it('keeps the spec limits and messages: 100 MB, mp3/wav, and refuses malformed requests with 4xx', async () => {
    const tooBig = await create(a.port, artist.token, 100 * MB + 1);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.raw.toString())).toMatchObject({ message: M.audioTooLarge });
    expect((await create(a.port, artist.token, 100 * MB)).status).toBe(201);

    const png = await create(a.port, artist.token, 1000, 'cover.png');
    expect(png.status).toBe(415);
    expect(JSON.parse(png.raw.toString())).toMatchObject({ message: M.audioType });

    // No Upload-Length (nor Upload-Defer-Length): 400. Without Tus-Resumable: 412.
    expect((await create(a.port, artist.token, null)).status).toBe(400);
    expect((await call(a.port, 'POST', AUDIO_TUS_PATH, undefined, artist.token, { 'upload-length': '10' })).status).toBe(412);
    // A PATCH at the wrong offset: 409, nothing written.
    const created = await create(a.port, artist.token, 100);
    const location = String(created.headers.location);
    expect((await patch(a.port, artist.token, location, 50, Buffer.alloc(50))).status).toBe(409);
    // More bytes than announced: refused.
    const over = await patch(a.port, artist.token, location, 0, Buffer.alloc(150));
    expect(over.status).toBeGreaterThanOrEqual(400);
    expect(over.status).toBeLessThan(500);
  });

  it('checks the type on the bytes at the end: a .wav name on other bytes is refused with audioType and nothing is kept', async () => {
    const bytes = media.png(64, 64);
    const created = await create(a.port, artist.token, bytes.length, 'fake.wav');
    const location = String(created.headers.location);
    const done = await patch(a.port, artist.token, location, 0, bytes);
    expect(done.status).toBe(415);
    expect(JSON.parse(done.raw.toString())).toMatchObject({ message: M.audioType });
    expect(existsSync(join(tusDir, location.split('/').pop()!))).toBe(false);
  });

  it('removes an unfinished upload once it expired', async () => {
    const wav = media.wav(1 * MB);
    const created = await create(a.port, artist.token, wav.length);
    const location = String(created.headers.location);
    const id = location.split('/').pop()!;
    expect((await patch(a.port, artist.token, location, 0, wav.subarray(0, MB / 2))).status).toBe(204);
    expect(existsSync(join(tusDir, id))).toBe(true);
    // TUS_EXPIRY_SECONDS 4, the sweep every second.
    await waitFor(() => !existsSync(join(tusDir, id)), { timeout: 15_000, interval: 250, what: 'the expired upload swept' }).catch(() => undefined);
    expect(existsSync(join(tusDir, id))).toBe(false);
    expect(existsSync(join(tusDir, `${id}.json`))).toBe(false);
    expect((await head(a.port, artist.token, location)).status).toBe(404);
    expect((await patch(a.port, artist.token, location, MB / 2, wav.subarray(MB / 2))).status).toBe(404);
  }, 30_000);
});
