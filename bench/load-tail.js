#!/usr/bin/env node
'use strict';
/**
 * Tail latency under load (issue 14): 200 concurrent keep-alive connections for 30 s against
 * GET /api/getUserDetails, then against GET /api/getCatelogListWeb (core §2 /catalog, page 1-4 and a
 * search), each connection authenticated as one of the seeded users (bench/seed-catalog.js: 200 users
 * x 100 releases). Prints requests/s, p50, p99 and worst latency (ms), non-2xx answers and socket
 * errors. Target for both: p99 < 250 ms, no request over 2 s, zero errors and non-2xx.
 *
 *   node bench/load-tail.js [--connections 200] [--seconds 30] [--users 200] [--per-user 100] [--no-build]
 *   MYSQL_URL=mysql://root@127.0.0.1:3306/test node bench/load-tail.js   # the same on MariaDB too
 *   API_WORKERS=2 node bench/load-tail.js                               # the API under Node's cluster
 *
 * The API runs as in production (NODE_ENV=production, api/dist/main.js); the load generator (this
 * process) shares the machine's cores with it, as the other benches do.
 */
const http = require('node:http');
const { build, benchEnv, numberArg, seedCatalog, startApi, mysqlDatabase } = require('./_api-process');

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

async function runEngine(engine) {
  const db = engine === 'mysql' ? await mysqlDatabase('bench_tail') : null;
  const { env, cleanup } = benchEnv(db?.url, { LOG_REQUESTS: process.env.LOG_REQUESTS ?? 'false' });
  let api;
  const rows = [];
  try {
    const seeded = await seedCatalog(env, [String(USERS), String(PER_USER), String(USERS)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases; API_WORKERS=${env.API_WORKERS ?? '(default)'}`);
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

(async () => {
  build(argv);
  console.log(`load-tail: ${CONNECTIONS} connections x ${SECONDS} s per case (target p99 < ${TARGET.p99} ms, max <= ${TARGET.max} ms, no errors)`);
  const engines = process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
  const all = [];
  for (const engine of engines) all.push(...(await runEngine(engine)));
  console.log(`\n${all.every(Boolean) ? 'all cases within' : 'some cases OVER'} the target`);
  if (!all.every(Boolean)) process.exitCode = 1;
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
