#!/usr/bin/env node
'use strict';
/**
 * Tail latency under load (docs/decisions/010): 200 concurrent keep-alive connections for 30 s against
 * GET /api/getUserDetails, then against GET /api/getCatelogListWeb (core §2 /catalog, page 1-4 and a
 * search), each connection authenticated as one of the seeded users (bench/seed-catalog.js: 200 users
 * x 100 releases). Prints requests/s, p50, p99 and worst latency (ms), non-2xx answers and socket
 * errors. Target for both: p99 < 250 ms, no request over 2 s, zero errors and non-2xx.
 *
 *   node bench/load-tail.js [--connections 200] [--seconds 30] [--users 200] [--per-user 100] [--no-build]
 *   MYSQL_URL=mysql://root@127.0.0.1:3306/test node bench/load-tail.js   # the same on MariaDB too
 *   MYSQL_URL=… node bench/load-tail.js --balancer    # one instance, then two behind haproxy, on Redis and MariaDB
 *   node bench/load-tail.js --balancer --engine sqlite   # the same on one SQLite file (not a supported shape)
 *
 * --balancer (docs/decisions/018-scale-out.md, 030): starts redis-server and, per engine, ONE instance
 * with REDIS_URL behind haproxy, then TWO instances (`node api/dist/main.js` each) behind haproxy, all on
 * free ports; haproxy runs docker/haproxy.cfg itself (scripts/haproxy-config.js: its checks, per-instance
 * maxconn and queue). Both sides pass through the balancer, so the comparison is the second instance's
 * effect alone. It prints p99 and req/s of two instances beside one, per route, from the same run, and
 * the errors + non-2xx of every case; targets of that mode: 0 errors and 0 non-2xx in every case, and
 * two instances' req/s at least one instance's on each route. The machine's load average is printed
 * before and after. redis-server and haproxy come from apt (Debian packages of those names).
 * Every target gets one `verdict:` line; the exit code is 1 when any was not met.
 *
 * The API runs as in production (NODE_ENV=production, api/dist/main.js); the load generator (this
 * process) shares the machine's cores with it, as the other benches do.
 */
const http = require('node:http');
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { renderHaproxyConfig } = require('../scripts/haproxy-config');
const { build, benchEnv, numberArg, seedCatalog, startApi, mysqlDatabase, freePort, fetchJson, runBench, verdict } = require('./_api-process');

const argv = process.argv.slice(2);
const CONNECTIONS = numberArg('connections', 200);
const SECONDS = numberArg('seconds', 30);
const USERS = numberArg('users', 200);
const PER_USER = numberArg('per-user', 100);
const TARGET = { p99: 250, max: 2000 };

/** One GET on `agent`; resolves to its HTTP status (0 for a socket error or no answer in 10 s). */
function get(port, agent, path, headers) {
  return new Promise((resolve) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', () => resolve(0));
    });
    req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(0));
    req.end();
  });
}

/**
 * Closed-loop load: `CONNECTIONS` keep-alive connections, connection c authenticated as seeded user c.
 * First every connection is opened and makes one request, all at once (the warm-up: its worst time is
 * printed apart, as it includes TCP setup and each user's first, uncached session check); then for
 * `SECONDS` each sends its next request as soon as the previous answer ended, rotating `paths`.
 * Latency is from writing the request to the end of the answer (ms); no answer within 10 s is an error.
 * (autocannon was used first: with per-request setup it reported requests waiting 10 s that the API's
 * own request log showed answered within 30 ms, so the bench keeps its own client.)
 */
