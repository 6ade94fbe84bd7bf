import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { ConfigError, loadModuleSettings } from './settings';
import { sealingConfig, type SealingConfig } from '../sealing/sealing.config';

/** Database connection settings: the embedded SQLite file, or MySQL/MariaDB from DATABASE_URL. */
export type DatabaseConfig = { type: 'sqlite'; path: string } | { type: 'mysql'; url: string };

/** Typed configuration, parsed and validated once at boot (docs/conventions.md §5). */
export type AppConfig = {
  nodeEnv: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  /** Login session lifetime in hours. */
  sessionTtlHours: number;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /**
   * The distributor's own account the bank files pay from (docs/decisions/023-staff-desks.md):
   * PAYOUT_DEBTOR_NAME, PAYOUT_DEBTOR_ACCOUNT (IBAN or the bank's account id), PAYOUT_DEBTOR_BIC.
   * Unset ones keep placeholders and are named in `missing`: with NODE_ENV=production no pain.001 is
   * built until all three are set (the CSV still is).
   */
  payoutDebtor?: { name: string; account: string; bic: string; missing: string[] };
  /**
   * PORTAL_URL: the absolute address of the portal used in e-mailed links (origin + path, no trailing
   * slash), or null when unset — the server then uses `http://localhost:<PORT>` and publishes it, and the
   * CLI uses what the server published (decision 022), so both mail the same links.
   */
  portalUrl: string | null;
  /** `cli` when the operator CLI built this config (it reads the server's published portal URL). */
  runsAs?: 'server' | 'cli';
  publicSiteUrl: string;
  /** ALTCHA proof of work: PBKDF2 `cost` iterations per try, the solver tries up to `maxCounter` values. */
  captcha: { required: boolean; cost: number; maxCounter: number; hmacSecret: string; ttlSeconds: number };
  /**
   * Account endpoints' buckets per window (docs/decisions/026): `authLimit` per client IP and e-mail, `ipLimit`
   * per client IP across e-mails (password spraying), `accountLimit` per e-mail across IPs.
   */
  rateLimit: { authLimit: number; authTtlMs: number; ipLimit: number; accountLimit: number };
  /** Proxies whose X-Forwarded-For is believed (express `trust proxy` list); empty: the socket address only. */
  trustProxy: string[];
  /** Upload abuse limits (docs/decisions/026): uploads per user per minute, bytes a user may keep, hours before an unreferenced upload is removed. */
  uploads: {
    perMinute: number; quotaBytes: number; graceHours: number; sweepMinutes: number;
    /** Artwork rendition jobs run at once (docs/decisions/010: sharp is CPU and memory bound; one per core at most). */
    renditionJobs: number;
  };
  /**
   * Resumable audio uploads (docs/decisions/020): TUS_DIR holds unfinished uploads (default
   * DATA_DIR/tus; every API instance must see the same folder), TUS_EXPIRY_SECONDS after its creation an
   * unfinished upload expires, TUS_SWEEP_SECONDS between removals of expired ones (0: none).
   */
  tus: { dir: string; expirySeconds: number; sweepSeconds: number };
  /** Repository root whose shell/ and mfe-* dist folders are served; null to serve none. */
  staticRoot: string | null;
  /** Remote registry served at /remotes.json: MF remote name -> manifest URL. */
  remotes: Record<string, string>;
  /** REMOTES_JSON alone (development override): these names ignore the live registry. */
  remotesOverride: Record<string, string>;
  /**
   * Versioned remotes (docs/decisions/007): `storeDir` holds `<remote-dir>/<version>/` folders, the last
   * `keepVersions` of each remote are kept; `origins` maps a federation name to the base URL its
   * version folders are served from (default `/remotes/<dir>`, served by this API); `shellSharedVersions`
   * is the shell's `shared-versions.json` the compatibility gate reads (null: unknown, deploys refused).
   */
  remoteStore: { storeDir: string; keepVersions: number; origins: Record<string, string>; shellSharedVersions: string | null; s3: S3StoreSettings | null } & RemoteSafetySettings;
  /**
   * Catalogue at scale (decision 011): a catalogue of `snapshotMin` releases or more is listed and
   * searched (newest or oldest first) on an in-process snapshot; all snapshots of a process hold at
   * most `snapshotEntries` releases (0: no snapshots, every list is SQL).
   */
  catalog: { snapshotMin: number; snapshotEntries: number };
  logFormat: 'json' | 'pretty';
  logRequests: boolean;
  /** SHUTDOWN_GRACE_SECONDS (20, 1–600): longest a graceful drain on SIGTERM may take before the process exits anyway (decision 022). */
  shutdownGraceSeconds: number;
  /**
   * REDIS_URL (docs/decisions/018-scale-out.md): the Redis every API instance shares for rate-limit
   * counts, session revocations and the job queue; null runs all of it in this one process.
   */
  redisUrl: string | null;
  /** RUN_JOBS (true): whether this process runs queued jobs; false makes a web-only instance (the CLI never runs them). */
  runJobs: boolean;
  /** STORAGE_S3_*: every uploaded file in an S3-compatible bucket instead of DATA_DIR/uploads (null: local disk). */
  storageS3: S3StoreSettings | null;
  /**
   * The settings modules declare themselves (docs/decisions/035, `config/settings.ts`): module name →
   * its parsed settings, read through the module's declaration (`distributionSettings.of(config)`,
   * `identifierSettings.of(config)`), never by this key.
   */
  modules: Readonly<Record<string, unknown>>;
  /** SEAL_KEY, SEAL_KEY_PREVIOUS: keys of the values sealed at rest (docs/decisions/032-sealed-secrets-and-complete-backups.md). */
  sealing: SealingConfig;
};

