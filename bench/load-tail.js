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
 *   MYSQL_URL=… node bench/load-tail.js --balancer    # one instance, then two behind haproxy, on Redis
 *   MYSQL_URL=… node bench/load-tail.js --balancer --engine mysql   # MariaDB only (the production shape)
 *
 * --balancer (docs/decisions/018-scale-out.md): starts redis-server and, per engine, first ONE instance
 * with REDIS_URL (the comparison), then TWO instances (`node api/dist/main.js` each) behind haproxy
 * (round robin, health-checked on /api/health/ready), all on free ports, and runs the same cases
 * through the balancer, then prints p99 and req/s of two instances beside one, per route, from the same
 * run, and the errors + non-2xx of every case (the target: 0); the machine's load average is printed
 * before and after. redis-server and haproxy come from apt (Debian packages of those names).
 *
 * The API runs as in production (NODE_ENV=production, api/dist/main.js); the load generator (this
 * process) shares the machine's cores with it, as the other benches do.
 */
const http = require('node:http');
const { spawn } = require('node:child_process');
const { mkdtempSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { build, benchEnv, numberArg, seedCatalog, startApi, mysqlDatabase, freePort, fetchJson, runBench } = require('./_api-process');

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
  return () => new Promise((res) => (child.exitCode !== null ? res() : (child.once('exit', () => res()), child.kill('SIGTERM'))));
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

/** haproxy on a free port in front of `ports` (the shape of docker/haproxy.cfg). */
async function startHaproxy(ports) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'bench-haproxy-'));
  writeFileSync(join(dir, 'haproxy.cfg'), [
    'global', '  maxconn 8192', 'defaults', '  mode http', '  timeout connect 2s', '  timeout client 60s', '  timeout server 60s',
    '  retries 2', '  option redispatch', '  retry-on conn-failure',
    'frontend portal', `  bind 127.0.0.1:${port}`, '  option forwardfor', '  default_backend api',
    'backend api', '  balance roundrobin', '  option httpchk GET /api/health/ready', '  http-check expect status 200',
    ...ports.map((p, i) => `  server api${i} 127.0.0.1:${p} check inter 1s fall 2 rise 1`), '',
  ].join('\n'));
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

/** Run the cases against `port`; prints one line per case, answers each case's figures and whether it was within the target. */
async function runCases(label, port, seeded, results = []) {
  const rows = [];
  const cases = [
    ['GET /api/getUserDetails', ['/api/getUserDetails']],
    ['GET /api/getCatelogListWeb', ['/api/getCatelogListWeb?page=1', '/api/getCatelogListWeb?page=2', `/api/getCatelogListWeb?search=${seeded.searchWord}`, '/api/getCatelogListWeb?page=4']],
  ];
  for (const [route, paths] of cases) {
    const r = await load(port, seeded.tokens, paths);
    const ok = r.p99 < TARGET.p99 && r.max <= TARGET.max && r.errors === 0 && r.non2xx === 0;
    rows.push(ok);
    results.push({ label, route, ...r });
    console.log(
      `[${label}] ${route.padEnd(28)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50.toFixed(0).padStart(4)} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(6)} ms  errors ${r.errors}  non2xx ${r.non2xx}  ${ok ? 'ok' : 'OVER TARGET'}  (opening the ${CONNECTIONS} connections: ${r.warmupMs.toFixed(0)} ms)`,
    );
  }
  return rows;
}

/** --balancer: one instance on Redis, then two behind haproxy, on the same seeded database. */
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
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases; instances on REDIS_URL`);
    const one = await startApi(env);
    running.push(one);
    const single = [];
    const pair = [];
    const rows = await runCases(`${engine}, 1 instance`, one.port, seeded, single);
    const two = await startApi(env);
    running.push(two);
    const lb = await startHaproxy([one.port, two.port]);
    running.push(lb);
    rows.push(...(await runCases(`${engine}, 2 instances + haproxy`, lb.port, seeded, pair)));
    // The comparison asked for (docs/decisions/018): the same cases, same database, same run.
    console.log(`\n[${engine}] two instances behind haproxy vs one instance, same run (load average now ${loadAverage()}):`);
    console.log(`  ${'route'.padEnd(28)} ${'p99 1 inst'.padStart(11)} ${'p99 2 inst'.padStart(11)} ${'ratio'.padStart(6)} ${'req/s 1'.padStart(8)} ${'req/s 2'.padStart(8)} errors+non2xx (1 / 2)`);
    for (const [k, a] of single.entries()) {
      const b = pair[k];
      console.log(`  ${a.route.padEnd(28)} ${`${a.p99.toFixed(0)} ms`.padStart(11)} ${`${b.p99.toFixed(0)} ms`.padStart(11)} ${(b.p99 / a.p99).toFixed(2).padStart(6)} ${String(Math.round(a.rps)).padStart(8)} ${String(Math.round(b.rps)).padStart(8)} ${a.errors + a.non2xx} / ${b.errors + b.non2xx}`);
    }
    const failures = [...single, ...pair].reduce((n, r) => n + r.errors + r.non2xx, 0);
    console.log(`  errors and non-2xx in all ${single.length + pair.length} cases: ${failures}${failures ? ' (NOT zero)' : ''}`);
    return rows;
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
  const rows = [];
  try {
    const seeded = await seedCatalog(env, [String(USERS), String(PER_USER), String(USERS)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases`);
    api = await startApi(env);
    const cases = [
      ['GET /api/getUserDetails', ['/api/getUserDetails']],
      ['GET /api/getCatelogListWeb', ['/api/getCatelogListWeb?page=1', '/api/getCatelogListWeb?page=2', `/api/getCatelogListWeb?search=${seeded.searchWord}`, '/api/getCatelogListWeb?page=4']],
    ];
    for (const [label, paths] of cases) {
      const r = await load(api.port, seeded.tokens, paths);
      const ok = r.p99 < TARGET.p99 && r.max <= TARGET.max && r.errors === 0 && r.non2xx === 0;
      rows.push(ok);
      console.log(
        `[${engine}] ${label.padEnd(28)} ${String(Math.round(r.rps)).padStart(6)} req/s  p50 ${r.p50.toFixed(0).padStart(4)} ms  p99 ${r.p99.toFixed(0).padStart(5)} ms  max ${r.max.toFixed(0).padStart(6)} ms  errors ${r.errors}  non2xx ${r.non2xx}  ${ok ? 'ok' : 'OVER TARGET'}  (opening the ${CONNECTIONS} connections: ${r.warmupMs.toFixed(0)} ms)`,
      );
    }
    return rows;
  } finally {
    await api?.stop();
    cleanup();
    await db?.drop();
  }
}

runBench(async () => {
  build(argv);
  console.log(`load-tail: ${CONNECTIONS} connections x ${SECONDS} s per case (target p99 < ${TARGET.p99} ms, max <= ${TARGET.max} ms, no errors); load average before: ${loadAverage()}`);
  const engines = ENGINE ? [ENGINE] : process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
  if (ENGINE === 'mysql' && !process.env.MYSQL_URL) throw new Error('--engine mysql needs MYSQL_URL');
  const all = [];
  for (const engine of engines) all.push(...(await runEngine(engine)));
  console.log(`\n${all.every(Boolean) ? 'all cases within' : 'some cases OVER'} the target; load average after: ${loadAverage()}`);
  if (!all.every(Boolean)) process.exitCode = 1;
});
