import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIO_TUS_PATH } from '@portal/contracts';
import { totpCode } from '../helpers/staff';
import { letTimePass, waitFor } from '../helpers/wait-for';
import { filesUnder, multipartCase, multipartRoutes, runMultipartMatrix, sendHostile, SHAPES, type MultipartRoute, type OpenApiDoc } from '../helpers/hostile-requests';
import { call, CLI, ensureBuilt, signUp, startInstance, type Instance } from './instances';
import { s3Env, scratchMysqlDatabase, startS3rver, type Service } from './services';

const TUS = { 'Tus-Resumable': '1.0.0' };
const TUS_SIZE = 128 * 1024;

/**
 * The process-level guard of "no request may take a process down" (issue 34 §1, decision 026 "One
 * multipart receiver"): one API started as in production (`node dist/main.js`, JSON logs, the fatal
 * handlers of decision 022 that log an uncaught exception and exit) on S3 storage (s3rver) and SQLite, or
 * MariaDB when MYSQL_URL is set, gets the whole hostile matrix — every multipart route of its OpenAPI
 * document in its documented field and in an unexpected one, and PATCH /api/tus/<id>, each body stopped
 * short in every way — and is still the same process (same pid, never exited) with zero `uncaught
 * exception` lines in its log, nothing left in the bucket, the uploads folder or the tus folder.
 */
