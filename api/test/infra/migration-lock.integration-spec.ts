import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { MIGRATIONS } from '../../src/database/migrations/index';
import { call, ensureBuilt, startInstance, type Instance } from './instances';

/**
 * Several instances started at once on one fresh MariaDB/MySQL database (docs/decisions/018-scale-out.md,
 * "Migrations"): each takes the database's named lock (GET_LOCK) before it reads which migrations are
 * pending, so exactly one runs them and the others find nothing left to do. Without the lock both read
 * "nothing applied" and the second fails on CREATE TABLE of a table the first made. Runs with MYSQL_URL.
 */
const mysqlUrl = process.env.MYSQL_URL;
(mysqlUrl ? describe : describe.skip)('migrations with several instances starting at once (MariaDB)', () => {
  const dirs: string[] = [];
  const instances: Instance[] = [];
  const databases: string[] = [];

  beforeAll(() => ensureBuilt(), 300_000);
  afterEach(async () => {
    await Promise.all(instances.splice(0).map((i) => i.stop()));
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
    const c = await mysql.createConnection({ uri: mysqlUrl! });
    for (const name of databases.splice(0)) await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await c.end();
  });

  /** A new empty database on MYSQL_URL's server; answers its URL. */
  async function freshDatabase(): Promise<string> {
    const url = new URL(mysqlUrl!);
    const name = `portal_migr_${randomBytes(4).toString('hex')}`;
    const c = await mysql.createConnection({ uri: url.toString() });
    await c.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    await c.end();
    databases.push(name);
    url.pathname = `/${name}`;
    return url.toString();
  }

  const envFor = (databaseUrl: string, jwt: string): NodeJS.ProcessEnv => {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-migr-'));
    dirs.push(dataDir);
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, STATIC_ROOT: '', DATABASE_URL: databaseUrl, JWT_SECRET: jwt, CAPTCHA_HMAC_SECRET: jwt, CAPTCHA_REQUIRED: 'false', LOG_REQUESTS: 'false', UPLOAD_SWEEP_MINUTES: '0' };
    delete env.API_WORKERS;
    delete env.REDIS_URL;
    return env;
  };

  it.each([1, 2, 3])('three instances started together on a fresh database all become ready; every migration ran once (round %i)', async () => {
    const db = await freshDatabase();
    const jwt = randomBytes(24).toString('hex');
    const started = await Promise.allSettled(['A', 'B', 'C'].map((n) => startInstance(n, envFor(db, jwt))));
    for (const s of started) if (s.status === 'fulfilled') instances.push(s.value);
    expect(started.map((s) => (s.status === 'rejected' ? String(s.reason).slice(0, 400) : 'ready'))).toEqual(['ready', 'ready', 'ready']);

    const c = await mysql.createConnection({ uri: db });
    const [rows] = await c.query('SELECT name FROM migrations ORDER BY id');
    await c.end();
    const names = (rows as Array<{ name: string }>).map((r) => r.name);
    expect(names).toHaveLength(MIGRATIONS.length);
    expect(new Set(names).size).toBe(MIGRATIONS.length);
    // No instance failed a migration and was restarted by TypeORM's connection retry (which masks the race).
    for (const i of instances) expect(i.logs.filter((l) => /Retrying|already exists|ER_TABLE_EXISTS/i.test(JSON.stringify(l)))).toEqual([]);
    // One instance ran them; the others waited for the lock and found none pending.
    const applied = (i: Instance) => i.logs.map((l) => l.message as { msg?: string; count?: number } | undefined).find((m) => m?.msg === 'migrations applied');
    expect(instances.map((i) => applied(i)?.count).sort()).toEqual([0, 0, MIGRATIONS.length]);
    for (const i of instances) expect((await call(i.port, 'GET', '/api/health/ready')).status).toBe(200);
  }, 240_000);
});
