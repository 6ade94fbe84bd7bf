import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, ROOT } from './support/portal';
import { waitFor } from './support/wait-for';

/** Pids of the direct children of `pid` (procps `pgrep -P`). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).trim().split('\n').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const found = await waitFor(async () => {
    const value = await probe();
    return value === undefined ? undefined : { value };
  }, { timeout: timeoutMs, interval: 150, what });
  return found.value;
}

const live = async (port: number): Promise<true | undefined> => {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health/live`)).status === 200 ? true : undefined;
  } catch {
    return undefined;
  }
};

/**
 * `npm start` keeps the portal up (decision 022): scripts/start.js starts a new API process when its
 * child dies on its own, and on SIGTERM passes the signal on, lets the child drain and exits with it.
 */
describe('npm start supervises the API process', () => {
  it('restarts an API that died, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-supervise-'));
    const start = spawn(process.execPath, [join(ROOT, 'scripts/start.js')], {
      env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, STATIC_ROOT: '', NODE_ENV: 'test', LOG_REQUESTS: 'false', CAPTCHA_REQUIRED: 'false' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    start.stderr!.on('data', (d) => (stderr += d));
    try {
      await until('the first API', () => live(port));
      const [first] = childrenOf(start.pid!);
      expect(first).toBeGreaterThan(0);
      process.kill(first, 'SIGKILL');
      const second = await until('a new API process', () => childrenOf(start.pid!).find((pid) => pid !== first));
      expect(second).not.toBe(first);
      await until('the restarted API', () => live(port));
      expect(stderr).toMatch(/the API exited \(SIGKILL\); starting it again/);

      const exited = new Promise<number | null>((resolve) => start.once('exit', (code) => resolve(code)));
      start.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(childrenOf(start.pid!)).toEqual([]);
      expect(await live(port)).toBeUndefined();
    } finally {
      if (start.exitCode === null) start.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
