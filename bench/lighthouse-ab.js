#!/usr/bin/env node
/**
 * Mobile Lighthouse of two builds of the portal on this machine, run by turns (docs/decisions/010): A is
 * another checkout given by --base (built: `npm run build` there), B is this one (built). Each side is
 * its own API process serving its own front ends (STATIC_ROOT), with its own bench user; the runs
 * alternate A, B, B, A, ... so a slower stretch of the machine falls on both. Prints, per page, each
 * side's scores and its medians of score, LCP (ms), TBT (ms) and Lighthouse's benchmarkIndex (CPU speed).
 *
 * Lighthouse's simulated TBT multiplies the main-thread time it observes by four, and that time varies
 * by a factor of two from run to run on a shared two-core machine: a change is judged against its base
 * measured the same way at the same time, not against figures of another day
 * (bench/lighthouse-mobile.js).
 *
 *   node bench/lighthouse-ab.js --base /path/to/other/checkout [--only /path] [--runs N]
 *
 * Pages: /login, /, /catalog and /create_releases (or --only one of them); N runs per side (default 5).
 */
const { join } = require('node:path');
const { ROOT, numberArg, runBench, stringArg } = require('./_api-process');
const { runLighthouse } = require('./_lighthouse');

const PAGES = ['/login', '/', '/catalog', '/create_releases'];

/** Starts one side: that checkout's API (its compiled api/dist) serving its built front ends, and a verified bench user. */
async function startSide(root) {
  const helpers = require(join(root, 'bench', '_api-process'));
  const { env, dataDir, cleanup } = helpers.benchEnv(undefined, { STATIC_ROOT: root, LOG_REQUESTS: 'false' });
  const api = await helpers.startApi(env);
  const origin = `http://127.0.0.1:${api.port}`;
  const token = (await helpers.createVerifiedUser(`${origin}/api`, dataDir, 'lighthouse-ab@example.com')).token;
  return {
    origin,
    token,
    stop: async () => {
      await api.stop();
      cleanup();
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * One Lighthouse run of `path` on a side: score, LCP and TBT (ms) and the machine's benchmarkIndex. A run
 * Lighthouse could not trace (a runtime error such as NO_NAVSTART, which scores 0) is retried, up to
 * twice, as bench/lighthouse-mobile.js does; a third failure is kept and named in the output.
 */
async function measure(side, path) {
  for (let retries = 0; ; retries++) {
    const { lhr } = await runLighthouse(`${side.origin}${path}`, path === '/login' ? undefined : side.token);
    const error = lhr.runtimeError?.code;
    if (error && retries < 2) continue;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcp: lhr.audits['largest-contentful-paint'].numericValue ?? 0,
      tbt: lhr.audits['total-blocking-time'].numericValue ?? 0,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
      error,
    };
  }
}

runBench(async () => {
  const base = stringArg('base');
  if (!base) throw new Error('--base <checkout> is required: the built checkout to compare this one with');
  const runs = numberArg('runs', 5);
  const only = stringArg('only');
  const sides = { A: await startSide(base), B: await startSide(ROOT) };
  try {
    console.log(`A = ${base}, B = ${ROOT}; ${runs} run(s) per side, by turns`);
    for (const path of PAGES.filter((p) => !only || p === only)) {
      const samples = { A: [], B: [] };
      for (let i = 0; i < runs; i++) {
        for (const key of i % 2 ? ['B', 'A'] : ['A', 'B']) {
          samples[key].push(await measure(sides[key], path));
        }
      }
      for (const key of ['A', 'B']) {
        const list = samples[key];
        const pick = (field) => Math.round(median(list.map((s) => s[field])));
        console.log(`${path.padEnd(17)} ${key}  score ${String(pick('score')).padStart(3)}  LCP ${String(pick('lcp')).padStart(5)} ms  TBT ${String(pick('tbt')).padStart(4)} ms  CPU index ${pick('benchmarkIndex')}  runs ${list.map((s) => s.score).join(', ')}${list.some((s) => s.error) ? `  errors: ${list.map((s) => s.error).filter(Boolean).join(', ')}` : ''}`);
      }
    }
  } finally {
    await sides.A.stop();
    await sides.B.stop();
  }
});
