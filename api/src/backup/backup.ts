import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import * as mysql from 'mysql2/promise';
import type { AppConfig, DatabaseConfig } from '../config/app-config';
import type { FileStorage } from '../storage/file-storage';
import { FILE_COLUMNS, unclassifiedFileColumns } from './file-columns';

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
  /**
   * Files outside the FileStorage that rows refer to (`data-file` columns of file-columns.ts, e.g. the
   * statement files of statement_imports.file_path), under files/<path>: the row's value at backup time,
   * the path under DATA_DIR the restore puts it at, bytes and sha256. Absent in backups made before.
   */
  files?: Array<{ table: string; column: string; value: string; path: string; size: number; sha256: string }>;
  /** Rows that referred to a file or object that did not exist when the backup was made (none expected). */
  missing?: Array<{ table: string; column: string; value: string }>;
  /** Columns of the schema named like file columns but not classified in file-columns.ts (none expected). */
  unclassified_columns?: string[];
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

/** Run `fn` on a connection to the MariaDB/MySQL database of `url`, closed afterwards. */
async function withMysql<T>(url: string, fn: (c: mysql.Connection) => Promise<T>): Promise<T> {
  const c = await mysql.createConnection({ uri: url });
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** Tables and their column names of the database (a SQLite file, or the MariaDB/MySQL database of the URL). */
export async function schemaOf(database: DatabaseConfig): Promise<Record<string, string[]>> {
  const schema: Record<string, string[]> = {};
  const add = (t: string, c: string) => (schema[t] ??= []).push(c);
  if (database.type === 'sqlite') {
    const db = new Database(database.path, { readonly: true, fileMustExist: true });
    try {
      const rows = db.prepare(`SELECT m.name AS t, p.name AS c FROM sqlite_master m JOIN pragma_table_info(m.name) p WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' ORDER BY m.name, p.cid`).all() as Array<{ t: string; c: string }>;
      for (const r of rows) add(r.t, r.c);
    } finally {
      db.close();
    }
    return schema;
  }
  await withMysql(database.url, async (c) => {
    const [rows] = await c.query(`SELECT table_name AS t, column_name AS c FROM information_schema.columns WHERE table_schema = DATABASE() ORDER BY table_name, ordinal_position`);
    for (const r of rows as Array<{ t: string; c: string }>) add(r.t, r.c);
  });
  return schema;
}

/** Distinct non-empty values of `table.column` (names from the registry, never from input). */
async function columnValues(database: DatabaseConfig, table: string, column: string): Promise<string[]> {
  const sql = (q: string) => `SELECT DISTINCT ${q}${column}${q} AS v FROM ${q}${table}${q} WHERE ${q}${column}${q} IS NOT NULL AND ${q}${column}${q} <> ''`;
  if (database.type === 'sqlite') {
    const db = new Database(database.path, { readonly: true, fileMustExist: true });
    try {
      return (db.prepare(sql('"')).all() as Array<{ v: string }>).map((r) => String(r.v));
    } finally {
      db.close();
    }
  }
  return withMysql(database.url, async (c) => ((await c.query(sql('`')))[0] as Array<{ v: string }>).map((r) => String(r.v)));
}

/** Point rows of `table.column` holding `from` at `to` (a restored file's new path). */
async function rewriteColumn(database: DatabaseConfig, table: string, column: string, from: string, to: string): Promise<void> {
  if (database.type === 'sqlite') {
    const db = new Database(database.path, { fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE "${column}" = ?`).run(to, from);
    } finally {
      db.close();
    }
    return;
  }
  await withMysql(database.url, (c) => c.query(`UPDATE \`${table}\` SET \`${column}\` = ? WHERE \`${column}\` = ?`, [to, from]));
}

/**
 * Back up the database, every stored object and the local secrets into `dir` (new or empty), as
 * docs/decisions/018-scale-out.md "Backup and restore" describes: SQLite with `VACUUM INTO` (a
 * consistent copy, also while the API runs), MariaDB/MySQL with `mysqldump --single-transaction`;
 * then every object of the FileStorage (local disk or S3) under objects/, each with its sha256 in
 * manifest.json; then every file outside the store that a row of the dump refers to (the `data-file`
 * columns of file-columns.ts: statement files) under files/, and the check that every object a row
 * names is in the backup (`missing` lists any that is not; none is expected). Columns of the schema
 * named like file columns but not classified in file-columns.ts are listed in `unclassified_columns`.
 * Answers the manifest. Objects written after the dump may be in the backup without a row (harmless);
 * for an exact pair, stop writes (or the API) first.
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
  // Every file a row of the dump refers to (decision 032), read from the dump itself on SQLite.
  const dumped: DatabaseConfig = config.database.type === 'sqlite' ? { type: 'sqlite', path: join(dir, dbFile) } : config.database;
  const schema = await schemaOf(dumped);
  const stored = new Set(objects.map((o) => o.key));
  const files: NonNullable<BackupManifest['files']> = [];
  const missing: NonNullable<BackupManifest['missing']> = [];
  for (const c of FILE_COLUMNS) {
    if (!schema[c.table]?.includes(c.column) || (c.holds !== 'object' && c.holds !== 'data-file')) continue;
    for (const value of await columnValues(dumped, c.table, c.column)) {
      if (c.holds === 'object') {
        if (!stored.has(value)) missing.push({ table: c.table, column: c.column, value });
        continue;
      }
      if (!existsSync(value)) {
        missing.push({ table: c.table, column: c.column, value });
        continue;
      }
      const path = `${c.folder}/${basename(value)}`;
      mkdirSync(join(dir, 'files', c.folder), { recursive: true });
      copyFileSync(value, join(dir, 'files', path));
      const sha256 = await sha256File(join(dir, 'files', path));
      files.push({ table: c.table, column: c.column, value, path, size: statSync(value).size, sha256 });
    }
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
    files,
    missing,
    unclassified_columns: unclassifiedFileColumns(schema),
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Restore a backup folder into the configured database and store, which must be EMPTY (a new
 * SQLite path or MariaDB database, a new bucket or DATA_DIR; the API stopped). Checks the dump's
 * sha256 first; loads it (SQLite: the file copied into place; MariaDB: the dump through `mysql`);
 * puts every object back and reads each again to compare its sha256; puts every file of `files` under
 * this DATA_DIR (checksum compared) and points the rows that named it at its new path; copies the local
 * secrets into DATA_DIR; finally compares the rows per table with the manifest. Throws on any difference.
 */
export async function restore(config: AppConfig, storage: FileStorage, dir: string): Promise<{ tables: number; rows: number; objects: number; bytes: number; files: number }> {
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
  for (const f of manifest.files ?? []) {
    const target = join(config.dataDir, f.path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(join(dir, 'files', f.path), target);
    if ((await sha256File(target)) !== f.sha256) throw new Error(`restore: file ${f.path} does not match its checksum`);
    if (target !== f.value) await rewriteColumn(config.database, f.table, f.column, f.value, target);
    bytes += f.size;
  }
  if (manifest.local_secrets) {
    mkdirSync(config.dataDir, { recursive: true });
    copyFileSync(join(dir, 'secrets.json'), join(config.dataDir, '.secrets.json'));
  }
  const restored = await countRows(config);
  for (const [table, n] of Object.entries(manifest.tables)) {
    if (restored[table] !== n) throw new Error(`restore: table ${table} has ${restored[table] ?? 'no'} rows, the backup ${n}`);
  }
  return { tables: Object.keys(manifest.tables).length, rows: Object.values(manifest.tables).reduce((a, b) => a + b, 0), objects: manifest.objects.length, bytes, files: manifest.files?.length ?? 0 };
}
