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
 * The API runs as in production (NODE_ENV=production, api/dist/main.js); the load generator
 * (autocannon) shares the machine's cores with it, as the other benches do.
 */
const autocannon = require('autocannon');
const { build, benchEnv, seedCatalog, startApi, mysqlDatabase } = require('./_api-process');

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const CONNECTIONS = opt('connections', 200);
const SECONDS = opt('seconds', 30);
const USERS = opt('users', 200);
const PER_USER = opt('per-user', 100);
const TARGET = { p99: 250, max: 2000 };

/** autocannon over `paths` (rotated per request) with each connection's own user token. */
function load(port, tokens, paths) {
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 10,
        requests: [
          {
            setupRequest: (req) => {
              const i = n++;
              return { ...req, method: 'GET', path: paths[i % paths.length], headers: { authorization: `Bearer ${tokens[i % tokens.length].token}` } };
            },
          },
        ],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    instance.on('error', reject);
  });
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
      const errors = r.errors + r.timeouts;
      const ok = r.latency.p99 < TARGET.p99 && r.latency.max <= TARGET.max && errors === 0 && r.non2xx === 0;
      rows.push(ok);
      console.log(
        `[${engine}] ${label.padEnd(28)} ${String(Math.round(r.requests.average)).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(5)} ms  max ${String(r.latency.max).padStart(6)} ms  errors ${errors}  non2xx ${r.non2xx}  ${ok ? 'ok' : 'OVER TARGET'}`,
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