async function load(port, tokens, paths) {
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const agents = Array.from({ length: CONNECTIONS }, () => new http.Agent({ keepAlive: true, maxSockets: 1 }));
  const headers = (c) => ({ authorization: `Bearer ${tokens[c % tokens.length].token}` });
  const warmStart = process.hrtime.bigint();
  const warm = await Promise.all(agents.map((agent, c) => get(port, agent, paths[0], headers(c))));
  const warmupMs = Number(process.hrtime.bigint() - warmStart) / 1e6;
  errors += warm.filter((s) => s === 0).length;
  const end = Date.now() + SECONDS * 1000;
  const connection = async (c) => {
    for (let i = c; Date.now() < end; i++) {
      const started = process.hrtime.bigint();
      const status = await get(port, agents[c], paths[i % paths.length], headers(c));
      if (status === 0) errors++;
      else if (status < 200 || status > 299) non2xx++;
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  };
  await Promise.all(agents.map((_, c) => connection(c)));
  for (const agent of agents) agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return { rps: latencies.length / SECONDS, p50: at(50), p99: at(99), max: latencies[latencies.length - 1], errors, non2xx, warmupMs };
}

const BALANCER = argv.includes('--balancer');
/** `--engine sqlite|mysql`: only that engine (default: SQLite, and MariaDB too when MYSQL_URL is set). */
const ENGINE = argv.includes('--engine') ? argv[argv.indexOf('--engine') + 1] : null;
/** The machine's 1, 5 and 15 minute load averages (the bench shares its cores with everything else). */
const loadAverage = () => require('node:os').loadavg().map((l) => l.toFixed(2)).join(', ');

/** A child process that must be stopped: SIGTERM, resolves on exit. */
function stopper(child) {
  return () => new Promise((res) => (child.exitCode !== null || child.signalCode !== null ? res() : (child.once('exit', () => res()), child.kill('SIGTERM'))));
}

/** Resolves once `port` answers TCP (a service just spawned). */
async function waitPort(port) {
  const net = require('node:net');
  for (let i = 0; i < 200; i++) {
    const open = await new Promise((r) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), r(true)));
      s.once('error', () => r(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nothing listens on ${port}`);
}

/** redis-server on a free port, no persistence (TOOLCHAIN.md). */
async function startRedis() {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  await waitPort(port);
  return { url: `redis://127.0.0.1:${port}`, stop: stopper(child) };
}

/** haproxy on a free port in front of `ports`: docker/haproxy.cfg itself, its server lines pointed at them (scripts/haproxy-config.js). */
async function startHaproxy(ports) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-haproxy-'));
  writeFileSync(join(dir, 'haproxy.cfg'), renderHaproxyConfig({ servers: ports.map((p) => `127.0.0.1:${p}`), bind: `127.0.0.1:${port}`, log: false }));
  const child = spawn('haproxy', ['-f', join(dir, 'haproxy.cfg'), '-db'], { stdio: 'ignore' });
  await waitPort(port);
  // Both servers up before the load starts.
  for (let i = 0; i < 40; i++) {
    const statuses = await Promise.all([0, 1, 2, 3].map(() => fetchJson({ port, path: '/api/health/ready' }).then((r) => r.status, () => 0)));
    if (statuses.every((s) => s === 200)) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = stopper(child);
  return { port, stop: async () => (await stop(), rmSync(dir, { recursive: true, force: true })) };
}

/** The cases: the profile call, and the catalogue (pages 1, 2, 4 and a search) of each connection's user. */
const casesOf = (seeded) => [
  ['GET /api/getUserDetails', ['/api/getUserDetails']],
  ['GET /api/getCatelogListWeb', ['/api/getCatelogListWeb?page=1', '/api/getCatelogListWeb?page=2', `/api/getCatelogListWeb?search=${seeded.searchWord}`, '/api/getCatelogListWeb?page=4']],
];

/** Run the cases against `port`; prints one figures line per case and answers each case's figures. */
async function runCases(label, port, seeded) {
  const results = [];
  for (const [route, paths] of casesOf(seeded)) {
    const r = await load(port, seeded.tokens, paths);
    results.push({ label, route, ...r });
    console.log(
      `[${label}] ${route.padEnd(28)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50.toFixed(0).padStart(4)} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(6)} ms  errors ${r.errors}  non2xx ${r.non2xx}  (opening the ${CONNECTIONS} connections: ${r.warmupMs.toFixed(0)} ms)`,
    );
  }
  return results;
}

/** One verdict line per latency and error target of each case. */
function latencyVerdicts(results) {
  for (const r of results) {
    verdict(`[${r.label}] ${r.route} p99 < ${TARGET.p99} ms`, r.p99 < TARGET.p99, `${r.p99.toFixed(0)} ms`);
    verdict(`[${r.label}] ${r.route} no request over ${TARGET.max} ms`, r.max <= TARGET.max, `worst ${r.max.toFixed(0)} ms`);
  }
}

/** The verdict of the error target of each case: no socket error, no answer outside 2xx. */
function errorVerdicts(results) {
  for (const r of results) verdict(`[${r.label}] ${r.route} 0 errors and 0 non-2xx`, r.errors === 0 && r.non2xx === 0, `${r.errors} errors, ${r.non2xx} non-2xx`);
}

/** --balancer: one instance behind haproxy, then two, on Redis and the same seeded database. */
async function runBalanced(engine) {
  const db = engine === 'mysql' ? await mysqlDatabase('bench_tail_lb') : null;
  const redis = await startRedis();
  const { env, cleanup } = benchEnv(db?.url, { LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false', REDIS_URL: redis.url, TRUST_PROXY: 'loopback', MALLOC_ARENA_MAX: '2' });
  const running = [];
  try {
    // Seeding needs no Redis (and prints its answer as its last stdout line).
    const seedEnv = { ...env };
    delete seedEnv.REDIS_URL;
    const seeded = await seedCatalog(seedEnv, [String(USERS), String(PER_USER), String(USERS)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases; instances on REDIS_URL, haproxy on docker/haproxy.cfg`);
    const one = await startApi(env);
    running.push(one);
    const lbOne = await startHaproxy([one.port]);
    running.push(lbOne);
    const single = await runCases(`${engine}, 1 instance + haproxy`, lbOne.port, seeded);
    await lbOne.stop();
    const two = await startApi(env);
    running.push(two);
    const lb = await startHaproxy([one.port, two.port]);
    running.push(lb);
    const pair = await runCases(`${engine}, 2 instances + haproxy`, lb.port, seeded);
    // The comparison asked for (docs/decisions/018): the same cases, same database, same run.
    console.log(`\n[${engine}] two instances behind haproxy vs one instance behind haproxy, same run (load average now ${loadAverage()}):`);
    console.log(`  ${'route'.padEnd(28)} ${'p99 1 inst'.padStart(11)} ${'p99 2 inst'.padStart(11)} ${'ratio'.padStart(6)} ${'req/s 1'.padStart(8)} ${'req/s 2'.padStart(8)} errors+non2xx (1 / 2)`);
    for (const [k, a] of single.entries()) {
      const b = pair[k];
      console.log(`  ${a.route.padEnd(28)} ${`${a.p99.toFixed(0)} ms`.padStart(11)} ${`${b.p99.toFixed(0)} ms`.padStart(11)} ${(b.p99 / a.p99).toFixed(2).padStart(6)} ${String(Math.round(a.rps)).padStart(8)} ${String(Math.round(b.rps)).padStart(8)} ${a.errors + a.non2xx} / ${b.errors + b.non2xx}`);
    }
    errorVerdicts([...single, ...pair]);
    for (const [k, a] of single.entries()) {
      const b = pair[k];
      verdict(`[${engine}] ${a.route} two instances' req/s >= one instance's`, b.rps >= a.rps, `${Math.round(b.rps)} vs ${Math.round(a.rps)} req/s`);
    }
  } finally {
    for (const r of running.reverse()) await r.stop();
    await redis.stop();
    cleanup();
    await db?.drop();
  }
}

async function runEngine(engine) {
  if (BALANCER) return runBalanced(engine);
  const db = engine === 'mysql' ? await mysqlDatabase('bench_tail') : null;
  const { env, cleanup } = benchEnv(db?.url, { LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false' });
  let api;
  try {
    const seeded = await seedCatalog(env, [String(USERS), String(PER_USER), String(USERS)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases`);
    api = await startApi(env);
    const results = await runCases(engine, api.port, seeded);
    latencyVerdicts(results);
    errorVerdicts(results);
  } finally {
    await api?.stop();
    cleanup();
    await db?.drop();
  }
}

runBench(async () => {
  build(argv);
  const targets = BALANCER ? '0 errors and 0 non-2xx, two instances at least as fast as one' : `p99 < ${TARGET.p99} ms, max <= ${TARGET.max} ms, 0 errors and 0 non-2xx`;
  console.log(`load-tail: ${CONNECTIONS} connections x ${SECONDS} s per case (targets: ${targets}); load average before: ${loadAverage()}, ${require('node:os').cpus().length} cores`);
  // Several instances share one MariaDB/MySQL (decision 018): --balancer runs that engine unless told
  // otherwise. Two processes on one SQLite file wait on each other's write lock inside the event loop
  // (better-sqlite3 is synchronous, busy_timeout 5 s): `--engine sqlite` shows that, it is not a shape we run.
  const engines = ENGINE ? [ENGINE] : BALANCER ? ['mysql'] : process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
  if (engines.includes('mysql') && !process.env.MYSQL_URL) throw new Error(`${BALANCER && !ENGINE ? '--balancer runs on MariaDB/MySQL and' : '--engine mysql'} needs MYSQL_URL`);
  if (BALANCER && engines.includes('sqlite')) console.log('note: several instances on one SQLite file is not a supported shape (decision 018); figures for comparison only');
  for (const engine of engines) await runEngine(engine);
  console.log(`\nload average after: ${loadAverage()}`);
});
