import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../config/app-config';

describe('remote store settings (docs/decisions/007)', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'portal-remote-config-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env }, dir);

  it('defaults: store in DATA_DIR/remotes, 5 versions kept, same-origin versions, the shell build’s shared versions', () => {
    const c = load({ STATIC_ROOT: '/srv/portal' });
    expect(c.remoteStore).toEqual({
      storeDir: join(dir, 'remotes'),
      keepVersions: 5,
      origins: {},
      shellSharedVersions: '/srv/portal/shell/dist/shared-versions.json',
      s3: null,
      checkTimeoutMs: 5000,
      uploadMaxBytes: 50 * 1024 * 1024,
      autoRollback: { windowSeconds: 300, failureRate: 0.2, minLoads: 5, minFailedBrowsers: 3 },
      checkOrigins: {},
      registerBundled: false,
    });
    expect(c.remotesOverride).toEqual({});
    expect(load({ STATIC_ROOT: '' }).remoteStore.shellSharedVersions).toBeNull();
  });

  it('takes an S3-compatible bucket for the store, with its keys, and refuses one without them', () => {
    const s3 = { REMOTE_STORE_S3_URL: 'https://s3.eu-west-1.amazonaws.com/portal-remotes', REMOTE_STORE_S3_ACCESS_KEY_ID: 'AKIA', REMOTE_STORE_S3_SECRET_ACCESS_KEY: 's' };
    expect(load(s3).remoteStore.s3).toEqual({ endpoint: s3.REMOTE_STORE_S3_URL, region: 'us-east-1', accessKeyId: 'AKIA', secretAccessKey: 's' });
    expect(() => load({ REMOTE_STORE_S3_URL: s3.REMOTE_STORE_S3_URL })).toThrow(/REMOTE_STORE_S3_ACCESS_KEY_ID/);
    expect(() => load({ ...s3, REMOTE_STORE_S3_URL: 'ftp://bucket' })).toThrow(ConfigError);
  });

  it('reads REMOTE_ORIGINS by name or package dir, without trailing slashes, and REMOTES_JSON as the override', () => {
    const c = load({ REMOTE_ORIGINS: '{"mfe-releases":"http://localhost:3002/","mfe_auth":"/cdn/auth"}', REMOTES_JSON: '{"mfe_support":"http://x/mf-manifest.json"}' });
    expect(c.remoteStore.origins).toEqual({ mfe_releases: 'http://localhost:3002', mfe_auth: '/cdn/auth' });
    expect(c.remotesOverride).toEqual({ mfe_support: 'http://x/mf-manifest.json' });
  });

  it.each([
    [{ REMOTE_ORIGINS: 'not json' }, /REMOTE_ORIGINS must be a JSON object/],
    [{ REMOTE_ORIGINS: '["x"]' }, /REMOTE_ORIGINS must be a JSON object/],
    [{ REMOTE_ORIGINS: '{"mfe_auth":"ftp://x"}' }, /REMOTE_ORIGINS.mfe_auth must be an http\(s\) URL/],
    [{ REMOTE_KEEP_VERSIONS: '1' }, /REMOTE_KEEP_VERSIONS must be an integer from 2/],
  ])('refuses %p naming the variable', (env, message) => {
    expect(() => load(env)).toThrow(ConfigError);
    expect(() => load(env)).toThrow(message);
  });

  it('refuses docker-compose.yml’s placeholder secrets in production, naming the variable', () => {
    const prod = { NODE_ENV: 'production', JWT_SECRET: 'change-me-to-a-long-random-secret', CAPTCHA_HMAC_SECRET: 'a'.repeat(32), SEAL_KEY: 'c'.repeat(64) };
    expect(() => load(prod)).toThrow('JWT_SECRET is still the placeholder from docker-compose.yml: set a long random secret');
    expect(() => load({ ...prod, JWT_SECRET: 'b'.repeat(32), CAPTCHA_HMAC_SECRET: 'change-me-too-another-long-secret' })).toThrow('CAPTCHA_HMAC_SECRET is still the placeholder');
    expect(() => load({ ...prod, JWT_SECRET: 'b'.repeat(32) })).not.toThrow();
    // Development keeps working with the compose file's values.
    expect(() => load({ JWT_SECRET: 'change-me-to-a-long-random-secret' })).not.toThrow();
  });

  it('reads REMOTE_CHECK_ORIGINS like REMOTE_ORIGINS and REMOTE_REGISTER_BUNDLED', () => {
    const c = load({ REMOTE_CHECK_ORIGINS: '{"mfe-auth":"http://mfe-auth:8080/"}', REMOTE_REGISTER_BUNDLED: 'true' });
    expect([c.remoteStore.checkOrigins, c.remoteStore.registerBundled]).toEqual([{ mfe_auth: 'http://mfe-auth:8080' }, true]);
    expect(() => load({ REMOTE_CHECK_ORIGINS: '[1]' })).toThrow('REMOTE_CHECK_ORIGINS must be a JSON object');
  });
});
