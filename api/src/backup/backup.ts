import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { AppConfig } from '../config/app-config';
import type { FileStorage } from '../storage/file-storage';

/** The few better-sqlite3 calls used here (the package ships no types; TypeORM loads the same module). */
type SqliteDb = { prepare(sql: string): { all(): unknown[]; get(): unknown; run(...args: unknown[]): unknown }; pragma(s: string): unknown; close(): void };
// eslint-disable-next-line @typescript-eslint/no-require-imports -- better-sqlite3 ships no types; typed here
const Database = require('better-sqlite3') as new (file: string, options?: { readonly?: boolean; fileMustExist?: boolean }) => SqliteDb;

/** What a backup folder holds (manifest.json): enough to check a restore row by row and file by file. */
export type BackupManifest = {
  format: 1;
  created_at: string;
  engine: 'sqlite' | 'mysql';
  /** The database dump (database.sqlite or database.sql) and its sha256. */
  database: { file: string; sha256: string };
  /** Rows per table at the time of the dump. */
  tables: Record<string, number>;
  /** Every stored object: key, bytes, sha256 (under objects/<key>). */
  objects: Array<{ key: string; size: number; sha256: string }>;
  /** Whether DATA_DIR/.secrets.json (secrets generated for a local run) was saved. */
  local_secrets: boolean;
};

const sha256File = async (file: string): Promise<string> => {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
};