/**
 * Remotes 2 (docs/decisions/021): `checkTimeoutMs` bounds the pre-activation check of a candidate (its
 * manifest, remoteEntry.js and chunks fetched from the origin browsers use); `uploadMaxBytes` bounds a
 * tarball deployed over HTTP; a canary or new live version whose failing browsers reach `failureRate` of
 * at least `minLoads` browsers that reported a load within `windowSeconds` (and `minFailedBrowsers` at
 * least) is rolled back by itself.
 */
export type RemoteSafetySettings = {
  checkTimeoutMs: number;
  uploadMaxBytes: number;
  /**
   * Counted in distinct browsers holding a load token the server issued (docs/decisions/029): `minLoads`
   * browsers reported a load of the version, at least `minFailedBrowsers` of them a failure, and the
   * failing ones are at least `failureRate` of them.
   */
  autoRollback: { windowSeconds: number; failureRate: number; minLoads: number; minFailedBrowsers: number };
  /** REMOTE_CHECK_ORIGINS: where this server reaches a remote's origin when the browsers' one is not reachable from it (containers). */
  checkOrigins: Record<string, string>;
  /** REMOTE_REGISTER_BUNDLED: make the newest stored version of each remote without a live one live (containers' first start). */
  registerBundled: boolean;
};

/** An S3-compatible bucket for the remote version store: path-style endpoint with the bucket, region, keys. */
export type S3StoreSettings = { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

/** A bad setting: the message names the variable (docs/conventions.md §5). */
export { ConfigError };

/** PUBLIC_SITE_URL: an absolute http(s) URL, or empty (no public site). */
function publicSiteUrl(raw: string | undefined): string {
  if (!raw) return '';
  if (!/^https?:\/\/[^/\s]+/i.test(raw)) throw new ConfigError(`PUBLIC_SITE_URL must be an absolute http(s) URL such as https://www.example.com (got "${raw}").`);
  return raw.replace(/\/+$/, '');
}

/** The remotes' package folders, each served at /remotes/<dir>/ from STATIC_ROOT/<dir>/dist. */
export const REMOTE_DIRS = ['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops'] as const;
export const defaultRemotes = (): Record<string, string> =>
  Object.fromEntries(REMOTE_DIRS.map((dir) => [dir.replace(/-/g, '_'), `/remotes/${dir}/mf-manifest.json`]));

function int(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max} (got "${raw}").`);
  }
  return value;
}
/**
 * API_WORKERS is gone (docs/decisions/018-scale-out.md): each API process is an instance; run several
 * behind a balancer with REDIS_URL. `1` (the old default) is still accepted.
 */
function noApiWorkers(env: NodeJS.ProcessEnv): void {
  const raw = env.API_WORKERS?.trim();
  if (raw && raw !== '1') throw new ConfigError(`API_WORKERS is no longer supported (got "${raw}"): run one API process per instance behind a balancer, all with the same REDIS_URL (README "Scale out").`);
}
/** REDIS_URL: redis://[user:password@]host[:port][/db] or rediss:// (TLS); null when unset. */
function redisUrl(env: NodeJS.ProcessEnv): string | null {
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
}
/** The portal URL this process mails links with when nothing else is known: PORTAL_URL, else `http://localhost:<PORT>`. */
export const defaultPortalUrl = (config: Pick<AppConfig, 'portalUrl' | 'port'>): string => config.portalUrl ?? `http://localhost:${config.port || 8080}`;

/** PORTAL_URL: an absolute http(s) URL (origin and optional path; a trailing slash is dropped), or null. */
function portalUrl(env: NodeJS.ProcessEnv): string | null {
  const raw = (env.PORTAL_URL ?? '').trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PORTAL_URL must be an absolute http(s) URL (got "${raw}").`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PORTAL_URL must be an absolute http(s) URL (got "${raw}").`);
  return url.origin + url.pathname.replace(/\/+$/, '');
}
function bool(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(`${name} must be true or false (got "${raw}").`);
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}(\/([0-9]|[12]\d|3[0-2]))?$/;
const IPV6 = /^[0-9a-f:]+(\/\d{1,3})?$/i;
/** TRUST_PROXY: comma-separated IPs or CIDRs of the proxies in front, or express's names loopback, linklocal, uniquelocal. */
function proxies(env: NodeJS.ProcessEnv): string[] {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return [];
  const list = raw.split(',').map((s) => s.trim()).filter(Boolean);
  for (const entry of list) {
    if (!['loopback', 'linklocal', 'uniquelocal'].includes(entry) && !IPV4.test(entry) && !(entry.includes(':') && IPV6.test(entry))) {
      throw new ConfigError(`TRUST_PROXY must list IPs, CIDRs or loopback/linklocal/uniquelocal (got "${entry}").`);
    }
  }
  return list;
}

