import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadModuleSettings, type SettingsInput } from './settings';
import { coreSettings, remoteSettings, type DatabaseConfig, type LocalSecrets, type S3StoreSettings } from './core.settings';
import type { SealingConfig } from '../sealing/sealing.config';

export { REMOTE_DIRS, defaultRemotes, type DatabaseConfig, type S3StoreSettings } from './core.settings';

/** Typed configuration, parsed and validated once at boot (docs/conventions.md §5). */
export type AppConfig = {
  nodeEnv: string;
  port: number;
  dataDir: string;
  uploadsDir: string;
  outboxDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  /** CAPTCHA_HMAC_SECRET: signs ALTCHA challenges and captcha passes (the captcha module's other settings: `captchaSettings.of(config)`). */
  captchaSecret: string;
  /** Development secrets of DATA_DIR/.secrets.json (null when both secrets are set): `prepareDataDir` writes the generated ones. */
  localSecrets: LocalSecrets | null;
  smtpUrl?: string;
  mailFrom: string;
  supportEmail: string;
  /**
   * PORTAL_URL: the absolute address of the portal used in e-mailed links (origin + path, no trailing
   * slash), or null when unset — the server then uses `http://localhost:<PORT>` and publishes it, and the
   * CLI uses what the server published (decision 022), so both mail the same links.
   */
  portalUrl: string | null;
  /** `cli` when the operator CLI built this config (it reads the server's published portal URL). */
  runsAs?: 'server' | 'cli';
  publicSiteUrl: string;
  /** Proxies whose X-Forwarded-For is believed (express `trust proxy` list); empty: the socket address only. */
  trustProxy: string[];
  /** Upload abuse limits (docs/decisions/026): uploads per user per minute, bytes a user may keep, hours before an unreferenced upload is removed. */
  uploads: {
    perMinute: number; quotaBytes: number; graceHours: number; sweepMinutes: number;
    /** Artwork rendition jobs run at once (docs/decisions/010: sharp is CPU and memory bound; one per core at most). */
    renditionJobs: number;
  };
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


/** A bad setting: the message names the variable (docs/conventions.md §5). */
export { ConfigError };

/** The portal URL this process mails links with when nothing else is known: PORTAL_URL, else `http://localhost:<PORT>`. */
export const defaultPortalUrl = (config: Pick<AppConfig, 'portalUrl' | 'port'>): string => config.portalUrl ?? `http://localhost:${config.port || 8080}`;

/**
 * Parse and validate the environment (docs/decisions/035): the core's declarations
 * (`config/core.settings.ts`, README tables `core` and `remotes`) laid out as AppConfig's fields, and
 * every module's registered declaration under `modules`. Throws ConfigError naming the variable on a
 * bad value. No side effects: it reads the environment and, in development, DATA_DIR/.secrets.json;
 * the boot step `prepareDataDir` creates DATA_DIR and writes generated local secrets.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  const nodeEnv = env.NODE_ENV || 'development';
  const input: SettingsInput = { env, cwd, production: nodeEnv === 'production' };
  const core = coreSettings.load(input);
  const remotes = remoteSettings.load(input);
  return {
    nodeEnv: core.nodeEnv,
    port: core.port,
    dataDir: core.dataDir,
    uploadsDir: join(core.dataDir, 'uploads'),
    outboxDir: join(core.dataDir, 'outbox'),
    database: core.database,
    jwtSecret: core.secrets.jwtSecret,
    captchaSecret: core.secrets.captchaSecret,
    localSecrets: core.secrets.local,
    smtpUrl: core.mail.smtpUrl,
    mailFrom: core.mail.mailFrom,
    supportEmail: core.supportEmail,
    portalUrl: core.portalUrl,
    // Every declaration registered by the modules' *.settings.ts (api/src/settings.ts imports them all).
    modules: loadModuleSettings(input),
    sealing: core.sealing,
    // The product's public site (FAQ, web series pages); none by default: the drawer then shows no link to it.
    publicSiteUrl: core.publicSiteUrl,
    trustProxy: core.trustProxy,
    uploads: { ...core.uploadLimits, ...core.uploadSweep, renditionJobs: core.renditionJobs },
    staticRoot: remotes.staticRoot,
    remotes: remotes.remotes.remotes,
    remotesOverride: remotes.remotes.remotesOverride,
    remoteStore: {
      storeDir: remotes.storeDir,
      keepVersions: remotes.keepVersions,
      origins: remotes.origins,
      shellSharedVersions: remotes.shellSharedVersions,
      s3: remotes.s3,
      checkTimeoutMs: remotes.checkTimeoutMs,
      uploadMaxBytes: remotes.uploadMaxBytes,
      autoRollback: remotes.autoRollback,
      checkOrigins: remotes.checkOrigins,
      registerBundled: remotes.registerBundled,
    },
    logFormat: core.logs.logFormat,
    logRequests: core.logs.logRequests,
    shutdownGraceSeconds: core.shutdownGraceSeconds,
    redisUrl: core.redisUrl,
    runJobs: core.runJobs,
    storageS3: core.storageS3,
  };
}

/**
 * The boot step of a configuration (main.ts, cli.ts, the test app): create DATA_DIR and write the local
 * secrets `loadConfig` generated (owner only, 0600). When another process wrote the file first (two
 * instances starting on one DATA_DIR), the configuration is loaded again from that file so both sign
 * with the same secrets. Answers the configuration to use. Throws ConfigError when DATA_DIR cannot be created.
 */
export function prepareDataDir(config: AppConfig, env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig {
  try {
    mkdirSync(config.dataDir, { recursive: true });
  } catch (e) {
    throw new ConfigError(`DATA_DIR "${config.dataDir}" cannot be created: ${(e as Error).message}`);
  }
  const local = config.localSecrets;
  if (!local) return config;
  if (local.write) {
    try {
      writeFileSync(local.file, JSON.stringify(local.values, null, 2), { mode: 0o600, flag: local.existed ? 'w' : 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') return prepareDataDir(loadConfig(env, cwd), env, cwd);
      throw e;
    }
  }
  // Owner only (0600), also for a file an older version created with the umask's mode (decision 022).
  if ((statSync(local.file).mode & 0o077) !== 0) chmodSync(local.file, 0o600);
  return { ...config, localSecrets: { ...local, write: false } };
}

/** `loadConfig` then `prepareDataDir`: what a process starting the portal (server, CLI, tests) calls. */
export const bootConfig = (env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): AppConfig => prepareDataDir(loadConfig(env, cwd), env, cwd);

/** Injection token of the AppConfig. */
export const APP_CONFIG = Symbol('APP_CONFIG');
