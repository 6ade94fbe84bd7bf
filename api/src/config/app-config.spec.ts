import '../settings'; // every module's declaration, as at boot
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, bootConfig, defaultRemotes, loadConfig, prepareDataDir } from './app-config';
import { captchaSettings } from '../captcha/captcha.settings';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'portal-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env }, dir);
  const boot = (env: Record<string, string>) => bootConfig({ DATA_DIR: dir, ...env }, dir);

  it('shares nothing by default, and reads REDIS_URL, STORAGE_S3_* and RUN_JOBS (docs/decisions/018)', () => {
    expect(load({})).toMatchObject({ redisUrl: null, storageS3: null, runJobs: true });
    const c = load({ REDIS_URL: 'redis://:pw@cache:6380/2', STORAGE_S3_URL: 'http://minio:9000/files', STORAGE_S3_ACCESS_KEY_ID: 'k', STORAGE_S3_SECRET_ACCESS_KEY: 's', RUN_JOBS: 'false' });
    expect(c).toMatchObject({ redisUrl: 'redis://:pw@cache:6380/2', storageS3: { endpoint: 'http://minio:9000/files', region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's' }, runJobs: false });
  });

  it('refuses bad scale-out settings with a message naming the variable', () => {
    expect(() => load({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL must start with redis:\/\/ or rediss:\/\//);
    expect(() => load({ REDIS_URL: 'redis://cache:6379/x' })).toThrow(/REDIS_URL's path must be a database number/);
    expect(() => load({ STORAGE_S3_URL: 'http://minio:9000' })).toThrow(/STORAGE_S3_URL must be an http\(s\) URL of the bucket/);
    expect(() => load({ STORAGE_S3_URL: 'http://minio:9000/files' })).toThrow(/STORAGE_S3_ACCESS_KEY_ID and STORAGE_S3_SECRET_ACCESS_KEY are required/);
    expect(() => load({ RUN_JOBS: 'maybe' })).toThrow(/RUN_JOBS must be true or false/);
    expect(() => load({ API_WORKERS: '2' })).toThrow(ConfigError);
    expect(() => load({ API_WORKERS: 'auto' })).toThrow(/API_WORKERS is no longer supported/);
    expect(load({ API_WORKERS: '1' }).redisUrl).toBeNull();
  });

  it('defaults to SQLite in DATA_DIR on port 8080 with same-origin remotes', () => {
    const c = load({});
    expect(c.port).toBe(8080);
    expect(c.database).toEqual({ type: 'sqlite', path: join(dir, 'portal.sqlite') });
    expect(c.remotes).toEqual(defaultRemotes());
    expect(captchaSettings.of(c).required).toBe(true);
  });

  it('has no public site unless PUBLIC_SITE_URL gives an absolute http(s) URL (docs/decisions/010)', () => {
    expect(load({}).publicSiteUrl).toBe('');
    expect(load({ PUBLIC_SITE_URL: 'https://www.example.com/' }).publicSiteUrl).toBe('https://www.example.com');
    expect(() => load({ PUBLIC_SITE_URL: '/login' })).toThrow(/PUBLIC_SITE_URL must be an absolute http\(s\) URL/);
  });

  it('keeps generated local secrets across restarts', () => {
    expect(boot({}).jwtSecret).toBe(boot({}).jwtSecret);
    expect(boot({}).captchaSecret).toBe(load({}).captchaSecret);
  });

  it('loading writes nothing: DATA_DIR and the local secrets appear only at the boot step (docs/decisions/035)', () => {
    const data = join(dir, 'fresh');
    const env = { DATA_DIR: data };
    const config = loadConfig(env, dir);
    expect(existsSync(data)).toBe(false);
    expect(config.localSecrets).toMatchObject({ file: join(data, '.secrets.json'), write: true });
    const booted = prepareDataDir(config, env, dir);
    expect(JSON.parse(readFileSync(join(data, '.secrets.json'), 'utf8'))).toEqual({ jwt: booted.jwtSecret, captcha: booted.captchaSecret });
    expect(loadConfig(env, dir).localSecrets).toMatchObject({ write: false });
  });

  it('a second process starting on the same DATA_DIR signs with the secrets the first one wrote', () => {
    const first = load({});
    const second = load({});
    expect(second.jwtSecret).not.toBe(first.jwtSecret); // both generated in memory, neither written yet
    const a = prepareDataDir(first, { DATA_DIR: dir }, dir);
    const b = prepareDataDir(second, { DATA_DIR: dir }, dir);
    expect(b.jwtSecret).toBe(a.jwtSecret);
    expect(b.sealing.current.equals(a.sealing.current)).toBe(true);
  });

  it('stops on an unreadable secrets file instead of replacing it', () => {
    writeFileSync(join(dir, '.secrets.json'), '{nope');
    expect(() => load({})).toThrow(/\.secrets\.json cannot be read/);
  });

  it('keeps the generated secrets readable by their owner only, also a file an older version left world-readable', () => {
    boot({});
    const file = join(dir, '.secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    chmodSync(file, 0o644);
    boot({});
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('reads PORTAL_URL once, as an absolute http(s) URL without a trailing slash', () => {
    expect(load({}).portalUrl).toBeNull();
    expect(load({ PORTAL_URL: 'https://portal.example.com/app/' }).portalUrl).toBe('https://portal.example.com/app');
    expect(() => load({ PORTAL_URL: 'portal.example.com' })).toThrow(/PORTAL_URL must be an absolute http\(s\) URL/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be an integer/],
    [{ DATABASE_URL: 'postgres://x' }, /DATABASE_URL must start with mysql/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET is required/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET must be at least 16/],
    [{ CAPTCHA_REQUIRED: 'maybe' }, /CAPTCHA_REQUIRED must be true or false/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL must start with smtp/],
    [{ REMOTES_JSON: '["x"]' }, /REMOTES_JSON must be a JSON object/],
    [{ LOG_FORMAT: 'xml' }, /LOG_FORMAT must be json or pretty/],
  ])('stops on %j with a message naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('reads MySQL/MariaDB URLs and merges a registry override', () => {
    const c = load({ DATABASE_URL: 'mariadb://root@127.0.0.1:3306/portal', REMOTES_JSON: '{"mfe_releases":"https://cdn.example/releases/mf-manifest.json"}' });
    expect(c.database).toEqual({ type: 'mysql', url: 'mysql://root@127.0.0.1:3306/portal' });
    expect(c.remotes.mfe_releases).toBe('https://cdn.example/releases/mf-manifest.json');
    expect(c.remotes.mfe_auth).toBe('/remotes/mfe-auth/mf-manifest.json');
  });
});
