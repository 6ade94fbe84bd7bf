import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config/app-config';
import { countRows, type BackupManifest } from '../../src/backup/backup';
import { media, releaseInfo } from '../helpers/releases-fixtures';
import { s3Env, scratchMysqlDatabase, startS3rver, type Service } from './services';
import { call, CLI, ensureBuilt, multipart, signUp, startInstance } from './instances';

/** Run `node dist/cli.js <args>` with `env`; resolves to its stdout, rejects with its output on failure. */
function cli(env: NodeJS.ProcessEnv, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`cli ${args.join(' ')} exited ${code}: ${err}${out}`))));
  });
}

type Shape = 'SQLite + local disk' | 'MariaDB + S3 (s3rver)';
const SHAPES: Shape[] = process.env.MYSQL_URL ? ['SQLite + local disk', 'MariaDB + S3 (s3rver)'] : ['SQLite + local disk'];

/**
 * The backup/restore drill (docs/decisions/018-scale-out.md): make data through the running API (a
 * user, a release with artwork and audio, a ticket with an attachment, a ledger credit), stop it,
 * `cli backup`, wipe the database, the file store and DATA_DIR, `cli restore` into a fresh database
 * and store, then check every table's row count and every object's checksum, and that the restarted
 * portal serves the same user, files and balance (the old session token too: the secrets came back).
 */
describe.each(SHAPES)('backup and restore drill: %s', (shape) => {
  const s3Shape = shape.startsWith('MariaDB');
  const cleanup: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  // The SQLite shape once stalled for ever: the API stopped while an audio QC job was `checking`, the
  // `revenue` CLI re-queued it, closed under it, and the media worker it then started kept the CLI alive
  // (fixed in QcService, JobRunner.close and the worker's unref; job-runner.spec.ts).
  it('brings back every row, every file and the secrets, and the portal serves them', async () => {
    ensureBuilt();
    const base: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', STATIC_ROOT: '', CAPTCHA_REQUIRED: 'false', STORE_QC: 'report', LOG_REQUESTS: 'false', SHUTDOWN_GRACE_SECONDS: '3' };
    delete base.DATABASE_URL;
    delete base.JWT_SECRET; // generated into DATA_DIR/.secrets.json: the backup must carry it
    delete base.REDIS_URL;
    const shapeEnv = async (): Promise<NodeJS.ProcessEnv> => {
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-drill-'));
      cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const env: NodeJS.ProcessEnv = { ...base, DATA_DIR: dataDir };
      if (s3Shape) {
        const db = await scratchMysqlDatabase('portal_backup');
        cleanup.push(() => db.drop());
        const s3: Service = await startS3rver('portal-files');
        cleanup.push(() => s3.stop());
        Object.assign(env, { DATABASE_URL: db.url, ...s3Env(s3) });
        (env as Record<string, unknown>).__stop = async () => {
          await s3.stop();
          await db.drop();
        };
      }
      return env;
    };

    // 1. Data, made through the API.
    const original = await shapeEnv();
    const api = await startInstance('original', original);
    const user = await signUp(api.port, original.DATA_DIR!, 'drill');
    const artwork = media.png(400, 400);
    const audio = media.wav(44_100 * 4 * 3);
    const attachment = media.png(20, 20);
    const upload = async (path: string, field: string, name: string, bytes: Buffer, mime: string) => {
      const form = multipart(field, name, bytes, mime);
      const res = await call(api.port, 'POST', path, form.body, user.token, form.headers);
      expect(res.status).toBe(200);
      return (res.body.body as { filename: string }).filename;
    };
    const artworkFile = await upload('/api/upload?kind=artwork', 'image', 'cover.png', artwork, 'image/png');
    const audioFile = await upload('/api/upload?kind=audio', 'image', 'song.wav', audio, 'audio/wav');
    const attachmentFile = await upload('/api/uploadTicketAttachment', 'attachement', 'proof.png', attachment, 'image/png');
    const artist = await call(api.port, 'POST', '/api/addArtist', { artist_type: 'primary', artist_name: 'Drill Artist', apple_id: '', spotify_id: '' }, user.token);
    const artistId = (artist.body.body as { artist_id: number }).artist_id;
    const draft = await call(api.port, 'POST', '/api/createReleaseInfo', releaseInfo(artistId, { album_artwork: artworkFile, release_title: 'Backup Nights' }), user.token);
    expect(draft.body.status).toBe(200);
    const ticket = await call(api.port, 'POST', '/api/createTicket', { reason: 'Delivery Status', reply: 'Is my backup safe?', attachement: [attachmentFile] }, user.token);
    expect(ticket.body.status).toBe(200);
    await api.stop();
    await cli(original, ['revenue', user.email, '12.5', '84.25', 'drill credit']);
    const before = await countRows(loadConfig(original));

    // 2. Back up, then wipe everything the original had.
    const backupDir = join(mkdtempSync(join(tmpdir(), 'portal-backup-')), 'b');
    cleanup.push(() => rmSync(join(backupDir, '..'), { recursive: true, force: true }));
    expect(await cli(original, ['backup', backupDir])).toMatch(/^backup in /);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.tables).toEqual(before);
    // The artwork, its six renditions, the audio and the attachment.
    expect(manifest.objects.length).toBe(9);
    rmSync(original.DATA_DIR!, { recursive: true, force: true });
    await (original as { __stop?: () => Promise<void> }).__stop?.();

    // 3. Restore into a fresh database and store.
    const fresh = await shapeEnv();
    expect(await cli(fresh, ['restore', backupDir])).toMatch(/every row count and checksum checked/);
    expect(await countRows(loadConfig(fresh))).toEqual(before);
    // A second restore into the now full database is refused.
    await expect(cli(fresh, ['restore', backupDir])).rejects.toThrow(/not empty|already holds data/);

    // 4. The portal on the restored data.
    const restored = await startInstance('restored', fresh);
    cleanup.push(() => restored.stop());
    expect(existsSync(join(fresh.DATA_DIR!, '.secrets.json'))).toBe(true);
    const me = await call(restored.port, 'GET', '/api/getUserDetails', undefined, user.token);
    expect(me.status).toBe(200); // the token signed before the backup: the JWT secret came back
    expect(me.body.body).toMatchObject({ email: user.email, revenue: 12.5 });
    const login = await call(restored.port, 'POST', '/api/login', { email: user.email, password: user.password });
    expect(login.body.token).toEqual(expect.any(String));
    expect((await call(restored.port, 'GET', `/api/files/artwork/${artworkFile}`)).raw.equals(artwork)).toBe(true);
    expect((await call(restored.port, 'GET', `/api/files/artwork/${artworkFile}/300.webp`)).status).toBe(200);
    expect((await call(restored.port, 'GET', `/api/files/audio/${audioFile}`, undefined, user.token)).raw.equals(audio)).toBe(true);
    const tickets = await call(restored.port, 'GET', '/api/getTicketListForUser', undefined, user.token);
    expect(JSON.stringify(tickets.body.body)).toContain('Is my backup safe?');
    const attached = await call(restored.port, 'GET', `/api/files/ticket/${attachmentFile}`, undefined, user.token);
    expect(attached.raw.equals(attachment)).toBe(true);
  }, 300_000);
});
