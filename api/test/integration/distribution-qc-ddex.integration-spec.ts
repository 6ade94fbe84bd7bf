import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { DataSource } from 'typeorm';
import sharp from 'sharp';
import { command } from '../helpers/cli';
import { QcService } from '../../src/distribution/qc/qc.service';
import { validateErn as validateErnAt } from '../../src/distribution/ddex/ern-validator';
import { ernSchemaDir } from '../../src/distribution/distribution.settings';
import { createVerifiedUser } from '../helpers/accounts';
import { releaseInfo, ReleasesClient, trackInfo } from '../helpers/releases-fixtures';
import { cli, createStaff } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';

const validateErn = (xml: string) => validateErnAt(xml, { schemaDir: ernSchemaDir(process.env) });

/** Real media made by ffmpeg and sharp: what an artist would upload. */
const dir = mkdtempSync(join(tmpdir(), 'dist-it-'));
const wav = (name: string, args: string[]): Buffer => {
  const out = join(dir, name);
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, out]);
  return readFileSync(out);
};
const goodWav = (seconds = 31, freq = 440) => wav(`good-${seconds}-${freq}.wav`, ['-f', 'lavfi', '-i', `sine=f=${freq}:d=${seconds}`, '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le']);
const lowWav = () => wav('low.wav', ['-f', 'lavfi', '-i', 'sine=f=440:d=31', '-af', 'volume=4', '-ar', '22050', '-ac', '1', '-c:a', 'pcm_s16le']);
const mp3 = () => wav('song.mp3', ['-f', 'lavfi', '-i', 'sine=f=330:d=32', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'libmp3lame', '-b:a', '192k']).valueOf();
const jpeg = (w: number, h: number) => sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 90, b: 40 } } }).jpeg({ quality: 70 }).toBuffer();
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each(ENGINES)('distribution: store QC and ERN 4.3 (%s)', (engine) => {
  let t: TestApp;
  let a: ReleasesClient;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  const qcDone = () => t.app.get(QcService).drain();
  const ops = (path: string, query: Record<string, unknown>) => request(t.http).get(`/api/ops/${path}`).set('Authorization', `Bearer ${reviewer.token}`).query(query);

  beforeAll(async () => {
    t = await bootTestApp(engine, { STORE_QC: 'enforce', DDEX_STORES: JSON.stringify({ Spotify: 'PADPIDA2011072101T' }) });
    a = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    reviewer = await createStaff(t, 'reviewer');
  });
  afterAll(() => t.close());

  it('artwork: 600×400 and 1000×1000 are refused naming their size; a CMYK cover naming its space; 3000×3000 RGB passes', async () => {
    const wide = await a.upload(await jpeg(600, 400), 'wide.jpg', 'artwork');
    expect(wide.status).toBe(422);
    expect(wide.body.message).toBe('Artwork must be square; this image is 600×400 pixels. Artwork must be at least 3000×3000 pixels; this image is 600×400 pixels.');
    const small = await a.upload(await jpeg(1000, 1000), 'small.jpg', 'artwork');
    expect(small.body).toMatchObject({ status: 422, message: 'Artwork must be at least 3000×3000 pixels; this image is 1000×1000 pixels.' });
    const cmyk = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#336699' } }).toColourspace('cmyk').jpeg().toBuffer();
    expect((await a.upload(cmyk, 'cmyk.jpg', 'artwork')).body.message).toBe('Artwork must be in RGB colour mode; this image is CMYK.');
    const ok = await a.upload(await jpeg(3000, 3000), 'cover.jpg', 'artwork');
    expect(ok.body).toMatchObject({ status: 200, message: 'Artwork uploaded successfully.' });
    // The spec's own limit and text hold before any QC: over 1.5 MB is still "File more than 1.5 MB is not allowed."
    const huge = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 95 }).toBuffer();
    expect((await a.upload(huge, 'huge.jpg', 'artwork')).body).toMatchObject({ status: 413, message: 'File more than 1.5 MB is not allowed.' });
  });

  it('video thumbnails: 1000×1000 and 1200×675 are refused naming their size and nothing is kept; 1280×720 and 1920×1080 pass', async () => {
    const thumb = async (bytes: Buffer) => request(t.http).post('/api/thumbnailUpload').set('Authorization', `Bearer ${a.token}`).attach('image', bytes, 'thumb.jpg');
    const square = await thumb(await jpeg(1000, 1000));
    expect(square.body).toMatchObject({
      status: 422,
      message: 'A video thumbnail must be 16:9; this image is 1000×1000 pixels. A video thumbnail must be at least 1280×720 pixels; this image is 1000×1000 pixels.',
    });
    expect((await thumb(await jpeg(1200, 675))).body).toMatchObject({ status: 422, message: 'A video thumbnail must be at least 1280×720 pixels; this image is 1200×675 pixels.' });
    expect((await thumb(await jpeg(1920, 1000))).body.message).toBe('A video thumbnail must be 16:9; this image is 1920×1000 pixels.');
    for (const [w, h] of [[1280, 720], [1920, 1080]]) {
      const ok = await thumb(await jpeg(w, h));
      expect(ok.body.status).toBe(200);
      expect((await request(t.http).get(ok.body.body.url)).status).toBe(200);
    }
    const stored = await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM video_thumbnails');
    expect(Number((stored as { n: number | string }[])[0].n)).toBe(2);
  });

  it('audio: the upload answers at once with "checking"; a 22.05 kHz mono WAV is then refused with its measured values and removed', async () => {
    const filename = await a.file(lowWav(), 'low.wav', 'audio');
    const first = await a.get('getTrackQc', { filename });
    expect(['checking', 'refused']).toContain(first.body.body.status);
    await qcDone();
    const qc = (await a.get('getTrackQc', { filename })).body.body;
    expect(qc.status).toBe('refused');
    expect(qc.measurements).toMatchObject({ sample_rate_hz: 22050, channels: 1, bit_depth: 16 });
    expect(qc.problems.map((p: { message: string }) => p.message)).toEqual(['Audio must be 44.1 kHz or more; this file is 22.05 kHz.']);
    expect((await a.get(`files/audio/${filename}`)).status).toBe(404);
    // Another user never sees it.
    const b = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    expect((await b.get('getTrackQc', { filename })).status).toBe(404);
    expect((await a.get('getTrackQc', {})).status).toBe(400);
  });

  it('submit is refused while a track is refused, with the list; the store-ready checklist shows every result', async () => {
    const artistId = await a.artist('Asha QC');
    const artwork = await a.file(await jpeg(3000, 3000), 'c.jpg', 'artwork');
    const bad = await a.file(lowWav(), 'bad.wav', 'audio');
    const releaseId = await a.draft(releaseInfo(artistId, { album_artwork: artwork }));
    await a.track(trackInfo(releaseId, bad, artistId, { title: 'Too Thin' }));
    await a.post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
    await qcDone();
    const list = (await a.get('getStoreReadiness', { release_id: releaseId })).body.body;
    expect(list.ready).toBe(false);
    expect(list.items.map((i: { subject: string; status: string }) => [i.subject, i.status])).toEqual([['Artwork', 'passed'], ['Too Thin', 'refused']]);
    const submit = await a.post('submissionButton', { release_id: releaseId, terms: true });
    expect(submit.body).toMatchObject({ status: 400, message: 'The release is not store-ready yet: Track "Too Thin": Audio must be 44.1 kHz or more; this file is 22.05 kHz.' });
    expect((await ops('releases/qc', { release_id: releaseId })).body.body.items[1].measurements.sample_rate_hz).toBe(22050);
  });

  it('an album of three good tracks (WAV, WAV, MP3) passes QC, is approved, and its ERN carries ISRCs, UPC, measured durations and MD5s and validates', async () => {
    const main = await a.artist('Asha Album');
    const feat = await a.artist('Ravi Feat', 'featuring');
    const art = await jpeg(3000, 3000);
    const artwork = await a.file(art, 'cover.jpg', 'artwork');
    const bytes = [goodWav(31, 440), goodWav(33, 550), mp3()];
    const files = [await a.file(bytes[0], '1.wav', 'audio'), await a.file(bytes[1], '2.wav', 'audio'), await a.file(bytes[2], '3.mp3', 'audio')];
    const releaseId = await a.draft(releaseInfo(main, { album_artwork: artwork, release_type: 'album', release_title: 'Monsoon & Rain' }));
    const titles = ['Opening', 'Middle', 'Closing'];
    for (const [i, f] of files.entries()) {
      await a.track(trackInfo(releaseId, f, main, { title: titles[i], featuring1: i === 1 ? feat : null, explicit_version: i === 0 ? 'Yes' : 'No', instrumental: i === 2 ? 'Yes' : 'No', lyrics_language: i === 2 ? 'zxx' : 'en', price_tier: '3.99' }));
    }
    await a.post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
    await qcDone();
    for (const f of files) expect((await a.get('getTrackQc', { filename: f })).body.body.status).toBe('passed');
    expect((await a.get('getTrackQc', { filename: files[2] })).body.body.problems.map((p: { code: string }) => p.code)).toEqual(['mp3Bitrate']);
    // Not approved yet: no message.
    expect((await ops('releases/ddex', { release_id: releaseId })).status).toBe(409);
    const submitted = await a.post('submissionButton', { release_id: releaseId, terms: true });
    expect(submitted.body.status).toBe(200);
    const approved = (await cli(t, 'review', [String(releaseId), 'approved'])).match(/upc=(\d+) isrc=(\S+)/)!;
    const [upc, isrcs] = [approved[1], approved[2].split(',')];

    const res = await ops('releases/ddex', { release_id: releaseId, store: 'Spotify' });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${upc}.xml"`);
    const xml = res.text;
    expect(await validateErn(xml)).toEqual({ valid: true, errors: [] });
    expect(xml).toContain('<PartyId>PADPIDA2011072101T</PartyId>');
    expect(xml).toContain(`<ICPN>${upc}</ICPN>`);
    expect(xml).toContain('<ReleaseType>Album</ReleaseType>');
    for (const isrc of isrcs) expect(xml).toContain(`<ISRC>${isrc}</ISRC>`);
    for (const b of [...bytes, art]) expect(xml).toContain(`<HashSumValue>${md5(b)}</HashSumValue>`);
    expect(xml).toContain('<Duration>PT31S</Duration>');
    expect(xml).toContain('<Duration>PT33S</Duration>');
    expect(xml).toContain('<SamplingRate UnitOfMeasure="Hz">44100</SamplingRate>');
    expect(xml).toContain('<DisplayArtistName ApplicableTerritoryCode="Worldwide" IsDefault="true">Asha Album feat. Ravi Feat</DisplayArtistName>');
    expect(xml).toContain('<ParentalWarningType ApplicableTerritoryCode="Worldwide">Explicit</ParentalWarningType>');
    expect(xml).toContain('<IsInstrumental>true</IsInstrumental>');
    expect(xml).toContain('<TitleText>Monsoon &amp; Rain</TitleText>');
    expect(xml).toContain(`<URI>${upc}_01_003.mp3</URI>`);
    expect(xml).not.toContain('<EndDate>');

    // The CLI prints the same message; the takedown form ends the deals.
    const printed = await command('ddex').run(t.app, [String(releaseId)]);
    expect(await validateErn(printed)).toEqual({ valid: true, errors: [] });
    await cli(t, 'review', [String(releaseId), 'takendown', 'Rights claim']);
    const takedown = (await ops('releases/ddex', { release_id: releaseId, store: 'Deezer' })).text;
    expect(await validateErn(takedown)).toEqual({ valid: true, errors: [] });
    expect(takedown.match(/<EndDate>/g)).toHaveLength(2);
    expect(takedown).toContain('<PartyId>PADPIDAPORTALTESTDEEZER</PartyId>');
  });

  it('the console endpoints need a reviewer; bad queries answer 400/404', async () => {
    expect((await request(t.http).get('/api/ops/releases/ddex').set('Authorization', `Bearer ${a.token}`).query({ release_id: 1 })).status).toBe(403);
    expect((await ops('releases/ddex', { release_id: 999999 })).status).toBe(404);
    expect((await ops('releases/ddex', { release_id: 1, store: 'Nowhere' })).status).toBe(400);
    expect((await ops('releases/qc', { release_id: 'x' })).status).toBe(404);
  });
});
