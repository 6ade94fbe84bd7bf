import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { AcknowledgementsService } from '../../src/distribution/acknowledgements/acknowledgements.service';
import { DeliveryService } from '../../src/distribution/delivery/delivery.service';
import { QcService } from '../../src/distribution/qc/qc.service';
import { validateErn as validateErnAt } from '../../src/distribution/ddex/ern-validator';
import { ernSchemaDir } from '../../src/distribution/distribution.settings';
import { createVerifiedUser } from '../helpers/accounts';
import { releaseInfo, ReleasesClient, trackInfo } from '../helpers/releases-fixtures';
import { startSftpServer, type SftpServer } from '../helpers/sftp-server';
import { cli, createStaff } from '../helpers/staff';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { startS3rver, type Service } from '../infra/services';

const validateErn = (xml: string) => validateErnAt(xml, { schemaDir: ernSchemaDir(process.env) });
const DAY = 86_400_000;

/** An AcknowledgementMessage (ern-c-sftp/<v>) with one ReleaseStatus, as a store writes it. */
function ackMessage(o: { v?: number; messageId: string; icpn: string; releaseStatus: string; status: string; text?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<ack:AcknowledgementMessage xmlns:ack="http://ddex.net/xml/ern-c-sftp/${o.v ?? 18}" AvsVersionId="4">
  <MessageHeader>
    <MessageId>ACK-${o.messageId}-${o.status}</MessageId>
    <MessageSender><PartyId>PADPIDA2026STORE</PartyId><PartyName><FullName>Store</FullName></PartyName></MessageSender>
    <MessageRecipient><PartyId>PADPIDAPORTALSENDER01</PartyId><PartyName><FullName>Artist Distribution Portal</FullName></PartyName></MessageRecipient>
    <MessageCreatedDateTime>${new Date().toISOString()}</MessageCreatedDateTime>
  </MessageHeader>
  <ReleaseStatus>
    <ReleaseId><ICPN>${o.icpn}</ICPN></ReleaseId>
    <ReleaseStatus>${o.releaseStatus}</ReleaseStatus>
    <Acknowledgement>
      <MessageType>NewReleaseMessage</MessageType>
      <MessageId>${o.messageId}</MessageId>
      <MessageStatus><Status>${o.status}</Status>${o.text ? `<StatusMessage>${o.text}</StatusMessage>` : ''}</MessageStatus>
    </Acknowledgement>
  </ReleaseStatus>
</ack:AcknowledgementMessage>
`;
}

/** The older FtpAcknowledgementMessage: the acknowledged file, its FileStatus and ErrorText. */
function ftpAck(o: { ns?: string; fileName: string; status: string; error?: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<FtpAcknowledgementMessage${o.ns ? ` xmlns="${o.ns}"` : ''} MessageVersionId="1.6">
  <MessageHeader>
    <MessageId>FTPACK-${Date.now()}-${o.status}</MessageId>
    <MessageSender><PartyId>PADPIDA2026STORE</PartyId></MessageSender>
    <MessageRecipient><PartyId>PADPIDAPORTALSENDER01</PartyId></MessageRecipient>
    <MessageCreatedDateTime>${new Date().toISOString()}</MessageCreatedDateTime>
  </MessageHeader>
  <AcknowledgedFile><FileName>${o.fileName}</FileName></AcknowledgedFile>
  <FileStatus>${o.status}</FileStatus>
  <ErrorText>${o.error ?? ''}</ErrorText>
</FtpAcknowledgementMessage>
`;
}

/**
 * Issue 39 §1, §2, §3, §5 on a real sshd and a real S3 server (s3rver): acknowledgements of both shapes
 * (success, refusal, unknown status, malformed, unmatched), applied once however often and by however many
 * instances they are polled; the artist's store states, notifications, Live on the release date with the
 * store's link; a test feed never Live; updates after approval; the test/live feed per target, audited.
 */
describe.each(ENGINES)('store loop: acknowledgements, store states, updates, test and live feeds (%s)', (engine) => {
  let t: TestApp;
  let sftp: SftpServer;
  let s3: Service;
  let s3Client: S3Client;
  let work: string;
  let artist: ReleasesClient;
  let artistEmail: string;
  let admin: Awaited<ReturnType<typeof createStaff>>;
  let reviewer: Awaited<ReturnType<typeof createStaff>>;
  let releaseId: number;
  let upc: string;
  let releaseDate: number;
  const as = (token: string) => ({
    get: (path: string, query: Record<string, unknown> = {}) => request(t.http).get(`/api/${path}`).set('Authorization', `Bearer ${token}`).query(query),
    post: (path: string, body: object) => request(t.http).post(`/api/${path}`).set('Authorization', `Bearer ${token}`).send(body),
  });
  const drain = async () => {
    await t.app.get(QcService).drain();
    await t.app.get(DeliveryService).drain();
  };
  const sftpTarget = (store: string, extra: Record<string, unknown> = {}) => ({
    store,
    dpid: `PADPIDA2026${store.replace(/\W/g, '').toUpperCase()}`,
    protocol: 'sftp',
    host: '127.0.0.1',
    port: sftp.port,
    path: join(sftp.root, store.toLowerCase()),
    username: sftp.user,
    private_key: sftp.privateKey,
    ...extra,
  });
  /** Staff rows of the release by store. */
  type StaffRow = { store: string; delivery_id: number; state: string; message_id: string; batch_id: string; feed: string; reason: string; link: string | null; status: string };
  const staffRows = async (): Promise<Record<string, StaffRow>> =>
    Object.fromEntries(((await as(reviewer.token).get('ops/deliveries', { release_id: releaseId })).body.body as StaffRow[]).map((d) => [d.store, d]));
  const states = async () => Object.fromEntries(((await artist.get('getStoreStates', { release_id: releaseId })).body.body as { store: string; state: string }[]).map((d) => [d.store, d.state]));
  const stateOf = async (store: string) => ((await artist.get('getStoreStates', { release_id: releaseId })).body.body as { store: string; state: string; reason: string; link: string | null }[]).find((d) => d.store === store)!;
  const dropSftp = (store: string, name: string, xml: string) => {
    const dir = join(sftp.root, store.toLowerCase(), 'acknowledgements');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), xml);
  };
  const dropS3 = (name: string, body: string) => s3Client.send(new PutObjectCommand({ Bucket: 'store-inbox', Key: `ddex/acknowledgements/${name}`, Body: body }));
  const s3Keys = async (prefix: string) => ((await s3Client.send(new ListObjectsV2Command({ Bucket: 'store-inbox', Prefix: prefix }))).Contents ?? []).map((o) => o.Key!);
  const pollCli = (store?: string) => cli(t, 'deliveries', ['poll-acks', ...(store ? ['--target', store] : [])]);
  const ackCount = async () => Number((await t.app.get(DataSource).query('SELECT COUNT(*) AS n FROM delivery_acks'))[0].n);
  const outbox = () => (existsSync(t.config.outboxDir) ? readdirSync(t.config.outboxDir).map((f) => JSON.parse(readFileSync(join(t.config.outboxDir, f), 'utf8')) as { to: string; subject: string; text: string }) : []);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'store-loop-'));
    sftp = await startSftpServer(work);
    s3 = await startS3rver('store-inbox');
    s3Client = new S3Client({ endpoint: `http://127.0.0.1:${s3.port}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    t = await bootTestApp(engine, { STORE_QC: 'enforce', DELIVERY_ATTEMPTS: '2', DELIVERY_BACKOFF_MS: '50' });
    const user = await createVerifiedUser(t);
    artistEmail = user.email;
    artist = new ReleasesClient(t, user.token);
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

  it('each target has a test or live feed (test unless said), shown in the list, switched with an audit row; the CLI takes --live', async () => {
    const a = as(admin.token);
    // Spotify over SFTP, live, with a link template; Deezer over SFTP on its test feed with a separate test folder; Apple Music over S3, live.
    expect((await a.post('ops/delivery-targets/save', sftpTarget('Spotify', { link_template: 'https://open.example.com/spotify/{upc}?isrc={isrc}' }))).body.body).toMatchObject({ feed: 'test', link_template: 'https://open.example.com/spotify/{upc}?isrc={isrc}' });
    expect((await a.post('ops/delivery-targets/save', sftpTarget('Deezer', { test_path: join(sftp.root, 'deezer-test') }))).body.body).toMatchObject({ feed: 'test', test_path: join(sftp.root, 'deezer-test') });
    const key = join(work, 'client_key');
    expect(await cli(t, 'delivery-target', ['Apple Music', 'PADPIDA2026APPLE', `s3://S3RVER@127.0.0.1:${s3.port}/store-inbox/ddex`, '--password', 'S3RVER', '--live'])).toMatch(/^Apple Music: s3:\/\/127\.0\.0\.1:\d+\/store-inbox\/ddex \(target \d+, live feed\)$/);
    await expect(cli(t, 'delivery-target', ['Tidal', 'PADPIDA2026TIDAL', `sftp://${sftp.user}@127.0.0.1:${sftp.port}/x`, '--key-file', key, '--live', '--test'])).rejects.toThrow(/delivery-target/);
    const list = (await a.get('ops/delivery-targets')).body.body as { target_id: number; store: string; feed: string }[];
    expect(list.map((x) => [x.store, x.feed])).toEqual([['Apple Music', 'live'], ['Deezer', 'test'], ['Spotify', 'test']]);
    const spotify = list.find((x) => x.store === 'Spotify')!;
    expect((await as(reviewer.token).post('ops/delivery-targets/feed', { target_id: spotify.target_id, feed: 'live' })).status).toBe(403);
    expect((await a.post('ops/delivery-targets/feed', { target_id: spotify.target_id, feed: 'production' })).body.status).toBe(400);
    expect((await a.post('ops/delivery-targets/feed', { target_id: 999999, feed: 'live' })).body.status).toBe(404);
    expect((await a.post('ops/delivery-targets/feed', { target_id: spotify.target_id, feed: 'live' })).body).toMatchObject({ status: 200, message: 'The Spotify target is now on its live feed.' });
    const audit = (await a.get('ops/audit', { action: 'delivery_target.feed' })).body.body as { before: unknown; after: unknown }[];
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0])).toContain('live');
    // A change through the form without a feed keeps the feed.
    expect((await a.post('ops/delivery-targets/save', { ...sftpTarget('Spotify', { link_template: 'https://open.example.com/spotify/{upc}?isrc={isrc}' }), target_id: spotify.target_id, private_key: '' })).body.body.feed).toBe('live');
  });

  it('approved, each store gets the message of its feed (LiveMessage / TestMessage in the test folder); the artist sees Delivered', async () => {
    const main = await artist.artist('Asha Loop');
    const art = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#7a2f97' } }).jpeg({ quality: 70 }).toBuffer();
    const wav = join(work, 'tone.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=f=440:d=31', '-af', 'volume=4', '-ar', '44100', '-ac', '2', '-c:a', 'pcm_s16le', wav]);
    releaseDate = Date.now() + 8 * DAY;
    releaseId = await artist.draft(releaseInfo(main, { album_artwork: await artist.file(art, 'cover.jpg', 'artwork'), release_title: 'Loop Song', release_date: releaseDate }));
    await artist.track(trackInfo(releaseId, await artist.file(readFileSync(wav), 'tone.wav', 'audio'), main, { title: 'Loop Song' }));
    await artist.post('checkboxCrbtVideoPlatforms', { release_id: releaseId, crbt: 'no', video_platforms: 'no' });
    await drain();
    expect((await artist.post('submissionButton', { release_id: releaseId, terms: true })).body.status).toBe(200);
    upc = /upc=(\d+)/.exec(await cli(t, 'review', [String(releaseId), 'approved']))![1];
    await drain();
    expect(await states()).toEqual({ 'Apple Music': 'delivered', Deezer: 'delivered', Spotify: 'delivered' });
    const rows = await staffRows();
    expect(rows.Deezer).toMatchObject({ feed: 'test' });
    expect(rows.Spotify).toMatchObject({ feed: 'live' });
    for (const r of Object.values(rows)) expect(r.message_id).toMatch(/^PADPIDAPORTALSENDER01-\d+-\d+$/);
    const spotifyXml = readFileSync(join(sftp.root, 'spotify', rows.Spotify.batch_id, upc, `${upc}.xml`), 'utf8');
    expect(spotifyXml).toContain('<MessageControlType>LiveMessage</MessageControlType>');
    expect(spotifyXml).toContain(`<MessageId>${rows.Spotify.message_id}</MessageId>`);
    expect(existsSync(join(sftp.root, 'deezer'))).toBe(false); // the test feed's folder is used instead
    const deezerXml = readFileSync(join(sftp.root, 'deezer-test', rows.Deezer.batch_id, upc, `${upc}.xml`), 'utf8');
    expect(deezerXml).toContain('<MessageControlType>TestMessage</MessageControlType>');
    expect(await validateErn(deezerXml)).toEqual({ valid: true, errors: [] });
  });

  it('SFTP, AcknowledgementMessage success: Ingested; moved to processed/ and kept; applied once however often polled', async () => {
    const { Spotify } = await staffRows();
    const xml = ackMessage({ messageId: Spotify.message_id, icpn: upc, releaseStatus: 'SuccessfullyIngestedByReleaseDistributor', status: 'FileOK' });
    dropSftp('Spotify', 'ACK_spotify_1.xml', xml);
    expect(await pollCli('Spotify')).toBe('1 target(s), 1 file(s): 1 applied, 0 to look at, 0 already read');
    expect(await stateOf('Spotify')).toMatchObject({ state: 'ingested', reason: '', link: null });
    const dir = join(sftp.root, 'spotify', 'acknowledgements');
    expect(readdirSync(dir)).toEqual(['processed']);
    expect(readFileSync(join(dir, 'processed', 'ACK_spotify_1.xml'), 'utf8')).toBe(xml);
    expect(await pollCli()).toBe('3 target(s), 0 file(s): 0 applied, 0 to look at, 0 already read');
    // The same file dropped again (a store re-sending it, or a move that failed) is not applied again.
    dropSftp('Spotify', 'ACK_spotify_1_again.xml', xml);
    expect(await pollCli('Spotify')).toBe('1 target(s), 1 file(s): 0 applied, 0 to look at, 1 already read');
    expect(await ackCount()).toBe(1);
    const acks = (await as(reviewer.token).get('ops/deliveries/acks', { release_id: releaseId })).body.body;
    expect(acks).toHaveLength(1);
    expect(acks[0]).toMatchObject({ store: 'Spotify', shape: 'AcknowledgementMessage ern-c-sftp/18', outcome: 'applied', file_name: 'ACK_spotify_1.xml' });
    expect(acks[0].entries[0]).toMatchObject({ outcome: 'ingested', icpn: upc, message_id: Spotify.message_id, status: 'SuccessfullyIngestedByReleaseDistributor / FileOK' });
    const one = (await as(reviewer.token).get('ops/deliveries/ack', { ack_id: acks[0].ack_id })).body.body;
    expect(one.raw).toBe(xml);
  });

  it('S3, FtpAcknowledgementMessage refusal: Refused with the store\'s reason in plain words and what to do next; bell and e-mail; staff redeliver', async () => {
    const { 'Apple Music': apple } = await staffRows();
    await dropS3('ack-apple-1.xml', ftpAck({ ns: 'http://ddex.net/xml/ern-c-sftp/16', fileName: `${apple.batch_id}/${upc}/${upc}.xml`, status: 'ResourceCorrupt', error: 'Audio file Loop_01_001.wav is truncated' }));
    expect(await pollCli('Apple Music')).toBe('1 target(s), 1 file(s): 1 applied, 0 to look at, 0 already read');
    const s = await stateOf('Apple Music');
    expect(s.state).toBe('refused');
    expect(s.reason).toBe(
      'A file of the release (audio or artwork) arrived damaged or could not be read. The store says: “Audio file Loop_01_001.wav is truncated”. What happens next: our team fixes the problem and sends the release to Apple Music again. If something in your release has to change, we will write to you; you can also open a support ticket.',
    );
    expect(await s3Keys('ddex/acknowledgements/')).toEqual(['ddex/acknowledgements/processed/ack-apple-1.xml']);
    const bell = (await artist.get('getNotificationsForUser', { offset: 0 })).body.body as { text?: string; message?: string }[];
    expect(JSON.stringify(bell)).toContain('Apple Music did not accept “Loop Song”.');
    const mails = outbox().filter((m) => m.to === artistEmail.toLowerCase() && m.subject === 'Apple Music did not accept “Loop Song”');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain('arrived damaged');
    // Staff: the raw acknowledgement; redeliver only after a refusal (or a failure).
    const r = as(reviewer.token);
    expect((await r.post('ops/deliveries/redeliver', { delivery_id: (await staffRows()).Spotify.delivery_id })).body).toMatchObject({ status: 409 });
    expect((await as(artist.token).post('ops/deliveries/redeliver', { delivery_id: apple.delivery_id })).status).toBe(403);
    expect((await r.post('ops/deliveries/redeliver', { delivery_id: 'x' })).body.status).toBe(404); // an id that is not one is not found (idField)
    expect((await r.post('ops/deliveries/link', { delivery_id: apple.delivery_id, url: 'http://plain.example.com/a' })).body.status).toBe(400);
    expect((await r.post('ops/deliveries/redeliver', { delivery_id: 999999 })).body.status).toBe(404);
    expect((await r.post('ops/deliveries/redeliver', { delivery_id: apple.delivery_id })).body).toMatchObject({ status: 200, message: 'The release is queued for Apple Music again.' });
    await drain();
    const after = (await staffRows())['Apple Music'];
    expect(after).toMatchObject({ state: 'delivered', reason: '' });
    expect(after.message_id).not.toBe(apple.message_id);
    expect((await as(admin.token).get('ops/audit', { action: 'delivery.redeliver' })).body.body).toHaveLength(1);
  });

  it('unknown status, malformed and unmatched files of both shapes are recorded for staff, never success, and never stop the poller', async () => {
    const rows = await staffRows();
    // SFTP: an unknown status value (new shape), a file that is not well-formed, and a valid one after them.
    dropSftp('Spotify', 'A_unknown.xml', ackMessage({ v: 17, messageId: rows.Spotify.message_id, icpn: upc, releaseStatus: 'UnderManualReview', status: 'FileOK' }));
    dropSftp('Spotify', 'B_broken.xml', '<AcknowledgementMessage><MessageHeader></AcknowledgementMessage>');
    dropSftp('Spotify', 'C_unmatched.xml', ackMessage({ messageId: 'PADPIDAPORTALSENDER01-999-1', icpn: upc, releaseStatus: 'SuccessfullyIngestedByReleaseDistributor', status: 'FileOK' }));
    // S3: the older shape with a status we do not know, a file that is not XML, and an acknowledgement of another ICPN.
    await dropS3('d-unknown.xml', ftpAck({ fileName: `${rows['Apple Music'].batch_id}/${upc}/${upc}.xml`, status: 'Queued' }));
    await dropS3('e-notxml.xml', 'this is not xml');
    await dropS3('f-other.xml', ftpAck({ fileName: '20260101000000000/0000000000000/0000000000000.xml', status: 'FileOK' }));
    expect(await pollCli()).toBe('3 target(s), 6 file(s): 0 applied, 6 to look at, 0 already read');
    expect(await states()).toEqual({ 'Apple Music': 'delivered', Deezer: 'delivered', Spotify: 'ingested' });
    const problems = (await as(reviewer.token).get('ops/deliveries/acks')).body.body as { file_name: string; outcome: string; summary: string }[];
    const byFile = Object.fromEntries(problems.map((p) => [p.file_name, p]));
    expect(byFile['A_unknown.xml']).toMatchObject({ outcome: 'unknown' });
    expect(byFile['A_unknown.xml'].summary).toContain('status not known: UnderManualReview / FileOK');
    expect(byFile['B_broken.xml']).toMatchObject({ outcome: 'malformed' });
    expect(byFile['C_unmatched.xml']).toMatchObject({ outcome: 'unmatched' });
    expect(byFile['d-unknown.xml']).toMatchObject({ outcome: 'unknown' });
    expect(byFile['e-notxml.xml']).toMatchObject({ outcome: 'malformed' });
    expect(byFile['f-other.xml']).toMatchObject({ outcome: 'unmatched' });
    // Kept and moved like any other; polled again nothing changes.
    expect(readdirSync(join(sftp.root, 'spotify', 'acknowledgements')).filter((f) => f.endsWith('.xml'))).toEqual([]);
    expect(await pollCli()).toBe('3 target(s), 0 file(s): 0 applied, 0 to look at, 0 already read');
    expect((await as(artist.token).get('ops/deliveries/acks')).status).toBe(403);
    expect((await as(reviewer.token).get('ops/deliveries/ack', { ack_id: 999999 })).body.status).toBe(404);
    expect((await as(reviewer.token).get('ops/deliveries/acks', { release_id: 'abc' })).body.status).toBe(400);
  });

  it('two API instances polling at once apply a file once', async () => {
    const second = await bootTestApp(engine, { STORE_QC: 'enforce', DATA_DIR: t.dataDir, ...(t.config.database.type === 'mysql' ? { DATABASE_URL: t.config.database.url! } : {}) });
    try {
      const apple = (await staffRows())['Apple Music'];
      await dropS3('g-ok.xml', ackMessage({ v: 16, messageId: apple.message_id, icpn: upc, releaseStatus: 'SuccessfullyIngestedByReleaseDistributor', status: 'FileOK' }));
      const before = await ackCount();
      const [a, b] = await Promise.all([t.app.get(AcknowledgementsService).poll('Apple Music'), second.app.get(AcknowledgementsService).poll('Apple Music')]);
      expect(a.applied + b.applied).toBe(1);
      expect(await ackCount()).toBe(before + 1);
      const entries = await t.app.get(DataSource).query("SELECT COUNT(*) AS n FROM delivery_ack_entries WHERE delivery_id = ? AND outcome = 'ingested'", [apple.delivery_id]);
      expect(Number(entries[0].n)).toBe(1);
      expect(await stateOf('Apple Music')).toMatchObject({ state: 'ingested' });
      expect(await s3Keys('ddex/acknowledgements/g')).toEqual([]);
    } finally {
      await second.app.close();
    }
  });

  it('Live when ingested and the release date has passed (link from the template), or when staff set the link; a test feed never; the first live store is announced once', async () => {
    const { Deezer } = await staffRows();
    // The test feed acknowledges success in the older shape without a namespace.
    mkdirSync(join(sftp.root, 'deezer-test', 'acknowledgements'), { recursive: true });
    writeFileSync(join(sftp.root, 'deezer-test', 'acknowledgements', 'ok.xml'), ftpAck({ fileName: `${Deezer.batch_id}/${upc}/${upc}.xml`, status: 'FileOK' }));
    expect(await pollCli('Deezer')).toBe('1 target(s), 1 file(s): 1 applied, 0 to look at, 0 already read');
    const acks = t.app.get(AcknowledgementsService);
    expect(await acks.goLive(new Date())).toBe(0); // before the release date
    expect(await t.app.get(DeliveryService).liveStoreLinks(releaseId)).toEqual([]);
    // The clock moved past the release date.
    expect(await acks.goLive(new Date(releaseDate + DAY))).toBe(2);
    const spotify = await stateOf('Spotify');
    expect(spotify.state).toBe('live');
    expect(spotify.link).toMatch(new RegExp(`^https://open\\.example\\.com/spotify/${upc}\\?isrc=[A-Z]{2}[A-Z0-9]{3}\\d{7}$`));
    expect(await stateOf('Apple Music')).toMatchObject({ state: 'live', link: null });
    expect(await stateOf('Deezer')).toMatchObject({ state: 'ingested' }); // test feed
    expect(await t.app.get(DeliveryService).liveStoreLinks(releaseId)).toEqual([{ store: 'Spotify', url: spotify.link }]);
    // Staff set Apple Music's link: it is listed too; on the test feed a link never makes it Live.
    const r = as(reviewer.token);
    const rows = await staffRows();
    expect((await r.post('ops/deliveries/link', { delivery_id: rows['Apple Music'].delivery_id, url: 'javascript:alert(1)' })).body.status).toBe(400);
    expect((await r.post('ops/deliveries/link', { delivery_id: rows['Apple Music'].delivery_id, url: 'https://music.example.com/album/loop-song' })).body.status).toBe(200);
    expect((await r.post('ops/deliveries/link', { delivery_id: rows.Deezer.delivery_id, url: 'https://deezer.example.com/album/1' })).body.status).toBe(200);
    expect(await stateOf('Deezer')).toMatchObject({ state: 'ingested', link: null });
    expect(await t.app.get(DeliveryService).liveStoreLinks(releaseId)).toEqual([
      { store: 'Apple Music', url: 'https://music.example.com/album/loop-song' },
      { store: 'Spotify', url: spotify.link },
    ]);
    const liveMails = outbox().filter((m) => m.to === artistEmail.toLowerCase() && / is live on /.test(m.subject));
    expect(liveMails).toHaveLength(1);
    expect(liveMails[0].text).toContain(`/catalog/${releaseId}`);
    // The catalogue's states: the caller's releases only.
    const other = new ReleasesClient(t, (await createVerifiedUser(t)).token);
    expect((await other.get('getStoreStates', { release_id: releaseId })).body.status).toBe(404);
    expect((await other.get('getCatalogStoreStates', { release_ids: String(releaseId) })).body.body).toEqual([]);
    expect((await artist.get('getCatalogStoreStates', { release_ids: 'a,b' })).body.status).toBe(400);
    expect((await artist.get('getCatalogStoreStates', { release_ids: `${releaseId},999999` })).body.body).toEqual([
      { release_id: releaseId, stores: [{ store: 'Apple Music', state: 'live' }, { store: 'Deezer', state: 'ingested' }, { store: 'Spotify', state: 'live' }] },
    ]);
  });

  it('an update after approval is the complete message again (same identifiers, newer MessageCreatedDateTime), validated, to every store, with the same acknowledgement cycle', async () => {
    const before = await staffRows();
    const r = as(reviewer.token);
    expect((await as(artist.token).post('ops/deliveries/update', { release_id: releaseId })).status).toBe(403);
    expect((await r.post('ops/deliveries/update', { release_id: 999999 })).body.status).toBe(404);
    const sent = await r.post('ops/deliveries/update', { release_id: releaseId });
    expect(sent.body).toMatchObject({ status: 200, message: 'The update is queued for 3 store(s).' });
    await drain();
    const after = await staffRows();
    const created = (xml: string) => /<MessageCreatedDateTime>([^<]+)<\/MessageCreatedDateTime>/.exec(xml)![1];
    const release = (xml: string) => /<ReleaseList>[\s\S]*<\/ReleaseList>/.exec(xml)![0];
    const read = (store: string, batch: string) => {
      if (store === 'Apple Music') return null;
      return readFileSync(join(sftp.root, store === 'Deezer' ? 'deezer-test' : 'spotify', batch, upc, `${upc}.xml`), 'utf8');
    };
    for (const store of ['Spotify', 'Deezer']) {
      expect(after[store].batch_id).not.toBe(before[store].batch_id);
      expect(after[store].message_id).not.toBe(before[store].message_id);
      const oldXml = read(store, before[store].batch_id)!;
      const newXml = read(store, after[store].batch_id)!;
      expect(await validateErn(newXml)).toEqual({ valid: true, errors: [] });
      expect(new Date(created(newXml)).getTime()).toBeGreaterThan(new Date(created(oldXml)).getTime());
      expect(release(newXml)).toBe(release(oldXml)); // same identifiers and release data
      // ERN 4.3 has no update indicator: the update is a NewReleaseMessage again.
      expect(newXml).toContain('NewReleaseMessage');
      expect(newXml).not.toContain('UpdateIndicator');
    }
    expect((await s3Keys(`ddex/${after['Apple Music'].batch_id}/`)).length).toBeGreaterThan(0);
    // The store's last word stands while the update goes through: Live stays Live.
    expect(await stateOf('Spotify')).toMatchObject({ state: 'live' });
    // An acknowledgement of the old message is stale; of the new one, applied.
    dropSftp('Spotify', 'old.xml', ackMessage({ messageId: before.Spotify.message_id, icpn: upc, releaseStatus: 'ProcessingErrorAtReleaseDistributor', status: 'ResourceCorrupt' }));
    dropSftp('Spotify', 'new.xml', ackMessage({ messageId: after.Spotify.message_id, icpn: upc, releaseStatus: 'SuccessfullyIngestedByReleaseDistributor', status: 'FileOK' }));
    expect(await pollCli('Spotify')).toBe('1 target(s), 2 file(s): 1 applied, 1 to look at, 0 already read');
    expect(await stateOf('Spotify')).toMatchObject({ state: 'live' });
    expect((await as(admin.token).get('ops/audit', { action: 'release.send_update' })).body.body).toHaveLength(1);
  });
});
