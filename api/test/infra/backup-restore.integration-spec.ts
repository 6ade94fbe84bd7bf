import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { DataSource } from 'typeorm';
import { bootConfig, type DatabaseConfig } from '../../src/config/app-config';
import { countRows, schemaOf, type BackupManifest } from '../../src/backup/backup';
import { FILE_COLUMN_NAME, FILE_COLUMNS, fileColumn } from '../../src/backup/file-columns';
import { createFileStorage } from '../../src/storage/storage.module';
import { S3FileStorage } from '../../src/storage/s3.storage';
import { media, releaseInfo } from '../helpers/releases-fixtures';
import { DISTROKID_HEADER, distrokidRow, statementText } from '../helpers/royalties-fixtures';
import { bootTestApp } from '../helpers/test-app';
import { s3Env, scratchMysqlDatabase, startS3rver, type Service } from './services';
import { call, CLI, ensureBuilt, MAIN, multipart, signUp, startInstance } from './instances';

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

/** Every row of every table of `database` (raw: what a dump holds), as [table, column, value] cells. */
async function cells(database: DatabaseConfig): Promise<Array<[string, string, unknown]>> {
  const out: Array<[string, string, unknown]> = [];
  const schema = await schemaOf(database);
  let rowsOf: (table: string) => Promise<Array<Record<string, unknown>>>;
  let close = async () => undefined as void;
  if (database.type === 'sqlite') {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- better-sqlite3 ships no types
    const db = new (require('better-sqlite3'))(database.path, { readonly: true });
    rowsOf = async (t) => db.prepare(`SELECT * FROM "${t}"`).all();
    close = async () => db.close();
  } else {
    const c = await mysql.createConnection({ uri: database.url });
    rowsOf = async (t) => (await c.query(`SELECT * FROM \`${t}\``))[0] as Array<Record<string, unknown>>;
    close = async () => c.end();
  }
  try {
    for (const table of Object.keys(schema)) for (const row of await rowsOf(table)) for (const [column, value] of Object.entries(row)) out.push([table, column, value]);
  } finally {
    await close();
  }
  return out;
}

/**
 * Columns whose values name a file in this data set without being registered as holding one: a cell
 * equal to a stored object's key must be in an `object` column, a cell naming a file under DATA_DIR in
 * a `data-file` column (file-columns.ts). Found from the data, whatever the column is called.
 */
async function unregisteredFileColumns(database: DatabaseConfig, dataDir: string, keys: Set<string>): Promise<string[]> {
  const found = new Set<string>();
  for (const [table, column, value] of await cells(database)) {
    if (typeof value !== 'string' || !value) continue;
    const holds = fileColumn(table, column)?.holds;
    if (keys.has(value) && holds !== 'object') found.add(`${table}.${column} (holds object keys)`);
    if (isAbsolute(value) && value.startsWith(dataDir) && existsSync(value) && holds !== 'data-file') found.add(`${table}.${column} (holds paths of files under DATA_DIR)`);
  }
  return [...found].sort();
}

