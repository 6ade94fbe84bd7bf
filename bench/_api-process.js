'use strict';
/**
 * Shared helpers of the bench scripts: build the API, start it (or its CLI) as a child process on a
 * temp DATA_DIR and a given database, wait for /api/health, make a throw-away MySQL database.
 */
const { spawn, execFileSync } = require('node:child_process');
const { mkdtempSync, readdirSync, readFileSync, rmSync } = require('node:fs');
const http = require('node:http');
const net = require('node:net');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');
const { randomBytes } = require('node:crypto');

const ROOT = resolve(__dirname, '..');
const API_DIST = join(ROOT, 'api', 'dist');

/** The number after `--<name>` on the command line, or `fallback` when the option is absent. */
function numberArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 2 ? Number(process.argv[i + 1]) : fallback;
}

/** The word after `--<name>` on the command line, or `fallback` when the option is absent. */
function stringArg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 2 ? process.argv[i + 1] : fallback;
}

/** Compile contracts and the API (tsc) unless --no-build was given. */
function build(argv) {
  if (argv.includes('--no-build')) return;
  const tsc = join(ROOT, 'node_modules', '.bin', 'tsc');
  process.stdout.write('building contracts and api… ');
  execFileSync(tsc, ['-p', join(ROOT, 'contracts', 'tsconfig.json')], { stdio: 'inherit' });
  execFileSync(tsc, ['-p', join(ROOT, 'api', 'tsconfig.build.json')], { stdio: 'inherit' });
  console.log('done');
}

function freePort() {
  return new Promise((res, rej) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => res(port));
    });
    s.on('error', rej);
  });
}

/** A fresh environment: temp DATA_DIR, fixed secrets, captcha off; DATABASE_URL when given. */
function benchEnv(databaseUrl, extra = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(24).toString('hex'),
    CAPTCHA_HMAC_SECRET: randomBytes(24).toString('hex'),
    // Required in production (sealed staff TOTP seeds and bank details, decision 032).
    SEAL_KEY: randomBytes(32).toString('hex'),
    CAPTCHA_REQUIRED: 'false',
    // The benches' artwork is not store-sized: QC measures it and refuses nothing (decision 020).
    STORE_QC: 'report',
    AUTH_RATE_LIMIT: '100000',
    AUTH_IP_RATE_LIMIT: '100000',
    AUTH_ACCOUNT_RATE_LIMIT: '100000',
    UPLOAD_RATE_PER_MINUTE: '100000',
    STATIC_ROOT: '',
    LOG_FORMAT: 'json',
    ...extra,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  return { env, dataDir, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** Run an API CLI command; resolves to its stdout. */
function cli(env, args) {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(API_DIST, 'cli.js'), ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? res(out) : rej(new Error(`cli ${args[0]} exited ${code}`))));
  });
}