/**
 * REMOTE_STORE_S3_URL (path-style endpoint with the bucket, e.g. `https://s3.eu-west-1.amazonaws.com/portal-remotes`),
 * REMOTE_STORE_S3_REGION (us-east-1), REMOTE_STORE_S3_ACCESS_KEY_ID and REMOTE_STORE_S3_SECRET_ACCESS_KEY: the
 * remote version store in an S3-compatible bucket instead of REMOTE_STORE_DIR. Null when the URL is unset.
 */
function s3Store(env: NodeJS.ProcessEnv, prefix = 'REMOTE_STORE_S3'): S3StoreSettings | null {
  const endpoint = env[`${prefix}_URL`]?.trim();
  if (!endpoint) return null;
  if (!/^https?:\/\/[^\s/]+\/[^\s/]+\/?$/.test(endpoint)) throw new ConfigError(`${prefix}_URL must be an http(s) URL of the bucket, path style: https://host/bucket.`);
  const accessKeyId = env[`${prefix}_ACCESS_KEY_ID`]?.trim() ?? '';
  const secretAccessKey = env[`${prefix}_SECRET_ACCESS_KEY`]?.trim() ?? '';
  if (!accessKeyId || !secretAccessKey) throw new ConfigError(`${prefix}_ACCESS_KEY_ID and ${prefix}_SECRET_ACCESS_KEY are required with ${prefix}_URL.`);
  return { endpoint, region: env[`${prefix}_REGION`]?.trim() || 'us-east-1', accessKeyId, secretAccessKey };
}

/**
 * REMOTE_ORIGINS: a JSON object of federation name (`mfe_releases`) or package dir (`mfe-releases`)
 * to the base URL its store is served from (`https://releases.cdn.example` or a path like `/remotes/mfe-releases`).
 * Answers name -> base URL without a trailing slash. Throws ConfigError on a bad value.
 */