/** Start `node dist/main.js` with `env` and wait for it to exit (it must not start): its code and output. */
function failedStart(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * The schema's side of "a backup holds every file a row refers to" (docs/decisions/032): every column of
 * the entity metadata whose name looks like a file column is classified in file-columns.ts (so a new one
 * cannot be forgotten), and every classification names a column that exists.
 */
describe('backup file registry', () => {
  it('classifies every column named like a file column, and names no column that does not exist', async () => {
    const t = await bootTestApp('sqlite');
    try {
      const columns = t.app.get(DataSource).entityMetadatas.flatMap((e) => e.columns.map((c) => `${e.tableName}.${c.databaseName}`));
      const unclassified = columns.filter((c) => FILE_COLUMN_NAME.test(c.split('.')[1]!) && !fileColumn(c.split('.')[0]!, c.split('.')[1]!));
      expect(unclassified).toEqual([]);
      expect(FILE_COLUMNS.map((c) => `${c.table}.${c.column}`).filter((c) => !columns.includes(c))).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

type Shape = 'SQLite + local disk' | 'MariaDB + S3 (s3rver)';
const SHAPES: Shape[] = process.env.MYSQL_URL ? ['SQLite + local disk', 'MariaDB + S3 (s3rver)'] : ['SQLite + local disk'];

/**
 * The backup/restore drill (docs/decisions/018-scale-out.md, 032): make data through the running API (a
 * user, a release with artwork and audio, a ticket with an attachment, sealed bank details, a ledger
 * credit, a statement import whose file lives in DATA_DIR/statements), stop it,
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
    const bank = await call(api.port, 'POST', '/api/addBankDetails', { country: 'DE', payout_method: 'iban', bank_name: 'Commerzbank', holder_name: 'Lena Meyer', iban: 'DE89370400440532013000', bic: 'COBADEFFXXX' }, user.token);
    expect(bank.body.status).toBe(200);
    await api.stop();
    await cli(original, ['revenue', user.email, '12.5', '84.25', 'drill credit']);
    // A statement: its file stays in DATA_DIR/statements, outside the file store.
    const statement = join(mkdtempSync(join(tmpdir(), 'portal-drill-statement-')), 'distrokid-2026-03.tsv');
    cleanup.push(() => rmSync(join(statement, '..'), { recursive: true, force: true }));
    writeFileSync(statement, statementText(DISTROKID_HEADER, [distrokidRow({ month: '2026-03', store: 'Spotify', isrc: 'QZZZZ2600001', amount: '1.25' })], '\t'));
    await cli(original, ['statement-import', statement, '--format', 'distrokid', '--month', '2026-03']);
    const originalConfig = bootConfig(original);
    const before = await countRows(originalConfig);
    const statementRows = (await cells(originalConfig.database)).filter(([t, c]) => t === 'statement_imports' && c === 'file_path');
    expect(statementRows).toHaveLength(1);

    // 2. Back up, then wipe everything the original had.
    const backupDir = join(mkdtempSync(join(tmpdir(), 'portal-backup-')), 'b');
    cleanup.push(() => rmSync(join(backupDir, '..'), { recursive: true, force: true }));
    expect(await cli(original, ['backup', backupDir])).toMatch(/^backup in /);
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')) as BackupManifest;
    expect(manifest.tables).toEqual(before);
    // The artwork, its six renditions, the audio and the attachment.
    expect(manifest.objects.length).toBe(9);
    // Every file a row refers to is held: the statement file too; no row names a missing file; no column
    // of the schema named like a file column is unclassified; no column's values name files unregistered.
    expect(manifest.files?.map((f) => [f.table, f.column, f.path.split('/')[0]])).toEqual([['statement_imports', 'file_path', 'statements']]);
    expect(manifest.missing).toEqual([]);
    expect(manifest.unclassified_columns).toEqual([]);
    expect(await unregisteredFileColumns(originalConfig.database, originalConfig.dataDir, new Set(manifest.objects.map((o) => o.key)))).toEqual([]);
    rmSync(original.DATA_DIR!, { recursive: true, force: true });
    await (original as { __stop?: () => Promise<void> }).__stop?.();

    // 3. Restore into a fresh database and store.
    const fresh = await shapeEnv();
    expect(await cli(fresh, ['restore', backupDir])).toMatch(/every row count and checksum checked/);
    expect(await countRows(bootConfig(fresh))).toEqual(before);
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
    // The sealed bank details open with the restored key (decision 032), masked in the answer.
    const details = await call(restored.port, 'GET', '/api/getUserBankDetails', undefined, user.token);
    expect(details.body.body).toMatchObject({ iban: 'XXXXXXXXXXXXXXXXXX3000' });

    // Every file a restored row refers to is there: objects in the store, the statement under this DATA_DIR
    // with the bytes the row's checksum names.
    const freshConfig = bootConfig(fresh);
    const storage = createFileStorage(freshConfig);
    try {
      for (const c of FILE_COLUMNS.filter((x) => x.holds === 'object' || x.holds === 'data-file')) {
        for (const [, , value] of (await cells(freshConfig.database)).filter(([t, col, v]) => t === c.table && col === c.column && typeof v === 'string' && v)) {
          if (c.holds === 'object') expect([c.table, c.column, value, (await storage.stat(String(value))) !== null]).toEqual([c.table, c.column, value, true]);
          else expect([value, String(value).startsWith(freshConfig.dataDir), existsSync(String(value))]).toEqual([value, true, true]);
        }
      }
    } finally {
      if (storage instanceof S3FileStorage) storage.close();
    }
    const [imported] = (await cells(freshConfig.database)).filter(([t, c]) => t === 'statement_imports' && c === 'file_path');
    const [sha] = (await cells(freshConfig.database)).filter(([t, c]) => t === 'statement_imports' && c === 'file_sha256');
    expect(createHash('sha256').update(readFileSync(String(imported![2]))).digest('hex')).toBe(sha![2]);

    // A wrong seal key: the API does not start, and says which variable (decision 032).
    await restored.stop();
    const wrong = await failedStart({ ...fresh, SEAL_KEY: randomBytes(32).toString('hex') });
    expect([wrong.code, wrong.output]).toEqual([78, expect.any(String)]);
    expect(wrong.output).toMatch(/Configuration error: SEAL_KEY does not open the sealed values/);
  }, 300_000);
});
