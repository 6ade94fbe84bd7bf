#!/usr/bin/env node
'use strict';
/**
 * Catalogue list latency (GET /api/getCatelogListWeb, core §2 /catalog): seeds 100,000 releases
 * across 1,000 users (bench/seed-catalog.js, multi-row inserts), starts the built API as a child process
 * and measures sequential keep-alive requests of 50 users: no search, with search, with a status
 * filter, and both. Runs on SQLite, and on MySQL/MariaDB too when MYSQL_URL is set.
 * Target: p95 < 25 ms on each engine.
 *
 *   node bench/catalog-list.js [--users 1000] [--per-user 100] [--requests 500] [--no-build]
 *   MYSQL_URL=mysql://root@127.0.0.1:3306/test node bench/catalog-list.js
 */
const http = require('node:http');
const { build, benchEnv, seedCatalog, startApi, fetchJson, mysqlDatabase } = require('./_api-process');

const argv = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? Number(argv[i + 1]) : dflt;
};
const USERS = opt('users', 1000);
const PER_USER = opt('per-user', 100);
const REQUESTS = opt('requests', 500);
const TOKENS = 50;
const TARGET_P95_MS = 25;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(port, tokens, makePath) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let rows = 0;
  for (let i = 0; i < REQUESTS + 50; i++) {
    const token = tokens[i % tokens.length].token;
    const path = makePath(i);
    const t0 = process.hrtime.bigint();
    const res = await fetchJson({ port, path, token, agent });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (i >= 50) {
      times.push(ms); // the first 50 warm the caches and the JIT
      rows += res.body.body.length;
    }
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: times[times.length - 1], avgRows: rows / times.length };
}

async function runEngine(engine) {
  const db = engine === 'mysql' ? await mysqlDatabase('bench_catalog') : null;
  const { env, cleanup } = benchEnv(db?.url);
  let api;
  try {
    const seeded = await seedCatalog(env, [String(USERS), String(PER_USER), String(TOKENS)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases in ${(seeded.ms / 1000).toFixed(1)} s`);
    api = await startApi(env);
    const word = seeded.searchWord;
    const scenarios = [
      ['list, no search (page 1-4)', (i) => `/api/getCatelogListWeb?page=${1 + (i % 4)}`],
      [`search "${word}"`, () => `/api/getCatelogListWeb?search=${word}`],
      ['search with no match', () => '/api/getCatelogListWeb?search=zzzz-no-match'],
      ['status=approved', () => '/api/getCatelogListWeb?status=approved'],
      [`status=draft + search "${word}"`, () => `/api/getCatelogListWeb?status=draft&search=${word}`],
    ];
    const results = [];
    for (const [label, makePath] of scenarios) {
      const r = await measure(api.port, seeded.tokens, makePath);
      results.push({ engine, scenario: label, ...r });
      const verdict = r.p95 < TARGET_P95_MS ? 'ok' : 'OVER TARGET';
      console.log(
        `[${engine}] ${label.padEnd(36)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms  rows/page ${r.avgRows.toFixed(1)}  ${verdict}`,
      );
    }
    return results;
  } finally {
    await api?.stop();
    cleanup();
    await db?.drop();
  }
}

(async () => {
  build(argv);
  console.log(`catalog-list: ${USERS} users x ${PER_USER} releases, ${REQUESTS} sequential requests per scenario over ${TOKENS} users (target p95 < ${TARGET_P95_MS} ms)`);
  const engines = process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite'];
  const all = [];
  for (const engine of engines) all.push(...(await runEngine(engine)));
  const worst = all.reduce((m, r) => Math.max(m, r.p95), 0);
  console.log(`\nworst p95 ${worst.toFixed(2)} ms: ${worst < TARGET_P95_MS ? 'within' : 'OVER'} the ${TARGET_P95_MS} ms target`);
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
