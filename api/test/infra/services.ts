import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as mysql from 'mysql2/promise';
import { waitFor } from '../helpers/wait-for';

/**
 * Real backing services for the scale-out tests (docs/decisions/018-scale-out.md), each started by the
 * test on a free high port and stopped afterwards: Debian's redis-server, s3rver (as its own process,
 * on its own directory) and Debian's haproxy. Never mocks.
 */

/** A free TCP port on 127.0.0.1 (the OS picks one; it is free again once this resolves). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves once something accepts TCP connections on `port`, rejects after `ms`. */
export async function waitForPort(port: number, ms = 20_000): Promise<void> {
  const open = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
  await waitFor(open, { timeout: ms, interval: 50, what: `something listening on port ${port}` });
}

/** A started service: where it listens, and how to stop it (SIGTERM, then SIGKILL after 5 s). */
/** Call `fn` every 50 ms until it answers something truthy (resolved to that), or throw after `ms` naming `what`. */
export async function pollUntil<T>(what: string, fn: () => T | undefined | false | Promise<T | undefined | false>, ms = 20_000): Promise<T> {
  return (await waitFor(fn, { timeout: ms, interval: 50, what })) as T;
}

/**
 * A fresh MariaDB/MySQL database named `<prefix>_<random hex>` on the server of MYSQL_URL (utf8mb4):
 * its URL, and `drop()` to remove it after the suite.
 */
export async function scratchMysqlDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const url = new URL(process.env.MYSQL_URL!);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const conn = await mysql.createConnection({ uri: url.toString() });
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = await mysql.createConnection({ uri: process.env.MYSQL_URL! });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

export type Service = { port: number; url: string; process: ChildProcess; stop(opts?: { keepData?: boolean }): Promise<void>; dir?: string };

function stopper(child: ChildProcess, cleanup?: () => void): (opts?: { keepData?: boolean }) => Promise<void> {
  return async (opts) => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    if (!opts?.keepData) cleanup?.();
  };
}

function collect(child: ChildProcess, name: string): () => string {
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString('utf8')));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString('utf8')));
  child.once('exit', (code, signal) => {
    if (code && code !== 0) process.stderr.write(`[${name}] exited ${code ?? signal}\n${log.slice(-2000)}\n`);
  });
  return () => log;
}

/** redis-server on a free port, no persistence, bound to 127.0.0.1 (TOOLCHAIN.md). `port` reuses a port (restart after a stop). */
export async function startRedis(port?: number): Promise<Service> {
  const p = port ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(p), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
  collect(child, 'redis');
  await waitForPort(p);
  return { port: p, url: `redis://127.0.0.1:${p}`, process: child, stop: stopper(child) };
}

/** s3rver (node_modules/.bin/s3rver) on a temp directory with bucket `bucket`; answers the path-style bucket URL. */
export async function startS3rver(bucket = 'portal-files', port?: number, dir?: string): Promise<Service> {
  const p = port ?? (await freePort());
  const root = dir ?? mkdtempSync(join(tmpdir(), 's3rver-'));
  const bin = join(__dirname, '..', '..', '..', 'node_modules', '.bin', 's3rver');
  const child = spawn(bin, ['-d', root, '-a', '127.0.0.1', '-p', String(p), '--silent', '--configure-bucket', bucket], { stdio: ['ignore', 'pipe', 'pipe'] });
  collect(child, 's3rver');
  await waitForPort(p);
  return { port: p, url: `http://127.0.0.1:${p}/${bucket}`, process: child, dir: root, stop: stopper(child, dir ? undefined : () => rmSync(root, { recursive: true, force: true })) };
}

/** The STORAGE_S3_* settings of an s3rver bucket (s3rver accepts any key pair it is given). */
export const s3Env = (s3: Service): Record<string, string> => ({
  STORAGE_S3_URL: s3.url,
  STORAGE_S3_REGION: 'us-east-1',
  STORAGE_S3_ACCESS_KEY_ID: 'S3RVER',
  STORAGE_S3_SECRET_ACCESS_KEY: 'S3RVER',
});

// docker/haproxy.cfg rewritten for local instances (scripts/haproxy-config.js): the tests run the shipped file.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script
const { renderHaproxyConfig } = require('../../../scripts/haproxy-config') as {
  renderHaproxyConfig: (o: { servers: string[]; bind?: string; inter?: string; log?: boolean }) => string;
};

/**
 * haproxy on a free port in front of `backends` (127.0.0.1 ports): docker/haproxy.cfg itself (round
 * robin, its checks of GET /api/health/ready, per-instance maxconn and queue), with the check interval
 * shortened to 500 ms so a stopped instance leaves the rotation quickly (scripts/haproxy-config.js).
 */
export async function startHaproxy(backends: number[]): Promise<Service & { stats: number }> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'haproxy-'));
  const cfg = join(dir, 'haproxy.cfg');
  writeFileSync(cfg, renderHaproxyConfig({ servers: backends.map((b) => `127.0.0.1:${b}`), bind: `127.0.0.1:${port}`, inter: '500ms', log: false }));
  const child = spawn('haproxy', ['-f', cfg, '-db'], { stdio: ['ignore', 'pipe', 'pipe'] });
  collect(child, 'haproxy');
  await waitForPort(port);
  return { port, stats: 0, url: `http://127.0.0.1:${port}`, process: child, dir, stop: stopper(child, () => rmSync(dir, { recursive: true, force: true })) };
}
