import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { DELIVERY_JOB, DeliveryService } from '../../src/distribution/delivery/delivery.service';
import { AUDIO_QC_JOB, QcService } from '../../src/distribution/qc/qc.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { validateErn as validateErnAt } from '../../src/distribution/ddex/ern-validator';
import { ernSchemaDir } from '../../src/distribution/distribution.settings';
import { createVerifiedUser } from '../helpers/accounts';
import { releaseInfo, ReleasesClient, trackInfo } from '../helpers/releases-fixtures';
import { cli, createStaff } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { freePort, startS3rver, type Service } from '../infra/services';
import { startSftpServer } from '../helpers/sftp-server';

const validateErn = (xml: string) => validateErnAt(xml, { schemaDir: ernSchemaDir(process.env) });

const media = mkdtempSync(join(tmpdir(), 'dist-media-'));
const goodWav = (seconds: number, freq: number): Buffer => {
  const out = join(media, `t-${seconds}-${freq}.wav`);
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=f=${freq}:d=${seconds}`, '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', out]);
  return readFileSync(out);
};
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
/** Every file under `dir`, relative paths. */
const walk = (dir: string, prefix = ''): string[] =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n), `${prefix}${n}/`) : [`${prefix}${n}`]));

describe.each(ENGINES)('distribution: delivery to stores over SFTP and S3 (%s)', (engine) => {
  let t: TestApp;
  let sftp: Awaited<ReturnType<typeof startSftpServer>>;
  /** Apple Music's inbox: an S3-compatible bucket (s3rver, its own process) `store-inbox`, prefix `ddex`. */
  let s3: Service;
  let s3Client: S3Client;
  const s3Target = () => ({ store: 'Apple Music', dpid: 'PADPIDA2026APPLE', protocol: 's3', host: '127.0.0.1', port: s3.port, path: '/store-inbox/ddex', username: 'S3RVER', password: 'S3RVER' });
  /** Every object of the inbox under `ddex/`, keys without the prefix. */
  const s3Keys = async () => ((await s3Client.send(new ListObjectsV2Command({ Bucket: 'store-inbox', Prefix: 'ddex/' }))).Contents ?? []).map((o) => o.Key!.slice('ddex/'.length));
  const s3Object = async (key: string) => Buffer.from(await (await s3Client.send(new GetObjectCommand({ Bucket: 'store-inbox', Key: `ddex/${key}` }))).Body!.transformToByteArray());
  let work: string;
  let artist: ReleasesClient;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let releaseId: number;
  const bytes: Buffer[] = [];
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const drain = async () => {
    await t.app.get(QcService).drain();
    await t.app.get(DeliveryService).drain();
  };
  const target = (store: string, overrides: Record<string, unknown> = {}) => ({ store, dpid: `PADPIDA2026${store.replace(/\W/g, '').toUpperCase()}`, protocol: 'sftp', host: '127.0.0.1', port: sftp.port, path: join(sftp.root, store.replace(/\W/g, '').toLowerCase()), username: sftp.user, private_key: sftp.privateKey, ...overrides });
  const storeStatus = async () => Object.fromEntries(((await artist.get('getDeliveries', { release_id: releaseId })).body.body as { store: string; status: string }[]).map((d) => [d.store, d.status]));

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'dist-sftp-'));
    sftp = await startSftpServer(work);
    s3 = await startS3rver('store-inbox');
    s3Client = new S3Client({ endpoint: `http://127.0.0.1:${s3.port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    t = await bootTestApp(engine, { STORE_QC: 'enforce', DELIVERY_ATTEMPTS: '3', DELIVERY_BACKOFF_MS: '50' });
    artist = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    admin = await createStaff(t, 'admin');
    reviewer = await createStaff(t, 'reviewer');
  });
  afterAll(async () => {
    await t?.close();
    await sftp?.stop();
    s3Client?.destroy();
    await s3?.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it('admins configure targets; credentials are encrypted at rest and never answered; wrong bodies 400, non-admins 403', async () => {
    const a = as(admin.token);
    for (const store of ['Spotify', 'Deezer']) expect((await a.post('ops/delivery-targets/save', target(store))).body.status).toBe(200);
    expect((await a.post('ops/delivery-targets/save', { ...target('Tidal'), private_key: '' })).body).toMatchObject({ status: 400, message: 'Please enter a password or a private key.' });
    expect((await a.post('ops/delivery-targets/save', { ...target('Tidal'), dpid: 'SPOTIFY' })).body.status).toBe(400);
    expect((await a.post('ops/delivery-targets/save', { ...target('Tidal'), port: 70000 })).body.message).toBe('The port must be between 1 and 65535.');
    expect((await a.post('ops/delivery-targets/save', { ...target('Tidal'), protocol: 'ftp' })).body.message).toBe('Please choose SFTP or an S3-compatible bucket.');
    // An S3 target needs its secret access key (in password); a private key alone is not one.
    expect((await a.post('ops/delivery-targets/save', { ...s3Target(), password: '', private_key: 'KEY' })).body).toMatchObject({ status: 400, message: 'Please enter the secret access key.' });
    expect((await a.post('ops/delivery-targets/save', s3Target())).body.body).toMatchObject({ protocol: 's3', path: '/store-inbox/ddex', username: 'S3RVER', has_password: true });
    expect((await a.post('ops/delivery-targets/save', target('Spotify'))).body.status).toBe(409);
    // Tidal points at a closed port: its deliveries fail until an admin fixes it.
    expect((await a.post('ops/delivery-targets/save', target('Tidal', { port: await freePort() }))).body.status).toBe(200);
    expect((await as(reviewer.token).get('ops/delivery-targets')).status).toBe(403);
    const list = await a.get('ops/delivery-targets');
    expect(list.body.body.map((r: { store: string }) => r.store)).toEqual(['Apple Music', 'Deezer', 'Spotify', 'Tidal']);
    expect(JSON.stringify(list.body)).not.toContain('PRIVATE KEY');
    expect(list.body.body[1]).toMatchObject({ has_private_key: true, has_password: false });
    expect(JSON.stringify(list.body)).not.toContain('"S3RVER"}');
    const raw = await t.app.get(DataSource).query('SELECT secret FROM delivery_targets');
    expect(raw).toHaveLength(4);
    for (const r of raw as { secret: string }[]) expect(r.secret).not.toMatch(/PRIVATE KEY|S3RVER/);
  });

  it('on approval each store gets the batch: <batch>/<UPC>/<UPC>.xml valid, resources with matching MD5s, BatchComplete; the artist sees Delivered', async () => {
    const main = await artist.artist('Asha Delivery');
    const art = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#2a6f97' } }).jpeg({ quality: 70 }).toBuffer();
    bytes.push(goodWav(31, 440), goodWav(32, 660), art);
    const artwork = await artist.file(art, 'cover.jpg', 'artwork');
    releaseId = await artist.draft(releaseInfo(main, { album_artwork: artwork, release_type: 'ep', release_title: 'Two Rivers' }));
    for (const [i, b] of bytes.slice(0, 2).entries()) await artist.track(trackInfo(releaseId, await artist.file(b, `${i}.wav`, 'audio'), main, { title: `River ${i + 1}` }));
    await artist.post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
    await drain();
    expect((await artist.post('submissionButton', { release_id: releaseId, terms: true })).body.status).toBe(200);
    const upc = /upc=(\d+)/.exec(await cli(t, 'review', [String(releaseId), 'approved']))![1];
    expect(Object.values(await storeStatus()).every((s) => s === 'queued' || s === 'delivering' || s === 'delivered')).toBe(true);
    await drain();
    expect(await storeStatus()).toEqual({ 'Apple Music': 'delivered', Deezer: 'delivered', Spotify: 'delivered', Tidal: 'failed' });

    // The S3 store: the same batch layout under its prefix, the message valid, the resources' MD5s as named.
    const keys = (await s3Keys()).sort();
    const s3Batch = keys[0].split('/')[0];
    expect(s3Batch).toMatch(/^\d{17}$/);
    expect(keys).toEqual([`${upc}/${upc}.jpg`, `${upc}/${upc}.xml`, `${upc}/${upc}_01_001.wav`, `${upc}/${upc}_01_002.wav`, `BatchComplete_${s3Batch}.xml`].map((k) => `${s3Batch}/${k}`).sort());
    const s3Xml = (await s3Object(`${s3Batch}/${upc}/${upc}.xml`)).toString('utf8');
    expect(await validateErn(s3Xml)).toEqual({ valid: true, errors: [] });
    expect(s3Xml).toContain('<PartyId>PADPIDA2026APPLE</PartyId>');
    expect(md5(await s3Object(`${s3Batch}/${upc}/${upc}_01_002.wav`))).toBe(md5(bytes[1]));
    expect(s3Xml).toContain(`<HashSumValue>${md5(bytes[1])}</HashSumValue>`);
    expect((await s3Object(`${s3Batch}/BatchComplete_${s3Batch}.xml`)).toString('utf8')).toContain(`<Release>${upc}/${upc}.xml</Release>`);

    for (const store of ['spotify', 'deezer']) {
      const base = join(sftp.root, store);
      const [batch] = readdirSync(base);
      expect(batch).toMatch(/^\d{17}$/);
      const files = walk(join(base, batch)).sort();
      expect(files).toEqual([`${upc}/${upc}.jpg`, `${upc}/${upc}.xml`, `${upc}/${upc}_01_001.wav`, `${upc}/${upc}_01_002.wav`, `BatchComplete_${batch}.xml`].sort());
      const xml = readFileSync(join(base, batch, upc, `${upc}.xml`), 'utf8');
      expect(await validateErn(xml)).toEqual({ valid: true, errors: [] });
      expect(xml).toContain(`<PartyId>PADPIDA2026${store.toUpperCase()}</PartyId>`);
      for (const f of [`${upc}_01_001.wav`, `${upc}_01_002.wav`, `${upc}.jpg`]) {
        const onServer = readFileSync(join(base, batch, upc, f));
        expect(xml).toContain(`<URI>${f}</URI>`);
        expect(xml).toContain(`<HashSumValue>${md5(onServer)}</HashSumValue>`);
      }
      expect(md5(readFileSync(join(base, batch, upc, `${upc}_01_001.wav`)))).toBe(md5(bytes[0]));
      expect(md5(readFileSync(join(base, batch, upc, `${upc}.jpg`)))).toBe(md5(bytes[2]));
    }
    const rows = (await artist.get('getDeliveries', { release_id: releaseId })).body.body;
    expect(rows.find((r: { store: string }) => r.store === 'Spotify').delivered_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(rows[0].last_error).toBeUndefined();

    // The jobs are idempotent: run again (twice at once) for a delivered row they send nothing; QC of a checked file is not redone.
    const jobs = t.app.get(JobsService);
    const spotify = rows.find((r: { store: string }) => r.store === 'Spotify').delivery_id as number;
    await Promise.all([jobs.run(DELIVERY_JOB, { delivery_id: spotify }), jobs.run(DELIVERY_JOB, { delivery_id: spotify })]);
    expect(readdirSync(join(sftp.root, 'spotify'))).toHaveLength(1);
    expect(await t.app.get(DeliveryService).attemptsOf(spotify)).toHaveLength(1);
    const qcRows = () => t.app.get(DataSource).query('SELECT filename, status, attempts, checked_at FROM upload_qc ORDER BY id');
    const before = await qcRows();
    for (const r of before as { filename: string }[]) await jobs.run(AUDIO_QC_JOB, { filename: r.filename });
    expect(await qcRows()).toEqual(before);
  });

  it('a failing store is retried with backoff, each attempt logged, then failed with the error; staff fix it and retry', async () => {
    const r = as(reviewer.token);
    const staffRows = (await r.get('ops/deliveries', { release_id: releaseId })).body.body;
    const tidal = staffRows.find((d: { store: string }) => d.store === 'Tidal');
    expect(tidal).toMatchObject({ status: 'failed', attempts: 3 });
    expect(tidal.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(await t.app.get(DeliveryService).attemptsOf(tidal.delivery_id)).toHaveLength(3);
    expect((await r.post('ops/deliveries/retry', { delivery_id: staffRows.find((d: { store: string }) => d.store === 'Spotify').delivery_id })).status).toBe(409);
    const list = (await as(admin.token).get('ops/delivery-targets')).body.body;
    const saved = await as(admin.token).post('ops/delivery-targets/save', { ...target('Tidal'), target_id: list.find((x: { store: string }) => x.store === 'Tidal').target_id, private_key: '' });
    expect(saved.body.body).toMatchObject({ port: sftp.port, has_private_key: true });
    expect((await r.post('ops/deliveries/retry', { delivery_id: tidal.delivery_id })).body.body.status).toBe('queued');
    await drain();
    expect((await storeStatus()).Tidal).toBe('delivered');
    const audit = (await as(admin.token).get('ops/audit', { action: 'delivery.retry' })).body.body;
    expect(audit).toHaveLength(1);
  });

  it('takedown from one store sends that store the takedown message only; takedown from all reaches the others', async () => {
    const r = as(reviewer.token);
    expect((await as(artist.token).post('ops/deliveries/takedown', { release_id: releaseId, store: 'Spotify' })).status).toBe(403);
    expect((await r.post('ops/deliveries/takedown', { release_id: releaseId, store: 'Nowhere' })).status).toBe(400);
    expect((await r.post('ops/deliveries/takedown', { release_id: releaseId, store: 'Spotify' })).body.message).toBe('The takedown is queued for Spotify.');
    await drain();
    expect(await storeStatus()).toEqual({ 'Apple Music': 'delivered', Deezer: 'delivered', Spotify: 'taken_down', Tidal: 'delivered' });
    const base = join(sftp.root, 'spotify');
    const batches = readdirSync(base).sort();
    expect(batches).toHaveLength(2);
    const files = walk(join(base, batches[1]));
    expect(files.filter((f) => f.endsWith('.wav') || f.endsWith('.jpg'))).toEqual([]);
    const xmlFile = files.find((f) => f.endsWith('.xml') && !f.startsWith('BatchComplete'))!;
    const takedown = readFileSync(join(base, batches[1], xmlFile), 'utf8');
    expect(await validateErn(takedown)).toEqual({ valid: true, errors: [] });
    expect(takedown.match(/<EndDate>/g)).toHaveLength(2);
    expect((await r.post('ops/deliveries/takedown', { release_id: releaseId, store: 'Spotify' })).status).toBe(409);

    await cli(t, 'review', [String(releaseId), 'takendown', 'Rights claim']);
    await drain();
    expect(await storeStatus()).toEqual({ 'Apple Music': 'taken_down', Deezer: 'taken_down', Spotify: 'taken_down', Tidal: 'taken_down' });
    // The S3 store got a second batch with the takedown message only.
    const s3Batches = [...new Set((await s3Keys()).map((k) => k.split('/')[0]))].sort();
    expect(s3Batches).toHaveLength(2);
    const takedownKeys = (await s3Keys()).filter((k) => k.startsWith(`${s3Batches[1]}/`));
    expect(takedownKeys.filter((k) => /\.(wav|jpg)$/.test(k))).toEqual([]);
    const s3Takedown = (await s3Object(takedownKeys.find((k) => k.endsWith('.xml') && !k.includes('BatchComplete'))!)).toString('utf8');
    expect(await validateErn(s3Takedown)).toEqual({ valid: true, errors: [] });
    const other = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    expect((await other.get('getDeliveries', { release_id: releaseId })).status).toBe(404);
    expect(existsSync(join(sftp.root, 'deezer'))).toBe(true);
  });
});
