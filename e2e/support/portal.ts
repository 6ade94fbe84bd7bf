import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor as waitUntil } from './wait-for';

export const ROOT = join(__dirname, '..', '..');
export const REMOTE_DIRS = ['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops'] as const;
export type RemoteDir = (typeof REMOTE_DIRS)[number];

export type Portal = {
  url: string;
  dataDir: string;
  /** The newest OTP mailed to this address, from the dev outbox. */
  lastOtp(email: string): string | undefined;
  /** Stop the server of one remote (only when started with `remotesOnOwnPorts`). */
  stopRemote(dir: RemoteDir): Promise<void>;
  /** Run an operator command of api/dist/cli.js on this portal's database. */
  cli(...args: string[]): Promise<string>;
  stop(): Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  // Up once it answers below 500 (a refused connection throws: not up yet); stop early when the server exited.
  const upOrExited = async () => child.exitCode !== null || (await fetch(url)).status < 500;
  await waitUntil(upOrExited, { timeout: timeoutMs, interval: 150, what: `${url} to come up` });
  if (child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
}
function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Start the built portal: the API serving the shell (and, by default, the remotes) on one URL with a
 * fresh DATA_DIR and the embedded SQLite database. With `remotesOnOwnPorts`, each remote runs in its own
 * `scripts/serve-remote.js` process and the registry (REMOTES_JSON) points at them: the production shape.
 */
export async function startPortal(options: { remotesOnOwnPorts?: boolean; env?: Record<string, string> } = {}): Promise<Portal> {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const remoteServers = new Map<RemoteDir, ChildProcess>();
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    STATIC_ROOT: ROOT,
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '200',
    // Every simulated user of a journey shares 127.0.0.1: the per-IP account bucket (AUTH_IP_RATE_LIMIT,
    // 30 a minute by default) is meant for one client, not for a whole test run.
    AUTH_IP_RATE_LIMIT: '1000',
    LOG_FORMAT: 'json',
    LOG_REQUESTS: 'false',
    // The journeys' media (1000 px artwork, 4 s tones) predate store QC (docs/decisions/020).
    STORE_QC: 'report',
    ...options.env,
  };
  if (options.remotesOnOwnPorts) {
    const registry: Record<string, string> = {};
    for (const dir of REMOTE_DIRS) {
      const port = await freePort();
      const child = spawn(process.execPath, [join(ROOT, 'scripts/serve-remote.js'), dir, String(port)], { stdio: 'ignore' });
      await waitFor(`http://127.0.0.1:${port}/mf-manifest.json`, child);
      remoteServers.set(dir, child);
      registry[dir.replace(/-/g, '_')] = `http://127.0.0.1:${port}/mf-manifest.json`;
    }
    env.REMOTES_JSON = JSON.stringify(registry);
  }
  const port = await freePort();
  const api = spawn(process.execPath, [join(ROOT, 'api/dist/main.js')], { env: { ...process.env, ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/health`, api);

  return {
    url,
    dataDir,
    lastOtp(email: string) {
      const dir = join(dataDir, 'outbox');
      if (!existsSync(dir)) return undefined;
      const mails = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort((a, b) => order(a) - order(b))
        .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as { to: string; meta?: { otp?: string } });
      return mails.reverse().find((m) => m.to === email.toLowerCase() && m.meta?.otp)?.meta?.otp;
    },
    async stopRemote(dir: RemoteDir) {
      const child = remoteServers.get(dir);
      if (!child) throw new Error(`${dir} is served by the API in this portal; start it with remotesOnOwnPorts`);
      await kill(child);
    },
    cli(...args: string[]) {
      return new Promise((resolve, reject) => {
        const c = spawn(process.execPath, [join(ROOT, 'api/dist/cli.js'), ...args], { env: { ...process.env, ...env } });
        let out = '';
        c.stdout.on('data', (d) => (out += d));
        c.stderr.on('data', (d) => (out += d));
        c.on('exit', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(out))));
      });
    },
    async stop() {
      await kill(api);
      for (const c of remoteServers.values()) await kill(c);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function order(file: string): number {
  const [ms, seq] = file.split('-');
  return Number(ms) * 1000 + Number(seq);
}
