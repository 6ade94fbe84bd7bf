import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { waitFor } from '../helpers/wait-for';
import { freePort } from './services';

const API = join(__dirname, '..', '..');
export const MAIN = join(API, 'dist', 'main.js');
export const CLI = join(API, 'dist', 'cli.js');

/** dist/ must hold the sources under test: compile when any source is newer than dist/main.js. */
export function ensureBuilt(): void {
  const newest = (dir: string): number =>
    readdirSync(dir, { withFileTypes: true }).reduce((m, e) => {
      const p = join(dir, e.name);
      if (e.isDirectory()) return Math.max(m, newest(p));
      return e.name.endsWith('.ts') && !e.name.endsWith('.spec.ts') ? Math.max(m, statSync(p).mtimeMs) : m;
    }, 0);
  if (existsSync(MAIN) && statSync(MAIN).mtimeMs >= newest(join(API, 'src'))) return;
  execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', join(API, 'tsconfig.build.json')], { cwd: API, stdio: 'inherit' });
}

/** An API instance: `node dist/main.js` on its own port, its JSON log lines collected. */
export type Instance = { name: string; port: number; process: ChildProcess; logs: Array<Record<string, unknown>>; stop(signal?: NodeJS.Signals): Promise<void> };

/** Start one instance with `env` on a free port; resolves once /api/health/ready answers 200. */
export async function startInstance(name: string, env: NodeJS.ProcessEnv): Promise<Instance> {
  const port = await freePort();
  const child = spawn(process.execPath, [MAIN], { env: { ...env, PORT: String(port), LOG_FORMAT: 'json' }, stdio: ['ignore', 'pipe', 'pipe'] });
  const logs: Array<Record<string, unknown>> = [];
  let rest = '';
  const take = (d: Buffer) => {
    rest += d.toString('utf8');
    const lines = rest.split('\n');
    rest = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        logs.push({ raw: line });
      }
    }
  };
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const ready = async () => child.exitCode !== null || (await call(port, 'GET', '/api/health/ready').then((a) => a.status, () => 0)) === 200;
  await waitFor(ready, { timeout: 60_000, interval: 100, what: `instance ${name} ready` });
  if (child.exitCode !== null) throw new Error(`instance ${name} exited ${child.exitCode}: ${JSON.stringify(logs.slice(-5))}`);
  return {
    name,
    port,
    process: child,
    logs,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
}

export type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Record<string, unknown>; raw: Buffer };

/** One request on a new connection; `body` JSON, or a Buffer sent as is with `headers`. */
export function call(port: number, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}): Promise<Answer> {
  const data = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        headers: {
          connection: 'close',
          ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(raw.toString('utf8') || '{}') as Record<string, unknown>;
          } catch {
            /* a file */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, raw });
        });
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(data);
  });
}

/** A multipart/form-data body with one file part. */
export function multipart(field: string, filename: string, bytes: Buffer, mime = 'application/octet-stream'): { body: Buffer; headers: Record<string, string> } {
  const boundary = `----portal${Date.now().toString(16)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${mime}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(body.length) } };
}

/** Read the OTP mailed to `email` from the dev outbox in `dataDir` (polling: the mail is a job). */
export async function otpOf(dataDir: string, email: string, ms = 20_000): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const otp = () => {
    if (!existsSync(outbox)) return undefined;
    for (const f of readdirSync(outbox)) {
      const mail = JSON.parse(readFileSync(join(outbox, f), 'utf8')) as { to: string; meta?: { otp?: string } };
      if (mail.to === email && mail.meta?.otp) return mail.meta.otp;
    }
    return undefined;
  };
  return waitFor(otp, { timeout: ms, interval: 100, what: `the OTP mail to ${email}` });
}

/** Sign up through `port` and verify the e-mail; answers the login token. */
export async function signUp(port: number, dataDir: string, tag: string): Promise<{ email: string; password: string; token: string }> {
  const email = `scale.${tag}.${Date.now().toString(36)}@example.com`;
  const password = 'secret12';
  const signup = await call(port, 'POST', '/api/signup', { name: `Scale ${tag}`, email, phone: '9876543210', address: '1 Balancer Road', password });
  if (signup.body.status !== 200) throw new Error(`signup: ${JSON.stringify(signup.body)}`);
  const verified = await call(port, 'POST', '/api/verifyEmailOTP', { email, otp: await otpOf(dataDir, email) });
  if (typeof verified.body.token !== 'string') throw new Error(`verify: ${JSON.stringify(verified.body)}`);
  return { email, password, token: verified.body.token };
}