/** mysqldump/mysql arguments and environment (password via MYSQL_PWD, never on the command line). */
function mysqlClient(url: string): { args: string[]; env: NodeJS.ProcessEnv; database: string } {
  const u = new URL(url);
  const database = decodeURIComponent(u.pathname.replace(/^\//, ''));
  return {
    args: ['-h', u.hostname, '-P', u.port || '3306', '-u', decodeURIComponent(u.username || 'root')],
    env: { ...process.env, ...(u.password ? { MYSQL_PWD: decodeURIComponent(u.password) } : {}) },
    database,
  };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv, io: { stdoutTo?: string; stdinFrom?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: [io.stdinFrom ? 'pipe' : 'ignore', io.stdoutTo ? 'pipe' : 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    if (io.stdoutTo) child.stdout!.pipe(createWriteStream(io.stdoutTo));
    else child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    if (io.stdinFrom) createReadStream(io.stdinFrom).pipe(child.stdin!);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} exited ${code}: ${err.trim()}`))));
  });
}

/** Rows per table of the configured database (TypeORM's own migrations table included). */
export async function countRows(config: AppConfig): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  if (config.database.type === 'sqlite') {
    const db = new Database(config.database.path, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).all() as Array<{ name: string }>;
      for (const { name } of tables) counts[name] = (db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n;
    } finally {
      db.close();
    }
    return counts;
  }
  const { args, env, database } = mysqlClient(config.database.url);
  const tables = (await run('mysql', [...args, '-N', '-B', '-e', `SELECT table_name FROM information_schema.tables WHERE table_schema = '${database.replace(/'/g, "''")}' AND table_type = 'BASE TABLE' ORDER BY table_name`], env)).split('\n').filter(Boolean);
  if (!tables.length) return counts;
  const sql = tables.map((t) => `SELECT '${t}', COUNT(*) FROM \`${t}\``).join(' UNION ALL ');
  for (const line of (await run('mysql', [...args, '-N', '-B', database, '-e', sql], env)).split('\n').filter(Boolean)) {
    const [table, n] = line.split('\t');
    counts[table!] = Number(n);
  }
  return counts;
}

/**
 * Back up the database, every stored object and the local secrets into `dir` (new or empty), as
 * docs/decisions/018-scale-out.md "Backup and restore" describes: SQLite with `VACUUM INTO` (a
 * consistent copy, also while the API runs), MariaDB/MySQL with `mysqldump --single-transaction`;
 * then every object of the FileStorage (local disk or S3) under objects/, each with its sha256 in
 * manifest.json. Answers the manifest. Objects written after the dump may be in the backup without a
 * row (harmless); for an exact pair, stop writes (or the API) first.
 */
export async function backup(config: AppConfig, storage: FileStorage, dir: string): Promise<BackupManifest> {
  mkdirSync(dir, { recursive: true });
  if (readdirSync(dir).length) throw new Error(`backup: ${dir} is not empty`);
  let dbFile: string;
  if (config.database.type === 'sqlite') {
    dbFile = 'database.sqlite';
    const db = new Database(config.database.path, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare('VACUUM INTO ?').run(join(dir, dbFile));
    } finally {
      db.close();
    }
  } else {
    dbFile = 'database.sql';
    const { args, env, database } = mysqlClient(config.database.url);
    await run('mysqldump', [...args, '--single-transaction', '--skip-lock-tables', '--no-tablespaces', '--routines', '--triggers', '--hex-blob', database], env, { stdoutTo: join(dir, dbFile) });
  }
  const tables = await countRows(config.database.type === 'sqlite' ? { ...config, database: { type: 'sqlite', path: join(dir, dbFile) } } : config);

  mkdirSync(join(dir, 'objects'));
  const objects: BackupManifest['objects'] = [];
  for await (const { key } of storage.list()) {
    const target = join(dir, 'objects', key);
    const hash = createHash('sha256');
    let size = 0;
    const source = await storage.open(key);
    source.on('data', (c: Buffer) => {
      hash.update(c);
      size += c.length;
    });
    await pipeline(source, createWriteStream(target));
    objects.push({ key, size, sha256: hash.digest('hex') });
  }
  const secrets = join(config.dataDir, '.secrets.json');
  const localSecrets = existsSync(secrets);
  if (localSecrets) copyFileSync(secrets, join(dir, 'secrets.json'));
  const manifest: BackupManifest = {
    format: 1,
    created_at: new Date().toISOString(),
    engine: config.database.type,
    database: { file: dbFile, sha256: await sha256File(join(dir, dbFile)) },
    tables,
    objects,
    local_secrets: localSecrets,
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Restore a backup folder into the configured database and store, which must be EMPTY (a new
 * SQLite path or MariaDB database, a new bucket or DATA_DIR; the API stopped). Checks the dump's
 * sha256 first; loads it (SQLite: the file copied into place; MariaDB: the dump through `mysql`);
 * puts every object back and reads each again to compare its sha256; copies the local secrets into
 * DATA_DIR; finally compares the rows per table with the manifest. Throws on any difference.
 */
export async function restore(config: AppConfig, storage: FileStorage, dir: string): Promise<{ tables: number; rows: number; objects: number; bytes: number }> {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`restore: unknown backup format ${String(manifest.format)}`);
  if (manifest.engine !== config.database.type) throw new Error(`restore: the backup is of ${manifest.engine}, DATABASE_URL is ${config.database.type}`);
  const dump = join(dir, manifest.database.file);
  if ((await sha256File(dump)) !== manifest.database.sha256) throw new Error(`restore: ${manifest.database.file} does not match its checksum`);
  for await (const o of storage.list()) throw new Error(`restore: the file store is not empty (holds ${o.key}); restore into a new bucket or DATA_DIR`);

  if (config.database.type === 'sqlite') {
    const target = config.database.path;
    if (existsSync(target)) {
      const existing = await countRows(config);
      if (Object.entries(existing).some(([t, n]) => t !== 'migrations' && n > 0)) throw new Error(`restore: ${target} already holds data; restore into a new DATABASE_URL`);
      for (const suffix of ['', '-wal', '-shm']) rmSync(target + suffix, { force: true });
    }
    mkdirSync(join(target, '..'), { recursive: true });
    copyFileSync(dump, target);
  } else {
    const existing = await countRows(config);
    if (Object.keys(existing).length) throw new Error('restore: the database named by DATABASE_URL is not empty; create a new one');
    const { args, env, database } = mysqlClient(config.database.url);
    await run('mysql', [...args, database], env, { stdinFrom: dump });
  }

  let bytes = 0;
  for (const o of manifest.objects) {
    const file = join(dir, 'objects', o.key);
    await storage.put(o.key, createReadStream(file));
    const hash = createHash('sha256');
    await pipeline(await storage.open(o.key), hash);
    if (hash.digest('hex') !== o.sha256) throw new Error(`restore: object ${o.key} does not match its checksum after upload`);
    bytes += o.size;
  }
  if (manifest.local_secrets) {
    mkdirSync(config.dataDir, { recursive: true });
    copyFileSync(join(dir, 'secrets.json'), join(config.dataDir, '.secrets.json'));
  }
  const restored = await countRows(config);
  for (const [table, n] of Object.entries(manifest.tables)) {
    if (restored[table] !== n) throw new Error(`restore: table ${table} has ${restored[table] ?? 'no'} rows, the backup ${n}`);
  }
  return { tables: Object.keys(manifest.tables).length, rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0), objects: manifest.objects.length, bytes };
}
