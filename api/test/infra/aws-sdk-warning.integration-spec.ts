import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, startInstance, type Instance } from './instances';
import { pollUntil, s3Env, startS3rver, type Service } from './services';

/**
 * An instance with S3 storage started as in production (`node dist/main.js`, NODE_ENV=production) on
 * the documented Node 20 prints no `NodeVersionSupportWarning` of the AWS SDK (docs/decisions/030), and
 * other warnings of the process still show: a warning emitted at start by a preloaded file is in its log.
 */
describe('AWS SDK warnings at start', () => {
  let s3: Service;
  let instance: Instance | undefined;
  let dir: string;

  beforeAll(async () => {
    ensureBuilt();
    s3 = await startS3rver('portal-files');
    dir = mkdtempSync(join(tmpdir(), 'aws-warning-'));
  }, 60_000);
  afterAll(async () => {
    await instance?.stop();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints no NodeVersionSupportWarning, and still prints other warnings', async () => {
    const preload = join(dir, 'other-warning.js');
    writeFileSync(preload, "setImmediate(() => process.emitWarning('portal test warning: other warnings still show'));\n");
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATA_DIR: join(dir, 'data'),
      STATIC_ROOT: '',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
      SEAL_KEY: randomBytes(32).toString('hex'),
      LOG_REQUESTS: 'false',
      NODE_OPTIONS: `--require ${preload}`,
      ...s3Env(s3),
    };
    instance = await startInstance('S3', env);
    const text = () => instance!.logs.map((l) => (typeof l.raw === 'string' ? l.raw : JSON.stringify(l))).join('\n');
    await pollUntil('the other warning in the log', () => text().includes('portal test warning'), 10_000);
    expect(process.version).toMatch(/^v20\./);
    expect(text()).not.toMatch(/NodeVersionSupportWarning/);
  }, 90_000);
});
