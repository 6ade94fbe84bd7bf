#!/usr/bin/env node
'use strict';
/**
 * Catalogue list latency (GET /api/getCatelogListWeb, core §2 /catalog): seeds 100,000 releases
 * across 1,000 users (bench/seed-catalog.js, multi-row inserts), starts the built API as a child process
 * and measures sequential keep-alive requests of 50 users: no search, with search, with a status
 * filter, and both. Runs on SQLite, and on MySQL/MariaDB too when MYSQL_URL is set.
 * Target: p95 < 25 ms on each engine.
 *
 * `--label 50000` measures a label instead (docs/decisions/010): one user holding 50,000 releases among
 * `--total` (1,000,000) in all, the other users sharing the rest equally (`--users`, 951 by default,
 * so 950 users x 1,000). Scenarios, all as that label: page 1, a middle page, a deep page, a status
 * filter, a rare word (20 rows), a common word (~70% of the titles), a word in every row (the label's
 * name), no match, a search with a status filter. Every answer's total is checked against the seed's
 * own count.
 *
 *   node bench/catalog-list.js [--users 1000] [--per-user 100] [--requests 500] [--no-build]
 *   node bench/catalog-list.js --label 50000 [--total 1000000] [--users 951] [--requests 500] [--no-build]
 *   MYSQL_URL=mysql://root@127.0.0.1:3306/test node bench/catalog-list.js [--label 50000] [--engine sqlite|mysql]
 */
const http = require('node:http');
const { build, benchEnv, numberArg, seedCatalog, startApi, fetchJson, mysqlDatabase, runBench, verdict } = require('./_api-process');

const argv = process.argv.slice(2);
const LABEL = numberArg('label', 0);
const TOTAL = numberArg('total', 1_000_000);
const USERS = numberArg('users', LABEL ? 951 : 1000);
const PER_USER = LABEL ? Math.floor((TOTAL - LABEL) / Math.max(1, USERS - 1)) : numberArg('per-user', 100);
const REQUESTS = numberArg('requests', 500);
const TOKENS = 50;
const TARGET_P95_MS = 25;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(port, tokens, makePath, expect) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times = [];
  let rows = 0;
  let first = 0;
  for (let i = 0; i < REQUESTS + 50; i++) {
    const token = tokens[i % tokens.length].token;
    const path = makePath(i);
    const t0 = process.hrtime.bigint();
    const res = await fetchJson({ port, path, token, agent });
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    if (expect) expect(res.body, path);
    if (i === 0) first = ms;
    if (i >= 50) {
      times.push(ms); // the first 50 warm the caches and the JIT
      rows += res.body.body.length;
    }
  }
  agent.destroy();
  times.sort((a, b) => a - b);
  return { first, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99), max: times[times.length - 1], avgRows: rows / times.length };
}

/** The label scenarios: [name, path, expected total] for the label's own token. */
function labelScenarios(label) {
  const pages = Math.ceil(label.releases / 25);
  const list = '/api/getCatelogListWeb';
  return [
    ['label: page 1', `${list}?page=1`, label.releases],
    [`label: middle page ${Math.ceil(pages / 2)}`, `${list}?page=${Math.ceil(pages / 2)}`, label.releases],
    [`label: deep page ${pages - 10}`, `${list}?page=${pages - 10}`, label.releases],
    ['label: status=approved', `${list}?status=approved`, label.approved],
    [`label: rare word "${label.rare}"`, `${list}?search=${label.rare}`, label.rareRows],
    [`label: common word "${label.common}"`, `${list}?search=${label.common}`, label.commonRows],
    [`label: every row "${label.everyRow}"`, `${list}?search=${label.everyRow}`, label.releases],
    ['label: no match', `${list}?search=zzzz-no-match`, 0],
    [`label: "${label.common}" + approved`, `${list}?status=approved&search=${label.common}`, label.commonApproved],
  ];
}

/** Checks an answer's total against the seed's count, and that no release shows twice on a page. */
const checkTotal = (want) => (body, path) => {
  if (body.total !== want) throw new Error(`${path}: total ${body.total}, seeded ${want}`);
  const ids = body.body.map((r) => r.release_id);
  if (new Set(ids).size !== ids.length) throw new Error(`${path}: a release twice on one page`);
};

async function runEngine(engine) {
  const db = engine === 'mysql' ? await mysqlDatabase('feat_catalog_scale_bench') : null;
  const { env, cleanup } = benchEnv(db?.url);
  let api;
  try {
    const seeded = await seedCatalog(env, [String(USERS), String(PER_USER), String(TOKENS), String(LABEL)]);
    console.log(`\n[${engine}] seeded ${seeded.users} users, ${seeded.releases} releases in ${(seeded.ms / 1000).toFixed(1)} s`);
    api = await startApi(env);
    if (LABEL) {
      const { label } = seeded;
      console.log(`[${engine}] label user ${label.user_id}: ${label.releases} releases, ${label.approved} approved, "${label.common}" in ${label.commonRows}, "${label.rare}" in ${label.rareRows}`);
      const results = [];
      let cold = true;
      for (const [name, path, want] of labelScenarios(label)) {
        const r = await measure(api.port, [{ token: label.token }], () => path, checkTotal(want));
        results.push({ engine, scenario: name, ...r });
        if (cold) console.log(`[${engine}] first request after start (loads the label's snapshot): ${r.first.toFixed(1)} ms`);
        cold = false;
        print(engine, name, r);
      }
      return results;
    }
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
      print(engine, label, r);
    }
    return results;
  } finally {
    await api?.stop();
    cleanup();
    await db?.drop();
  }
}

function print(engine, name, r) {
  const verdict = r.p95 < TARGET_P95_MS ? 'ok' : 'OVER TARGET';
  console.log(
    `[${engine}] ${name.padEnd(36)} p50 ${r.p50.toFixed(2).padStart(6)} ms  p95 ${r.p95.toFixed(2).padStart(6)} ms  p99 ${r.p99.toFixed(2).padStart(6)} ms  max ${r.max.toFixed(1).padStart(6)} ms  rows/page ${r.avgRows.toFixed(1)}  ${verdict}`,
  );
}

runBench(async () => {
  build(argv);
  if (LABEL) console.log(`catalog-list --label: one label with ${LABEL} releases; ${USERS - 1} other users x ${PER_USER}; ${REQUESTS} sequential requests per scenario (target p95 < ${TARGET_P95_MS} ms)`);
  else console.log(`catalog-list: ${USERS} users x ${PER_USER} releases, ${REQUESTS} sequential requests per scenario over ${TOKENS} users (target p95 < ${TARGET_P95_MS} ms)`);
  const only = argv.includes('--engine') ? argv[argv.indexOf('--engine') + 1] : null;
  const engines = (process.env.MYSQL_URL ? ['sqlite', 'mysql'] : ['sqlite']).filter((e) => !only || e === only);
  const all = [];
  for (const engine of engines) all.push(...(await runEngine(engine)));
  const worst = all.reduce((m, r) => Math.max(m, r.p95), 0);
  console.log('');
  verdict(`catalogue list p95 < ${TARGET_P95_MS} ms in every scenario`, worst < TARGET_P95_MS, `worst p95 ${worst.toFixed(2)} ms`);
});
