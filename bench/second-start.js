#!/usr/bin/env node
'use strict';
/**
 * Time to a healthy portal on a fresh clone, first and second `npm start` (docs/decisions/010: the second must be
 * under 20 s, because the build is cached by lerna/Nx and reused when no input changed).
 * Clones this repository's HEAD into a temp folder, installs (`npm ci`, or with --copy-node-modules a
 * copy of this checkout's node_modules, which is faster and equivalent for the same lockfile), then
 * runs `npm start` twice on a free port with a temp DATA_DIR and prints the seconds until
 * GET /api/health answers 200 and GET / answers the shell's index.html.
 *
 *   node bench/second-start.js [--copy-node-modules] [--keep]
 */
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, rmSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { freePort, runBench, verdict } = require('./_api-process');

const ROOT = resolve(__dirname, '..');
const argv = process.argv.slice(2);
const TARGET_SECONDS = 20;

async function healthy(port) {
  try {
    const [health, page] = await Promise.all([fetch(`http://127.0.0.1:${port}/api/health`), fetch(`http://127.0.0.1:${port}/`)]);
    return health.status === 200 && page.status === 200 && /text\/html/.test(page.headers.get('content-type') ?? '');
  } catch {
    return false;
  }
}

/** `npm start` in `dir`; resolves to the seconds until the portal is healthy, then stops it. */
async function timeStart(dir, dataDir) {
  const port = await freePort();
  const started = process.hrtime.bigint();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', JWT_SECRET: 'bench-secret-0123456789abcdef', CAPTCHA_HMAC_SECRET: 'bench-captcha-0123456789abcdef', SEAL_KEY: 'ab'.repeat(32), LOG_REQUESTS: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      if (await healthy(port)) return Number(process.hrtime.bigint() - started) / 1e9;
      if (Number(process.hrtime.bigint() - started) / 1e9 > 900) throw new Error('not healthy after 15 minutes');
      await new Promise((r) => setTimeout(r, 200));
    }
  } finally {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
  }
}

runBench(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-clone-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-clone-data-'));
  try {
    execFileSync('git', ['clone', '-q', ROOT, dir], { stdio: 'inherit' });
    const t0 = Date.now();
    if (argv.includes('--copy-node-modules')) {
      execFileSync('cp', ['-a', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
      if (existsSync(join(ROOT, 'api', 'node_modules'))) execFileSync('cp', ['-a', join(ROOT, 'api', 'node_modules'), join(dir, 'api', 'node_modules')]);
      rmSync(join(dir, 'node_modules', '.cache'), { recursive: true, force: true });
    } else {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, npm_config_nodedir: process.env.npm_config_nodedir || '/usr' } });
    }
    console.log(`fresh clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir }).toString().trim()} installed in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const first = await timeStart(dir, dataDir);
    console.log(`first npm start  (builds every package): ${first.toFixed(1)} s to a healthy portal`);
    const second = await timeStart(dir, dataDir);
    console.log(`second npm start (build cache reused):   ${second.toFixed(1)} s to a healthy portal`);
    verdict(`second npm start healthy in < ${TARGET_SECONDS} s`, second < TARGET_SECONDS, `${second.toFixed(1)} s`);
  } finally {
    if (!argv.includes('--keep')) {
      rmSync(dir, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
});
