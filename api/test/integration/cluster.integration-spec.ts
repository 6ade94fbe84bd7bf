import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { AUTH_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';

/**
 * The API under Node's cluster module (API_WORKERS=2; issue 14, docs/decisions/012-api-cluster.md),
 * started as production starts it (`node dist/main.js`) on SQLite, the engine where several processes
 * share one database file. Every request below opens its own connection, and the cluster hands new
 * connections to the workers in turn, so consecutive requests reach both workers.
 */
const API = join(__dirname, '..', '..');
const MAIN = join(API, 'dist', 'main.js');

/** dist/ must hold the sources under test: compile when any source is newer than dist/main.js. */
function ensureBuilt(): void {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return Math.max(m, newest(p));
      return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? Math.max(m, statSync(p).mtimeMs) : m;
    }, 0);
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= newest(join(API, 'src'))) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(API, 'tsconfig.build.json')], { cwd: API, stdio: 'inherit' });
}

type Answer = { status: number; body: Record<string, unknown> };
/** One request on a new connection (no keep-alive). */
function call(port: number, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1', port, method, path, agent: false,
        headers: { connection: 'close', ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

/** Pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      const v = await fn();
      if (v !== undefined) return v;
    } catch {
      /* not yet */
    }
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('API cluster (API_WORKERS=2, SQLite)', () => {
  let primary: ChildProcess;
  let port: number;
  let dataDir: string;

  const signupAndVerify = async (tag: string) => {
    const email = `cluster.${tag}@example.com`;
    const signup = await call(port, 'POST', '/api/signup', { name: `Cluster ${tag}`, email, phone: '9876543210', address: '1 Cluster Road', password: 'secret12' });
    expect(signup.body.status).toBe(200);
    const outbox = join(dataDir, 'outbox');
    const otp = await until(`the OTP mail of ${email}`, () => {
      for (const f of readdirSync(outbox)) {
        const mail = JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; meta?: { otp?: string } };
        if (mail.to === email && mail.meta?.otp) return mail.meta.otp;
      }
      return undefined;
    });
    const verified = await call(port, 'POST', '/api/verifyEmailOTP', { email, otp });
    expect(verified.body.token).toEqual(expect.any(String));
    return { email, token: verified.body.token as string };
  };

  beforeAll(async () => {
    ensureBuilt();
    dataDir = mkdtempSync(join(tmpdir(), 'portal-cluster-'));
    port = 20000 + Math.floor(Math.random() * 20000);
    const env: NodeJS.ProcessEnv = {
      ...process.env, NODE_ENV: 'test', PORT: String(port), DATA_DIR: dataDir, STATIC_ROOT: '', API_WORKERS: '2',
      JWT_SECRET: randomBytes(24).toString('hex'), CAPTCHA_REQUIRED: 'false', LOG_REQUESTS: 'false', UPLOAD_SWEEP_MINUTES: '0',
      AUTH_RATE_LIMIT: '1000', AUTH_IP_RATE_LIMIT: '1000', AUTH_ACCOUNT_RATE_LIMIT: '4',
    };
    delete env.DATABASE_URL;
    primary = spawn(process.execPath, [MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    // The primary logs its "Portal on …" line once every worker listens.
    let out = '';
    primary.stdout!.on('data', (d: Buffer) => (out += d.toString('utf8')));
    await until('both workers listening', () => (out.includes('2 workers') ? true : undefined), 60_000);
  }, 120_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null) {
      const exited = new Promise((r) => primary.once('exit', r));
      primary.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs two worker processes under the primary', () => {
    expect(childrenOf(primary.pid!)).toHaveLength(2);
  });

  it('counts the per-account login limit once across workers, not once per worker', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await call(port, 'POST', '/api/login', { email: 'shared-bucket@example.com', password: 'wrong-password' })).status);
    // Two workers counting alone would each allow 4, and none of the six would be refused.
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });

  it('logout on one worker ends the session on the other at once, though both had it cached', async () => {
    const { token } = await signupAndVerify('logout');
    for (let i = 0; i < 4; i++) expect((await call(port, 'GET', '/api/getUserDetails', undefined, token)).status).toBe(200);
    expect((await call(port, 'POST', '/api/logout', {}, token)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      const after = await call(port, 'GET', '/api/getUserDetails', undefined, token);
      expect([after.status, after.body.status]).toEqual([401, SESSION_OVER_STATUS]);
    }
  });

  it('writes from both workers at once to the one SQLite file all land', async () => {
    const users = await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((tag) => signupAndVerify(tag)));
    const details = await Promise.all(users.map((u) => call(port, 'GET', '/api/getUserDetails', undefined, u.token)));
    expect(details.map((d) => d.body.body && (d.body.body as { email: string }).email)).toEqual(users.map((u) => u.email));
    // A second signup of a taken e-mail is answered like any sign-up (decision 022) whichever worker answers, creating nothing.
    const again = await call(port, 'POST', '/api/signup', { name: 'Cluster w1', email: users[0]!.email, phone: '9876543210', address: '1 Cluster Road', password: 'secret12' });
    expect(again.body.message).toBe(AUTH_MESSAGES.signupSuccess);
  });

  it('replaces a worker that dies, and keeps answering', async () => {
    const [victim] = childrenOf(primary.pid!);
    process.kill(victim!, 'SIGKILL');
    await until('a replacement worker', () => {
      const now = childrenOf(primary.pid!);
      return now.length === 2 && !now.includes(victim!) ? now : undefined;
    });
    await until('the replacement listening', async () => {
      const answers = await Promise.all([0, 1, 2, 3].map(() => call(port, 'GET', '/api/health')));
      return answers.every((a) => a.status === 200) ? true : undefined;
    });
  });

  it('stops every worker on SIGTERM', async () => {
    const workers = childrenOf(primary.pid!);
    const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
    primary.kill('SIGTERM');
    expect(await exited).toBe(0);
    await until('the workers gone', () => (workers.every((pid) => !existsSync(`/proc/${pid}`)) ? true : undefined), 10_000);
  });
});