/** Seed a synthetic catalogue (bench/seed-catalog.js); resolves to its JSON answer. */
function seedCatalog(env, args) {
  return new Promise((res, rej) => {
    const child = spawn(process.execPath, [join(__dirname, 'seed-catalog.js'), ...args], { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('exit', (code) => (code === 0 ? res(JSON.parse(out.trim().split('\n').pop())) : rej(new Error(`seed-catalog exited ${code}`))));
  });
}

/**
 * Start `node <dist>/main.js` (by default this checkout's api/dist) with `env` on a free port (measured directly:
 * its pid is the API's); resolves once /api/health answers 200, to `{ child, port, stop() }`. `dist` lets a bench
 * run an older build beside this one.
 */
async function startApi(env, dist = API_DIST) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(dist, 'main.js')], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit'] });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`api exited with ${child.exitCode}`);
    try {
      const res = await fetchJson({ port, path: '/api/health' });
      if (res.status === 200) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error('api did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port,
    stop: () =>
      new Promise((res) => {
        if (child.exitCode !== null) return res();
        child.once('exit', () => res());
        child.kill('SIGTERM');
      }),
  };
}

/** A JSON request over a keep-alive agent; resolves to { status, body }. */
function fetchJson({ port, path, method = 'GET', token, body, agent }) {
  return new Promise((res, rej) => {
    const data = body ? Buffer.from(JSON.stringify(body)) : null;
    const req = http.request(
      { host: '127.0.0.1', port, path, method, agent, headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(data ? { 'Content-Type': 'application/json', 'Content-Length': data.length } : {}) } },
      (r) => {
        const chunks = [];
        r.on('data', (c) => chunks.push(c));
        r.on('end', () => {
          try {
            res({ status: r.statusCode, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (e) {
            rej(e);
          }
        });
      },
    );
    req.on('error', rej);
    if (data) req.write(data);
    req.end();
  });
}

/**
 * Sign a bench user up through the API (`apiUrl` ends in /api), read the OTP from DATA_DIR's dev outbox
 * and verify it, as a browser would; resolves to the login token.
 */
async function createVerifiedUser(apiUrl, dataDir, email) {
  const user = { name: 'Bench Artist', email, phone: '9876543210', address: 'Bench Street', password: 'bench-pass-1' };
  const post = (path, body) => fetch(`${apiUrl}/${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await post('signup', user);
  const mail = readdirSync(join(dataDir, 'outbox'))
    .map((f) => JSON.parse(readFileSync(join(dataDir, 'outbox', f), 'utf8')))
    .find((m) => m.to === email && m.meta?.otp);
  const verified = await (await post('verifyEmailOTP', { email, otp: mail?.meta?.otp })).json();
  if (!verified.token) throw new Error(`could not create the bench user: ${JSON.stringify(verified)}`);
  return { ...user, token: verified.token };
}

/** Create a database on MYSQL_URL's server; resolves to { url, drop() }. */
async function mysqlDatabase(prefix) {
  const mysql = require(require.resolve('mysql2/promise', { paths: [join(ROOT, 'api')] }));
  const server = new URL(process.env.MYSQL_URL);
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new URL(server.toString());
  admin.pathname = '/';
  const conn = await mysql.createConnection({ uri: admin.toString() });
  await conn.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  await conn.end();
  server.pathname = `/${name}`;
  return {
    url: server.toString(),
    async drop() {
      const c = await mysql.createConnection({ uri: admin.toString() });
      await c.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await c.end();
    },
  };
}

/**
 * Run a bench's main (an async function that prints its figures): a failure prints its error and exits
 * with status 1, so a broken bench never reads as a passing one.
 */
/** Every target verdict printed by `verdict` in this run. */
const verdicts = [];

/**
 * Print one verdict line for one target and record it: `verdict: <target>: met (<measured>)` or
 * `verdict: <target>: NOT met (<measured>)`. Every bench prints one such line per target it checks, and
 * runBench exits non-zero when any was not met. Returns `met`.
 */
function verdict(target, met, measured) {
  verdicts.push({ target, met });
  console.log(`verdict: ${target}: ${met ? 'met' : 'NOT met'} (${measured})`);
  return met;
}

/**
 * The machine's CPU index: how many rounds of a fixed piece of JavaScript (string building, array
 * sorting, object churn: the kind of work a page's start-up and an API request do) one core runs per
 * second, best of three 300 ms tries. The same idea as Lighthouse's `benchmarkIndex`, not the same
 * scale: it compares machines and moments for the benches, and a busy machine shows a lower figure.
 */
function cpuIndex() {
  const round = () => {
    let text = '';
    for (let i = 0; i < 200; i++) text += String.fromCharCode(97 + (i % 26));
    const list = Array.from({ length: 200 }, (_, i) => ({ k: (i * 7919) % 200, t: text.slice(i % 50) }));
    list.sort((a, b) => a.k - b.k);
    return list.length;
  };
  let best = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    const until = Date.now() + 300;
    let rounds = 0;
    while (Date.now() < until) rounds += round() ? 1 : 0;
    best = Math.max(best, rounds / 0.3);
  }
  return Math.round(best);
}

/** CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat (Linux). */
function cpuMicros(pid) {
  const fields = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime, fields 14 and 15 of stat(5), in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/** Run a bench's `main`: exit 1 on an error, or when a target printed by `verdict` was not met. */
function runBench(main) {
  const os = require('node:os');
  const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
  // Every bench prints the machine's load before and after (figures taken on a busy machine are not comparable),
  // and its CPU index (cpuIndex: a slower or busier machine scores lower).
  console.log(`machine: ${os.cpus().length} cores, load average ${load()} (1, 5, 15 min) at start, CPU index ${cpuIndex()} rounds/s`);
  main().then(
    () => {
      console.log(`machine: load average ${load()} at end, CPU index ${cpuIndex()} rounds/s`);
      const missed = verdicts.filter((v) => !v.met);
      if (missed.length) {
        console.log(`${missed.length} of ${verdicts.length} targets NOT met: ${missed.map((v) => v.target).join('; ')}`);
        process.exitCode = 1;
      }
    },
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}

module.exports = { cpuIndex, cpuMicros, runBench, verdict, createVerifiedUser, numberArg, stringArg, ROOT, build, benchEnv, cli, seedCatalog, startApi, fetchJson, mysqlDatabase, freePort };