function remoteOrigins(raw: string | undefined, variable = 'REMOTE_ORIGINS'): Record<string, string> {
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

/** Secrets that may be generated for a local run: kept in DATA_DIR/.secrets.json so restarts keep sessions. */
function localSecret(dataDir: string, key: string): string {
  const file = join(dataDir, '.secrets.json');
  const secrets: Record<string, string> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  if (!secrets[key]) {
    secrets[key] = randomBytes(32).toString('hex');
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  // Owner only (0600), also for a file an older version created with the umask's mode (decision 022).
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return secrets[key];
}

/**
 * Parse and validate the environment. Throws ConfigError naming the variable on a bad value.
 * Variables: PORT (8080), DATA_DIR (./data), DATABASE_URL (mysql://… or sqlite:<file>; default
 * SQLite in DATA_DIR), JWT_SECRET (required in production), SESSION_TTL_HOURS (72), SMTP_URL, MAIL_FROM,
 * SUPPORT_EMAIL, PUBLIC_SITE_URL, CAPTCHA_REQUIRED (true), CAPTCHA_COST (PBKDF2 iterations, 1000), CAPTCHA_MAX_COUNTER (5000),
 * CAPTCHA_HMAC_SECRET, AUTH_RATE_LIMIT (10 per window), AUTH_RATE_TTL_SECONDS (60), AUTH_IP_RATE_LIMIT (30),
 * AUTH_ACCOUNT_RATE_LIMIT (20), TRUST_PROXY (none), UPLOAD_RATE_PER_MINUTE (20), UPLOAD_QUOTA_MB (2048),
 * UPLOAD_GRACE_HOURS (48), UPLOAD_SWEEP_MINUTES (60; 0 = off), CATALOG_SNAPSHOT_MIN (5000),
 * CATALOG_SNAPSHOT_ENTRIES (250000; 0 = off), STATIC_ROOT,
 * REMOTES_JSON, REMOTE_STORE_DIR (DATA_DIR/remotes), REMOTE_KEEP_VERSIONS (5), REMOTE_ORIGINS (JSON),
 * SHELL_SHARED_VERSIONS (STATIC_ROOT/shell/dist/shared-versions.json), LOG_FORMAT (json|pretty), LOG_REQUESTS (true),
 * SHUTDOWN_GRACE_SECONDS (20), PORTAL_URL (http://localhost:<PORT>),
 * REDIS_URL (none: one process keeps counts, events and jobs), STORAGE_S3_URL (path-style bucket URL; none:
 * DATA_DIR/uploads) with STORAGE_S3_REGION (us-east-1), STORAGE_S3_ACCESS_KEY_ID, STORAGE_S3_SECRET_ACCESS_KEY.
 * RUN_JOBS (true). API_WORKERS is refused above 1 (docs/decisions/018-scale-out.md). SEAL_KEY (required in
 * production) and SEAL_KEY_PREVIOUS (docs/decisions/032).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';
  const dataDir = resolve(cwd, env.DATA_DIR || 'data');
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`DATA_DIR "${dataDir}" cannot be created: ${(e as Error).message}`);
  }
  const uploadsDir = join(dataDir, 'uploads');
  const outboxDir = join(dataDir, 'outbox');

  let database: DatabaseConfig;
  const dbUrl = env.DATABASE_URL?.trim();
  if (!dbUrl) database = { type: 'sqlite', path: join(dataDir, 'portal.sqlite') };
  else if (/^(mysql|mariadb):\/\//i.test(dbUrl)) {
    try {
      new URL(dbUrl);
    } catch {
      throw new ConfigError(`DATABASE_URL is not a valid URL.`);
    }
    database = { type: 'mysql', url: dbUrl.replace(/^mariadb:/i, 'mysql:') };
  } else if (/^sqlite:/i.test(dbUrl)) {
    const file = dbUrl.replace(/^sqlite:(\/\/)?/i, '');
    database = { type: 'sqlite', path: file === ':memory:' ? file : isAbsolute(file) ? file : resolve(cwd, file) };
  } else throw new ConfigError(`DATABASE_URL must start with mysql://, mariadb:// or sqlite: (got "${dbUrl.split(':')[0]}:…").`);

  // docker-compose.yml's placeholders (docs/decisions/021): a production start with them would sign sessions with a public secret.
  for (const name of ['JWT_SECRET', 'CAPTCHA_HMAC_SECRET']) {
    if (production && /^change-me/i.test(env[name] ?? '')) throw new ConfigError(`${name} is still the placeholder from docker-compose.yml: set a long random secret (e.g. ${name}=$(openssl rand -hex 32) in .env) before starting in production.`);
  }
  const jwtSecret = env.JWT_SECRET || (production ? '' : localSecret(dataDir, 'jwt'));
  if (!jwtSecret) throw new ConfigError('JWT_SECRET is required when NODE_ENV=production.');
  if (jwtSecret.length < 16) throw new ConfigError('JWT_SECRET must be at least 16 characters.');
  const captchaSecret = env.CAPTCHA_HMAC_SECRET || (production ? '' : localSecret(dataDir, 'captcha'));
  if (!captchaSecret) throw new ConfigError('CAPTCHA_HMAC_SECRET is required when NODE_ENV=production.');

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !/^smtps?:\/\//i.test(smtpUrl)) throw new ConfigError('SMTP_URL must start with smtp:// or smtps://.');

  let remotes = defaultRemotes();
  let remotesOverride: Record<string, string> = {};
  if (env.REMOTES_JSON) {
    try {
      const parsed = JSON.parse(env.REMOTES_JSON) as unknown;
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      for (const [k, v] of Object.entries(parsed)) if (typeof v !== 'string') throw new Error(`${k} is not a URL string`);
      remotesOverride = parsed as Record<string, string>;
      remotes = { ...remotes, ...remotesOverride };
    } catch (e) {
      throw new ConfigError(`REMOTES_JSON must be a JSON object of remote name to manifest URL (${(e as Error).message}).`);
    }
  }
  const staticRoot = env.STATIC_ROOT === '' ? null : resolve(cwd, env.STATIC_ROOT || resolve(__dirname, '../../..'));
  const remoteStore = {
    storeDir: resolve(cwd, env.REMOTE_STORE_DIR || join(dataDir, 'remotes')),
    keepVersions: int(env, 'REMOTE_KEEP_VERSIONS', 5, 2, 1000),
    origins: remoteOrigins(env.REMOTE_ORIGINS),
    shellSharedVersions: env.SHELL_SHARED_VERSIONS
      ? resolve(cwd, env.SHELL_SHARED_VERSIONS)
      : staticRoot
        ? join(staticRoot, 'shell', 'dist', 'shared-versions.json')
        : null,
    s3: s3Store(env),
    checkTimeoutMs: int(env, 'REMOTE_CHECK_TIMEOUT_MS', 5000, 100, 120_000),
    uploadMaxBytes: int(env, 'REMOTE_UPLOAD_MAX_MB', 50, 1, 2048) * 1024 * 1024,
    autoRollback: {
      windowSeconds: int(env, 'REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS', 300, 5, 86_400),
      failureRate: int(env, 'REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT', 20, 1, 100) / 100,
      minLoads: int(env, 'REMOTE_AUTO_ROLLBACK_MIN_LOADS', 5, 1, 100_000),
      minFailedBrowsers: int(env, 'REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS', 3, 1, 100_000),
    },
    checkOrigins: remoteOrigins(env.REMOTE_CHECK_ORIGINS, 'REMOTE_CHECK_ORIGINS'),
    registerBundled: bool(env, 'REMOTE_REGISTER_BUNDLED', false),
  };
  noApiWorkers(env);
  const logFormat = (env.LOG_FORMAT || (production ? 'json' : 'pretty')) as AppConfig['logFormat'];
  if (!['json', 'pretty'].includes(logFormat)) throw new ConfigError('LOG_FORMAT must be json or pretty.');

  return {
    nodeEnv,
    port: int(env, 'PORT', 8080, 0, 65535),
    dataDir,
    uploadsDir,
    outboxDir,
    database,
    jwtSecret,
    sessionTtlHours: int(env, 'SESSION_TTL_HOURS', 72, 1, 24 * 90),
    smtpUrl,
    mailFrom: env.MAIL_FROM || 'Portal <no-reply@portal.local>',
    supportEmail: env.SUPPORT_EMAIL || 'support@portal.local',
    payoutDebtor: {
      name: env.PAYOUT_DEBTOR_NAME || 'Portal Distribution',
      account: env.PAYOUT_DEBTOR_ACCOUNT || 'NOTPROVIDED',
      bic: env.PAYOUT_DEBTOR_BIC || '',
      missing: ['PAYOUT_DEBTOR_NAME', 'PAYOUT_DEBTOR_ACCOUNT', 'PAYOUT_DEBTOR_BIC'].filter((name) => !env[name]?.trim()),
    },
    portalUrl: portalUrl(env),
    // Every declaration registered by the modules' *.settings.ts (api/src/settings.ts imports them all).
    modules: loadModuleSettings({ env, cwd, production }),
    sealing: sealingConfig(env, { production, jwtSecret, deliveryKey: env.DELIVERY_CREDENTIALS_KEY?.trim() || undefined }, (m) => new ConfigError(m)),
    // The product's public site (FAQ, web series pages); none by default: the drawer then shows no link to it.
    publicSiteUrl: publicSiteUrl(env.PUBLIC_SITE_URL),
    captcha: {
      required: bool(env, 'CAPTCHA_REQUIRED', true),
      cost: int(env, 'CAPTCHA_COST', 1000, 1, 10_000_000),
      maxCounter: int(env, 'CAPTCHA_MAX_COUNTER', 5000, 2, 10_000_000),
      hmacSecret: captchaSecret,
      ttlSeconds: int(env, 'CAPTCHA_TTL_SECONDS', 600, 10, 86_400),
    },
    rateLimit: {
      authLimit: int(env, 'AUTH_RATE_LIMIT', 10, 1, 1_000_000),
      authTtlMs: int(env, 'AUTH_RATE_TTL_SECONDS', 60, 1, 86_400) * 1000,
      ipLimit: int(env, 'AUTH_IP_RATE_LIMIT', 30, 1, 1_000_000),
      accountLimit: int(env, 'AUTH_ACCOUNT_RATE_LIMIT', 20, 1, 1_000_000),
    },
    trustProxy: proxies(env),
    uploads: {
      perMinute: int(env, 'UPLOAD_RATE_PER_MINUTE', 20, 1, 100_000),
      quotaBytes: int(env, 'UPLOAD_QUOTA_MB', 2048, 1, 10_000_000) * 1024 * 1024,
      graceHours: int(env, 'UPLOAD_GRACE_HOURS', 48, 1, 24 * 365),
      sweepMinutes: int(env, 'UPLOAD_SWEEP_MINUTES', 60, 0, 24 * 60),
      renditionJobs: int(env, 'ARTWORK_RENDITION_JOBS', 1, 1, 16),
    },
    tus: {
      dir: resolve(cwd, env.TUS_DIR || join(dataDir, 'tus')),
      expirySeconds: int(env, 'TUS_EXPIRY_SECONDS', 24 * 3600, 1, 30 * 24 * 3600),
      sweepSeconds: int(env, 'TUS_SWEEP_SECONDS', 15 * 60, 0, 24 * 3600),
    },
    catalog: {
      snapshotMin: int(env, 'CATALOG_SNAPSHOT_MIN', 5000, 1, 100_000_000),
      snapshotEntries: int(env, 'CATALOG_SNAPSHOT_ENTRIES', 250_000, 0, 100_000_000),
    },
    staticRoot,
    remotes,
    remotesOverride,
    remoteStore,
    logFormat,
    logRequests: bool(env, 'LOG_REQUESTS', true),
    shutdownGraceSeconds: int(env, 'SHUTDOWN_GRACE_SECONDS', 20, 1, 600),
    redisUrl: redisUrl(env),
    runJobs: bool(env, 'RUN_JOBS', true),
    storageS3: s3Store(env, 'STORAGE_S3'),
  };
}

/** Injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
