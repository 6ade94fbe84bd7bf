import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError, describeSettings, intSetting, type SettingsInput } from './settings';
import { sealingConfig } from '../sealing/sealing.config';

/**
 * The core's own settings (docs/decisions/035, "Config"): server, database, secrets, mail, uploads,
 * remotes, Redis, storage, jobs. Declared like a module's (`describeSettings`): each row of README's
 * tables `<!-- settings:core -->` and `<!-- settings:remotes -->` is one setting here, its parser the only
 * place that reads and validates its variables; `loadConfig` lays the values out as AppConfig's fields.
 * Parsing reads the environment and, in development, DATA_DIR/.secrets.json; it writes nothing
 * (`prepareDataDir` does, at boot).
 */

/** Database connection settings: the embedded SQLite file, or MySQL/MariaDB from DATABASE_URL. */
export type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };

/** An S3-compatible bucket: path-style endpoint with the bucket, region, keys. */
export type S3StoreSettings = { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * Development secrets generated for a local run (no JWT_SECRET / CAPTCHA_HMAC_SECRET set): the values
 * in `file` (DATA_DIR/.secrets.json) after `prepareDataDir` writes the ones it lacks (`write`).
 */
export type LocalSecrets = { file: string; values: Record<string, string>; write: boolean; existed: boolean };

/** The remotes' package folders, each served at /remotes/<dir>/ from STATIC_ROOT/<dir>/dist. */
export const REMOTE_DIRS = ['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops'] as const;
/** Federation name → same-origin manifest URL of every remote. */
export const defaultRemotes = (): Record<string, string> =>
  Object.fromEntries(REMOTE_DIRS.map((dir) => [dir.replace(/-/g, '_'), `/remotes/${dir}/mf-manifest.json`]));

const int = (env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number) => intSetting(env, name, fallback, min, max);

function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

/** DATA_DIR resolved against the working folder (default ./data). Pure: the folder is created by `prepareDataDir`. */
export const dataDirOf = ({ env, cwd }: SettingsInput): string => resolve(cwd, env.DATA_DIR || 'data');

/** An absolute http(s) URL (origin and optional path, trailing slash dropped), or null when unset. */
function absoluteUrl(env: NodeJS.ProcessEnv, name: string): string | null {
  const raw = (env[name] ?? '').trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`${name} must be an absolute http(s) URL (got "${raw}").`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const IPV6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;

/** `<PREFIX>_URL` (path-style bucket URL), `_REGION`, `_ACCESS_KEY_ID`, `_SECRET_ACCESS_KEY`; null when the URL is unset. */
function s3Store(env: NodeJS.ProcessEnv, prefix: string): S3StoreSettings | null {
  const endpoint = env[`${prefix}_URL`]?.trim();
  if (!endpoint) return null;
  if (!/^https?:\/\/[^\s/]+\/[^\s/]+\/?$/.test(endpoint)) throw new ConfigError(`${prefix}_URL must be an http(s) URL of the bucket, path style: https://host/bucket.`);
  const accessKeyId = env[`${prefix}_ACCESS_KEY_ID`]?.trim() ?? '';
  const secretAccessKey = env[`${prefix}_SECRET_ACCESS_KEY`]?.trim() ?? '';
  if (!accessKeyId || !secretAccessKey) throw new ConfigError(`${prefix}_ACCESS_KEY_ID and ${prefix}_SECRET_ACCESS_KEY are required with ${prefix}_URL.`);
  return { endpoint, region: env[`${prefix}_REGION`]?.trim() || 'us-east-1', accessKeyId, secretAccessKey };
}

/**
 * A JSON object of federation name (`mfe_releases`) or package dir (`mfe-releases`) to a base URL
 * (`https://releases.cdn.example` or a path like `/remotes/mfe-releases`) → name → URL without a trailing slash.
 */
function remoteOrigins(raw: string | undefined, variable: string): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (e) {
    throw new ConfigError(`${variable} must be a JSON object of remote name to base URL (${(e as Error).message}).`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new ConfigError(`${variable} must be a JSON object of remote name to base URL.`);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (typeof value !== 'string' || !/^(https?:\/\/[^\s]+|\/[^\s]*)$/.test(value)) {
      throw new ConfigError(`${variable}.${key} must be an http(s) URL or a path starting with / (got ${JSON.stringify(value)}).`);
    }
    out[key.replace(/-/g, '_')] = value.replace(/\/+$/, '');
  }
  return out;
}

/**
 * The development secrets of DATA_DIR/.secrets.json, read if the file exists, the missing ones generated
 * in memory (`write: true`: `prepareDataDir` writes them before anything uses them, so restarts keep sessions).
 */
function localSecrets(dataDir: string, keys: readonly string[]): LocalSecrets {
  const file = join(dataDir, '.secrets.json');
  let values: Record<string, string> = {};
  const existed = existsSync(file);
  if (existed) {
    try {
      values = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
    } catch (e) {
      throw new ConfigError(`DATA_DIR/.secrets.json cannot be read (${(e as Error).message}): remove it to generate new local secrets, or set JWT_SECRET and CAPTCHA_HMAC_SECRET.`);
    }
  }
  let write = false;
  for (const key of keys) {
    if (typeof values[key] !== 'string' || !values[key]) {
      values = { ...values, [key]: randomBytes(32).toString('hex') };
      write = true;
    }
  }
  return { file, values, write, existed };
}

/** `core` README table: the server, its data, secrets, mail, uploads, logs, Redis, storage and jobs. */
export const coreSettings = describeSettings('core', {
  nodeEnv: {
    variables: ['NODE_ENV'],
    default: '`development`',
    meaning: '`production` requires `JWT_SECRET`, `CAPTCHA_HMAC_SECRET` and `SEAL_KEY`, refuses docker-compose.yml\'s placeholders and logs JSON',
    parse: ({ env }) => env.NODE_ENV || 'development',
  },
  port: { variables: ['PORT'], default: '`8080`', meaning: 'the one URL of the portal', parse: ({ env }) => int(env, 'PORT', 8080, 0, 65535) },
  dataDir: {
    variables: ['DATA_DIR'],
    default: '`./data`',
    meaning: 'SQLite database, uploads, dev outbox, generated local secrets (created at start; `DATA_DIR/legal/terms.md` and `privacy.md` replace the built-in terms and privacy texts, [decision 017](docs/decisions/017-artist-journey.md))',
    parse: (input) => dataDirOf(input),
  },
  database: {
    variables: ['DATABASE_URL'],
    default: 'SQLite in `DATA_DIR`',
    meaning: '`mysql://user:pass@host:3306/db` (MySQL 8 / MariaDB) or `sqlite:<file>`',
    parse: ({ env, cwd }, earlier): DatabaseConfig => {
      const dbUrl = env.DATABASE_URL?.trim();
      if (!dbUrl) return { type: 'sqlite', path: join(earlier.dataDir as string, 'portal.sqlite') };
      if (/^(mysql|mariadb):\/\//i.test(dbUrl)) {
        try {
          new URL(dbUrl);
        } catch {
          throw new ConfigError(`DATABASE_URL is not a valid URL.`);
        }
        return { type: 'mysql', url: dbUrl.replace(/^mariadb:/i, 'mysql:') };
      }
      if (/^sqlite:/i.test(dbUrl)) {
        const file = dbUrl.replace(/^sqlite:(\/\/)?/i, '');
        return { type: 'sqlite', path: file === ':memory:' ? file : isAbsolute(file) ? file : resolve(cwd, file) };
      }
      throw new ConfigError(`DATABASE_URL must start with mysql://, mariadb:// or sqlite: (got "${dbUrl.split(':')[0]}:…").`);
    },
  },
  secrets: {
    variables: ['JWT_SECRET', 'CAPTCHA_HMAC_SECRET'],
    default: 'generated into `DATA_DIR/.secrets.json`',
    meaning: 'required when `NODE_ENV=production`',
    parse: ({ env, production }, earlier) => {
      // docker-compose.yml's placeholders (docs/decisions/021): a production start with them would sign sessions with a public secret.
      for (const name of ['JWT_SECRET', 'CAPTCHA_HMAC_SECRET']) {
        if (production && /^change-me/i.test(env[name] ?? '')) throw new ConfigError(`${name} is still the placeholder from docker-compose.yml: set a long random secret (e.g. ${name}=$(openssl rand -hex 32) in .env) before starting in production.`);
      }
      const missing = [['JWT_SECRET', 'jwt'], ['CAPTCHA_HMAC_SECRET', 'captcha']].filter(([name]) => !env[name]).map(([, key]) => key);
      const local = !production && missing.length ? localSecrets(earlier.dataDir as string, missing) : null;
      const jwtSecret = env.JWT_SECRET || local?.values.jwt || '';
      if (!jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production.');
      if (jwtSecret.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters.');
      const captchaSecret = env.CAPTCHA_HMAC_SECRET || local?.values.captcha || '';
      if (!captchaSecret) throw new ConfigError('CAPTCHA_HMAC_SECRET is required when NODE_ENV=production.');
      return { jwtSecret, captchaSecret, local };
    },
  },
  sealing: {
    variables: ['SEAL_KEY', 'SEAL_KEY_PREVIOUS'],
    default: 'derived from `JWT_SECRET` (required when `NODE_ENV=production`); none',
    meaning:
      '`SEAL_KEY`: 32 bytes (64 hex digits or base64: `openssl rand -hex 32`) sealing at rest (AES-256-GCM) staff TOTP seeds, bank account numbers, PANs, IBANs and delivery credentials: a dump or a backup shows none of them, answers show them masked. Keep it in your secret store, not beside the backup. A key that does not open the database\'s sealed values stops the start naming it ([decision 032](docs/decisions/032-sealed-secrets-and-complete-backups.md)). `SEAL_KEY_PREVIOUS`: comma-separated older keys still opened while rotating: give every instance the new `SEAL_KEY` and the old key here, run `npm run cli -w @portal/api -- seal-rotate` (re-seals every value under `SEAL_KEY`; `--check` counts them), then remove it',
    parse: ({ env, production }, earlier) =>
      sealingConfig(env, { production, jwtSecret: (earlier.secrets as { jwtSecret: string }).jwtSecret, deliveryKey: env.DELIVERY_CREDENTIALS_KEY?.trim() || undefined }, (m) => new ConfigError(m)),
  },
  mail: {
    variables: ['SMTP_URL', 'MAIL_FROM'],
    default: 'dev outbox',
    meaning: 'nodemailer transport, e.g. `smtp://mailpit:1025`',
    parse: ({ env }) => {
      const smtpUrl = env.SMTP_URL?.trim() || undefined;
      if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');
      return { smtpUrl, mailFrom: env.MAIL_FROM || 'Portal <no-reply@portal.local>' };
    },
  },
  supportEmail: { variables: ['SUPPORT_EMAIL'], default: '`support@portal.local`', meaning: 'the `{email}` of the revoked-user text', parse: ({ env }) => env.SUPPORT_EMAIL || 'support@portal.local' },
  publicSiteUrl: {
    variables: ['PUBLIC_SITE_URL'],
    default: 'none',
    meaning: 'the product\'s public site (absolute `https://…`): the drawer\'s "Distribute Web Series" and "FAQ" open `<PUBLIC_SITE_URL>/web-series` and `/faq`, the credit links to it; without it those links are not shown',
    parse: ({ env }) => {
      const raw = env.PUBLIC_SITE_URL;
      if (!raw) return '';
      if (!/^https?:\/\/[^/\s]+/i.test(raw)) throw new ConfigError(`PUBLIC_SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "${raw}").`);
      return raw.replace(/\/+$/, '');
    },
  },
  trustProxy: {
    variables: ['TRUST_PROXY'],
    default: 'none',
    meaning: 'proxies whose `X-Forwarded-For` is believed (IPs, CIDRs, `loopback`, `uniquelocal`); none: the socket address',
    parse: ({ env }) => {
      const raw = env.TRUST_PROXY?.trim();
      if (!raw) return [] as string[];
      const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
      for (const entry of list) {
        if (!['loopback', 'linklocal', 'uniquelocal'].includes(entry) && !IPV4.test(entry) && !(entry.includes(':') && IPV6.test(entry))) {
          throw new ConfigError(`TRUST_PROXY must list IPs, CIDRs or loopback/linklocal/uniquelocal (got "${entry}").`);
        }
      }
      return list;
    },
  },
  uploadLimits: {
    variables: ['UPLOAD_RATE_PER_MINUTE', 'UPLOAD_QUOTA_MB'],
    default: '`20`, `2048`',
    meaning: 'uploads a user may start per minute; bytes a user may keep',
    parse: ({ env }) => ({ perMinute: int(env, 'UPLOAD_RATE_PER_MINUTE', 20, 1, 100_000), quotaBytes: int(env, 'UPLOAD_QUOTA_MB', 2048, 1, 10_000_000) * 1024 * 1024 }),
  },
  uploadSweep: {
    variables: ['UPLOAD_GRACE_HOURS', 'UPLOAD_SWEEP_MINUTES'],
    default: '`48`, `60`',
    meaning: 'abandoned uploads (nothing references them) are removed after this age, checked this often (`0`: off)',
    parse: ({ env }) => ({ graceHours: int(env, 'UPLOAD_GRACE_HOURS', 48, 1, 24 * 365), sweepMinutes: int(env, 'UPLOAD_SWEEP_MINUTES', 60, 0, 24 * 60) }),
  },
  renditionJobs: {
    variables: ['ARTWORK_RENDITION_JOBS'],
    default: '`1`',
    meaning: 'artwork rendition jobs (sharp) run at once; each artwork gets 64/300/1000 px WebP and JPEG copies at upload (docs/decisions/009)',
    parse: ({ env }) => int(env, 'ARTWORK_RENDITION_JOBS', 1, 1, 16),
  },
  logs: {
    variables: ['LOG_FORMAT', 'LOG_REQUESTS'],
    default: '`pretty` (`json` in production), `true`',
    meaning: 'structured logs with a request id on every line',
    parse: ({ env, production }) => {
      const logFormat = (env.LOG_FORMAT || (production ? 'json' : 'pretty')) as 'json' | 'pretty';
      if (!['json', 'pretty'].includes(logFormat)) throw new ConfigError('LOG_FORMAT must be json or pretty.');
      return { logFormat, logRequests: bool(env, 'LOG_REQUESTS', true) };
    },
  },
  redisUrl: {
    variables: ['REDIS_URL'],
    default: 'none',
    meaning: '`redis://[user:pass@]host:port[/db]` or `rediss://`: rate-limit counts, upload/TOTP windows, session revocations and the job queue shared by every API instance; none: all of it in this one process ([decision 018](docs/decisions/018-scale-out.md))',
    parse: ({ env }): string | null => {
      const raw = env.REDIS_URL?.trim();
      if (!raw) return null;
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new ConfigError(`REDIS_URL must be a URL such as redis://127.0.0.1:6379 (got "${raw}").`);
      }
      if (!/^rediss?:$/.test(url.protocol) || !url.hostname) throw new ConfigError(`REDIS_URL must start with redis:// or rediss:// and name a host (got "${raw}").`);
      if (url.pathname.length > 1 && !/^\/\d{1,2}$/.test(url.pathname)) throw new ConfigError(`REDIS_URL's path must be a database number such as /0 (got "${url.pathname}").`);
      return raw;
    },
  },
  storageS3: {
    variables: ['STORAGE_S3_URL', 'STORAGE_S3_REGION', 'STORAGE_S3_ACCESS_KEY_ID', 'STORAGE_S3_SECRET_ACCESS_KEY'],
    default: 'none (`DATA_DIR/uploads`), `us-east-1`',
    meaning: 'every uploaded file in an S3-compatible bucket (path style `https://host/bucket`: AWS S3, MinIO, R2); the keys are required with the URL',
    parse: ({ env }) => s3Store(env, 'STORAGE_S3'),
  },
  runJobs: {
    variables: ['RUN_JOBS'],
    default: '`true`',
    meaning: 'whether this instance runs queued jobs and every schedule (renditions, mail, the upload sweep, the delivery poller, start-up pick-ups of imports and QC, the load-report sweep, bundled-remote registration; [decision 034](docs/decisions/034-one-transaction-owner.md)); `false`: a web-only instance. While no instance runs jobs, an artwork upload (its renditions are a job) is answered 503 with `Retry-After` at once, never held ([decision 030](docs/decisions/030-overload-and-images.md))',
    parse: ({ env }) => bool(env, 'RUN_JOBS', true),
  },
  apiWorkers: {
    variables: ['API_WORKERS'],
    default: '—',
    meaning: 'removed: a value other than `1` stops the start; run one process per instance behind a balancer with `REDIS_URL` (decision 018)',
    parse: ({ env }) => {
      const raw = env.API_WORKERS?.trim();
      if (raw && raw !== '1') throw new ConfigError(`API_WORKERS is no longer supported (got "${raw}"): run one API process per instance behind a balancer, all with the same REDIS_URL (README "Scale out").`);
      return 1;
    },
  },
  portalUrl: {
    variables: ['PORTAL_URL'],
    default: '`http://localhost:<PORT>`',
    meaning: 'absolute address used in e-mailed links (invite `/signup?name=`, ticket links); read once by the config module; the server publishes the URL it uses, so `npm run cli` commands mail the same links ([decision 022](docs/decisions/022-trust-first.md))',
    parse: ({ env }) => absoluteUrl(env, 'PORTAL_URL'),
  },
  shutdownGraceSeconds: {
    variables: ['SHUTDOWN_GRACE_SECONDS'],
    default: '`20`',
    meaning: 'on SIGTERM the API drains: readiness 503, no new connections, every request received answered with `Connection: close`, idle keep-alive sockets closed; after this many seconds it exits anyway (decision 022)',
    parse: ({ env }) => int(env, 'SHUTDOWN_GRACE_SECONDS', 20, 1, 600),
  },
});

/** `remotes` README table: the front ends served and the versioned remote store (decisions 007, 021, 029). */
export const remoteSettings = describeSettings('remotes', {
  staticRoot: {
    variables: ['STATIC_ROOT'],
    default: 'repository root',
    meaning: 'where the built shell and remotes are; empty = API only',
    parse: ({ env, cwd }) => (env.STATIC_ROOT === '' ? null : resolve(cwd, env.STATIC_ROOT || resolve(__dirname, '../../..'))),
  },
  remotes: {
    variables: ['REMOTES_JSON'],
    default: 'the live registry (database), else same-origin `/remotes/<dir>/mf-manifest.json`',
    meaning: 'development override per remote: `{"mfe_releases":"https://cdn/x/mf-manifest.json"}`',
    parse: ({ env }) => {
      if (!env.REMOTES_JSON) return { remotes: defaultRemotes(), remotesOverride: {} as Record<string, string> };
      try {
        const parsed = JSON.parse(env.REMOTES_JSON) as unknown;
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        for (const [k, v] of Object.entries(parsed)) if (typeof v !== 'string') throw new Error(`${k} is not a URL string`);
        const remotesOverride = parsed as Record<string, string>;
        return { remotes: { ...defaultRemotes(), ...remotesOverride }, remotesOverride };
      } catch (e) {
        throw new ConfigError(`REMOTES_JSON must be a JSON object of remote name to manifest URL (${(e as Error).message}).`);
      }
    },
  },
  storeDir: {
    variables: ['REMOTE_STORE_DIR'],
    default: '`DATA_DIR/remotes`',
    meaning: 'version store of deployed remotes: `<dir>/<version>/`',
    parse: (input) => resolve(input.cwd, input.env.REMOTE_STORE_DIR || join(dataDirOf(input), 'remotes')),
  },
  s3: {
    variables: ['REMOTE_STORE_S3_URL', 'REMOTE_STORE_S3_REGION', 'REMOTE_STORE_S3_ACCESS_KEY_ID', 'REMOTE_STORE_S3_SECRET_ACCESS_KEY'],
    default: 'none, `us-east-1`',
    meaning: 'the version store in an S3-compatible bucket instead (path style `https://host/bucket`; the keys are required with the URL); browsers then load versions from the bucket\'s public URL set in `REMOTE_ORIGINS`',
    parse: ({ env }) => s3Store(env, 'REMOTE_STORE_S3'),
  },
  keepVersions: {
    variables: ['REMOTE_KEEP_VERSIONS'],
    default: '`5`',
    meaning: 'versions kept per remote in the store after a deploy: always the live one, the canary, the one live a moment ago and the newest; then the rollback targets and other recently live ones ([decision 021](docs/decisions/021-remotes-2.md))',
    parse: ({ env }) => int(env, 'REMOTE_KEEP_VERSIONS', 5, 2, 1000),
  },
  checkTimeoutMs: {
    variables: ['REMOTE_CHECK_TIMEOUT_MS'],
    default: '`5000`',
    meaning: 'the pre-activation check of a version (manifest, remoteEntry.js, every exposed chunk from the browsers\' origin) must finish within this',
    parse: ({ env }) => int(env, 'REMOTE_CHECK_TIMEOUT_MS', 5000, 100, 120_000),
  },
  checkOrigins: {
    variables: ['REMOTE_CHECK_ORIGINS'],
    default: 'none',
    meaning: 'how this server reaches a remote\'s origin when the browsers\' one is not reachable from it (containers): `{"mfe_auth":"http://mfe-auth:8080"}`',
    parse: ({ env }) => remoteOrigins(env.REMOTE_CHECK_ORIGINS, 'REMOTE_CHECK_ORIGINS'),
  },
  uploadMaxBytes: {
    variables: ['REMOTE_UPLOAD_MAX_MB'],
    default: '`50`',
    meaning: 'largest tarball a deploy over HTTP accepts',
    parse: ({ env }) => int(env, 'REMOTE_UPLOAD_MAX_MB', 50, 1, 2048) * 1024 * 1024,
  },
  autoRollback: {
    variables: ['REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS', 'REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT', 'REMOTE_AUTO_ROLLBACK_MIN_LOADS', 'REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS'],
    default: '`300`, `20`, `5`, `3`',
    meaning:
      'a canary or new live version is rolled back by itself and marked bad when, within the window, at least `MIN_LOADS` distinct browsers reported loading it, at least `MIN_FAILED_BROWSERS` of them a failure, and the failing ones reach the percentage; only reports carrying the load token `/remotes.json` issued to that browser count, once per browser ([decision 029](docs/decisions/029-beacons-and-deploy-edges.md))',
    parse: ({ env }) => ({
      windowSeconds: int(env, 'REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS', 300, 5, 86_400),
      failureRate: int(env, 'REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT', 20, 1, 100) / 100,
      minLoads: int(env, 'REMOTE_AUTO_ROLLBACK_MIN_LOADS', 5, 1, 100_000),
      minFailedBrowsers: int(env, 'REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS', 3, 1, 100_000),
    }),
  },
  registerBundled: {
    variables: ['REMOTE_REGISTER_BUNDLED'],
    default: '`false`',
    meaning: 'containers\' first start: each remote without a live version gets the newest version its container published into the store',
    parse: ({ env }) => bool(env, 'REMOTE_REGISTER_BUNDLED', false),
  },
  origins: {
    variables: ['REMOTE_ORIGINS'],
    default: '`/remotes/<dir>` (this API)',
    meaning: 'where the browser loads each remote\'s versions: `{"mfe_releases":"https://releases.example.com"}`',
    parse: ({ env }) => remoteOrigins(env.REMOTE_ORIGINS, 'REMOTE_ORIGINS'),
  },
  shellSharedVersions: {
    variables: ['SHELL_SHARED_VERSIONS'],
    default: '`STATIC_ROOT/shell/dist/shared-versions.json`',
    meaning: 'the shell\'s singleton versions for the compatibility gate of deploys',
    parse: ({ env, cwd }, earlier) => {
      const staticRoot = earlier.staticRoot as string | null;
      return env.SHELL_SHARED_VERSIONS ? resolve(cwd, env.SHELL_SHARED_VERSIONS) : staticRoot ? join(staticRoot, 'shell', 'dist', 'shared-versions.json') : null;
    },
  },
  actor: {
    variables: ['REMOTE_ACTOR'],
    default: '`<user>@<host>`',
    meaning: 'who the `remote` command records as having deployed or rolled back (or `--by`)',
    parse: ({ env }) => env.REMOTE_ACTOR?.trim() || null,
  },
});
