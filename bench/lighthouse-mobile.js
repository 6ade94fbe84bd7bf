#!/usr/bin/env node
/**
 * Mobile Lighthouse of the built portal (docs/decisions/010): the `lighthouse` package's default (mobile) preset
 * (Moto G Power emulation, simulated slow 4G and 4x CPU slowdown) against Debian's Chromium, for
 * /login and, logged in, /, /catalog and /create_releases. The portal is the built shell and remotes
 * served by the API in production mode (STATIC_ROOT = this repository), as bench/first-load.js does.
 * Every run starts a fresh Chromium (empty cache and storage); for the logged-in pages the bench
 * user's token is written into the origin's localStorage before Lighthouse loads the page (Lighthouse
 * then keeps storage: `disableStorageReset`). Prints, per page, the median of the runs (3 unless
 * --runs N) of the performance score (0-100), LCP, FCP, TBT, CLS and Speed Index, with Lighthouse's
 * `benchmarkIndex` (the machine's CPU speed: simulated TBT is observed main-thread time times four, so a
 * slower machine scores lower), and checks the target: score ≥ 95 and LCP ≤ 2.5 s on every page.
 *
 *   node bench/lighthouse-mobile.js [--no-build] [--runs N] [--only /path] [--json] [--save-dir DIR]
 *
 * --save-dir writes each run's full Lighthouse report (JSON) there, for reading the waterfall and the
 * LCP phases.
 *
 * Needs `npm run build` first for the front ends (the API is compiled unless --no-build).
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { ROOT, build, benchEnv, createVerifiedUser, numberArg, startApi, stringArg, runBench, verdict } = require('./_api-process');
const { runLighthouse } = require('./_lighthouse');

const TARGET_SCORE = 95;
const TARGET_LCP_MS = 2500;
const PAGES = [
  { path: '/login', loggedIn: false },
  { path: '/', loggedIn: true },
  { path: '/catalog', loggedIn: true },
  { path: '/create_releases', loggedIn: true },
];

/** One Lighthouse run in a fresh Chromium; resolves to the page's figures (and saves the report and trace to `saveAs`). */
async function runOnce(url, token, saveAs) {
  const { lhr, artifacts } = await runLighthouse(url, token);
  if (saveAs) {
    writeFileSync(saveAs, JSON.stringify(lhr));
    const trace = artifacts?.Trace ?? artifacts?.traces?.defaultPass;
    if (trace) writeFileSync(saveAs.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
  }
  const audit = (id) => lhr.audits[id]?.numericValue;
  return {
    landedOn: new URL(lhr.finalDisplayedUrl).pathname,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    si: audit('speed-index'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    runtimeError: lhr.runtimeError?.code,
    benchmarkIndex: lhr.environment?.benchmarkIndex,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

runBench(async () => {
  const runs = numberArg('runs', 3);
  const only = stringArg('only');
  const saveDir = stringArg('save-dir');
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  build(process.argv);
  const { env, dataDir, cleanup } = benchEnv(undefined, { STATIC_ROOT: ROOT, LOG_REQUESTS: 'false' });
  const api = await startApi(env);
  try {
    const origin = `http://127.0.0.1:${api.port}`;
    const token = (await createVerifiedUser(`${origin}/api`, dataDir, 'lighthouse@example.com')).token;
    const results = [];
    for (const p of PAGES.filter((page) => !only || page.path === only)) {
      const samples = [];
      // A run Lighthouse could not trace (e.g. NO_NAVSTART on a busy machine) is retried, up to twice.
      for (let i = 0, retries = 0; i < runs; ) {
        const saveAs = saveDir && join(saveDir, `${p.path.replace(/\W+/g, '_') || '_'}-${i + 1}.json`);
        const sample = await runOnce(`${origin}${p.path}`, p.loggedIn ? token : undefined, saveAs);
        if (sample.runtimeError && retries++ < 2) continue;
        samples.push(sample);
        i++;
      }
      const pick = (key) => median(samples.map((s) => s[key]));
      results.push({
        page: p.path,
        landedOn: samples[0].landedOn,
        score: pick('score'),
        lcp: pick('lcp'),
        fcp: pick('fcp'),
        tbt: pick('tbt'),
        cls: pick('cls'),
        si: pick('si'),
        benchmarkIndex: pick('benchmarkIndex'),
        scores: samples.map((s) => s.score),
        lcpElement: samples[0].lcpElement,
        errors: samples.map((s) => s.runtimeError).filter(Boolean),
      });
    }
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(results, null, 2));
    } else {
      console.log(`\nLighthouse ${require('lighthouse/package.json').version}, mobile preset, median of ${runs} run(s)`);
      console.log('page              score   LCP (s)   FCP (s)   TBT (ms)   CLS     SI (s)   CPU index   runs');
      for (const r of results) {
        console.log(
          `${r.page.padEnd(17)} ${String(r.score).padStart(5)}   ${(r.lcp / 1000).toFixed(2).padStart(7)}   ${(r.fcp / 1000).toFixed(2).padStart(7)}   ${String(Math.round(r.tbt)).padStart(8)}   ${r.cls.toFixed(3)}   ${(r.si / 1000).toFixed(2).padStart(6)}   ${String(Math.round(r.benchmarkIndex ?? 0)).padStart(9)}   ${r.scores.join(', ')}${r.landedOn !== r.page ? `  (landed on ${r.landedOn})` : ''}${r.errors.length ? `  errors: ${r.errors.join(', ')}` : ''}`,
        );
      }
      console.log('\nLCP element (first run):');
      for (const r of results) console.log(`  ${r.page}: ${r.lcpElement ?? '-'}`);
    }
    console.log('');
    verdict(`Lighthouse mobile score >= ${TARGET_SCORE} on every page`, results.every((r) => r.score >= TARGET_SCORE && r.landedOn === r.page), results.map((r) => `${r.page} ${r.score}${r.landedOn !== r.page ? ` (landed on ${r.landedOn})` : ''}`).join(', '));
    verdict(`LCP <= ${TARGET_LCP_MS / 1000} s on every page`, results.every((r) => r.lcp <= TARGET_LCP_MS && r.landedOn === r.page), results.map((r) => `${r.page} ${(r.lcp / 1000).toFixed(2)} s`).join(', '));
  } finally {
    await api.stop();
    cleanup();
  }
});