describe('an API process started as in production survives every hostile body', () => {
  let api: Instance;
  let s3: Service;
  let dataDir: string;
  let tusDir: string;
  let env: NodeJS.ProcessEnv;
  let artist: string;
  let admin: string;
  let routes: MultipartRoute[];
  let pid: number;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-hostile-'));
    tusDir = join(dataDir, 'tus');
    s3 = await startS3rver('portal-files');
    env = {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TUS_DIR: tusDir,
      STATIC_ROOT: '',
      JWT_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
      CAPTCHA_REQUIRED: 'false',
      STORE_QC: 'report',
      SHUTDOWN_GRACE_SECONDS: '2',
      LOG_REQUESTS: 'false',
      AUTH_RATE_LIMIT: '1000',
      AUTH_IP_RATE_LIMIT: '1000',
      UPLOAD_RATE_PER_MINUTE: '10000',
      ...s3Env(s3),
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    delete env.API_WORKERS;
    if (process.env.MYSQL_URL) {
      const db = await scratchMysqlDatabase('portal_hostile');
      env.DATABASE_URL = db.url;
      dropDatabase = db.drop;
    }
    api = await startInstance('hostile', env);
    pid = api.process.pid!;
    artist = (await signUp(api.port, dataDir, 'hostile')).token;
    const staff = await signUp(api.port, dataDir, 'hostile-staff');
    execFileSync(process.execPath, [CLI, 'staff', 'add', staff.email, 'admin'], { env: { ...env, PORT: '0' }, stdio: 'pipe' });
    const enrol = await call(api.port, 'POST', '/api/staff/totp/enrol', {}, staff.token);
    const verify = await call(api.port, 'POST', '/api/staff/totp/verify', { code: totpCode((enrol.body.body as { secret: string }).secret) }, staff.token);
    if (verify.body.status !== 200) throw new Error(`staff TOTP: ${JSON.stringify(verify.body)}`);
    admin = staff.token;
    routes = multipartRoutes((await call(api.port, 'GET', '/api/docs-json')).body as unknown as OpenApiDoc);
  }, 180_000);

  afterAll(async () => {
    await api?.stop();
    await s3?.stop();
    await dropDatabase?.();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Problems of the process after a case: not the same pid any more, not live, an uncaught exception logged. */
  const check = async (): Promise<string | null> => {
    if (api.process.exitCode !== null || api.process.signalCode !== null) return `the API exited (${api.process.exitCode ?? api.process.signalCode})`;
    const live = await call(api.port, 'GET', '/api/health/live').then((a) => a.status, (e: Error) => e.message);
    if (live !== 200) return `live ${live}`;
    return api.process.pid === pid ? null : `pid ${api.process.pid} is not ${pid}`;
  };
  const uncaught = () => api.logs.filter((l) => /uncaught exception|unhandled rejection/i.test(JSON.stringify(l)));
  const stored = () => [...filesUnder(join(dataDir, 'uploads')), ...filesUnder(join(dataDir, 'statements')), ...filesUnder(s3.dir!)];

  it('answers every multipart route’s cut-off bodies without dying, and keeps nothing', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(6);
    const before = stored();
    const wrong = await runMultipartMatrix(api.port, routes, (path) => (path.startsWith('/api/ops/') ? admin : artist), check);
    expect(wrong).toEqual([]);
    expect(uncaught()).toEqual([]);
    await waitFor(() => stored().join() === before.join(), { timeout: 10_000, what: 'the storage to drop every part' }).catch(() => undefined);
    expect(stored()).toEqual(before);
  }, 300_000);

  it('answers every cut-off PATCH /api/tus/<id> without dying, and the tus folder is empty once the uploads are cancelled', async () => {
    const wrong: string[] = [];
    const bytes = randomBytes(TUS_SIZE);
    for (const kind of ['offset+octet-stream', 'multipart', 'json'] as const) {
      for (const shape of SHAPES) {
        const created = await call(api.port, 'POST', AUDIO_TUS_PATH, undefined, artist, { ...TUS, 'Upload-Length': String(TUS_SIZE), 'Upload-Metadata': `filename ${Buffer.from('song.wav').toString('base64')}` });
        if (created.status !== 201) throw new Error(`tus create: ${created.status} ${created.raw.toString()}`);
        const location = String(created.headers.location);
        // The tus body, or where tus expects raw bytes (the "unexpected field" of this route) a multipart
        // form, or bytes typed as JSON (the API's JSON parser sits in front of every /api path).
        const form = multipartCase('file', shape);
        const body = kind === 'multipart' ? form.body : shape === 'no-closing-boundary' ? bytes.subarray(0, TUS_SIZE / 2) : bytes;
        const contentType = { 'offset+octet-stream': 'application/offset+octet-stream', multipart: form.headers['Content-Type'], json: 'application/json' }[kind];
        const outcome = await sendHostile(api.port, 'PATCH', location, { ...TUS, Authorization: `Bearer ${artist}`, 'Content-Type': contentType, 'Upload-Offset': '0' }, body, shape);
        const name = `PATCH ${AUDIO_TUS_PATH}/<id> [${kind}] ${shape}`;
        // A whole tus body (exact length, half the upload) is a good PATCH (204); everything else 4xx or a clean close.
        const fine = outcome.status === null ? outcome.ended !== 'timeout' && shape !== 'no-closing-boundary' : outcome.status < 500;
        if (!fine) wrong.push(`${name}: ${JSON.stringify(outcome)}`);
        // A late error would fire after the answer: let that moment pass, then look.
        await letTimePass(50);
        const problem = await check();
        if (problem) wrong.push(`${name}: ${problem}`);
        const offset = await call(api.port, 'HEAD', location, undefined, artist, TUS);
        if (offset.status !== 200 || Number(offset.headers['upload-offset']) > TUS_SIZE) wrong.push(`${name}: HEAD ${offset.status} offset ${offset.headers['upload-offset']}`);
        const cancelled = await call(api.port, 'DELETE', location, undefined, artist, TUS);
        if (cancelled.status !== 204) wrong.push(`${name}: DELETE ${cancelled.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(uncaught()).toEqual([]);
    await waitFor(() => filesUnder(tusDir).length === 0, { timeout: 10_000, what: 'the tus folder to empty' }).catch(() => undefined);
    expect(filesUnder(tusDir)).toEqual([]);
  }, 300_000);
});
