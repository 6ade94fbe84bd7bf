#!/usr/bin/env node
/**
 * What Lighthouse's mobile LCP and TBT are made of, for one page (docs/decisions/010): runs the mobile preset
 * once per --runs (as bench/lighthouse-mobile.js does, built portal, fresh Chromium, the bench user's
 * session for logged-in pages) and prints, from Lighthouse's own simulation (Lantern, the engine behind
 * the reported figures):
 *
 * - the LCP graph: every request and main-thread task the simulated LCP waits for, with its simulated
 *   start and end (ms), its bytes on the wire (requests) or its observed length (tasks, at 1x), and the
 *   node that ends last (what the LCP is waiting for);
 * - the tasks that count for Total Blocking Time: simulated length over 50 ms, with what ran in them.
 *
 *   node bench/lcp-graph.js [--no-build] [--only /path] [--runs N]
 *
 * A diagnostic, not a target (the target is bench/lighthouse-mobile.js). It reads Lighthouse's computed
 * metrics modules (`lighthouse/core/computed/metrics/...`), which are internal: a Lighthouse upgrade may
 * move them. Needs `npm run build` first for the front ends.
 */
const { ROOT, build, benchEnv, createVerifiedUser, numberArg, startApi, stringArg } = require('./_api-process');
const { runLighthouse } = require('./_lighthouse');

/** "EvaluateScript /main.js:18 | RunMicrotasks:12": the trace events inside a CPU node, longest first (ms, observed). */
function taskContents(node, origin) {
  const totals = new Map();
  for (const event of node.childEvents) {
    const url = event.args?.data?.url;
    const key = url ? `${event.name} ${url.replace(origin, '').split('?')[0]}` : event.name;
    totals.set(key, (totals.get(key) ?? 0) + (event.dur ?? 0));
  }
  return [...totals]
    .filter(([, dur]) => dur >= 1000)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([key, dur]) => `${key}:${Math.round(dur / 1000)}`)
    .join(' | ');
}

const ms = (value) => String(Math.round(value)).padStart(6);

(async () => {
  const path = stringArg('only', '/catalog');
  const runs = numberArg('runs', 1);
  build(process.argv);
  const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js');
  const { LanternTotalBlockingTime } = await import('lighthouse/core/computed/metrics/lantern-total-blocking-time.js');
  const { env, dataDir, cleanup } = benchEnv(undefined, { STATIC_ROOT: ROOT, LOG_REQUESTS: 'false' });
  const api = await startApi(env);
  try {
    const origin = `http://127.0.0.1:${api.port}`;
    const token = path === '/login' || path === '/signup' ? undefined : (await createVerifiedUser(`${origin}/api`, dataDir, 'lcp-graph@example.com')).token;
    for (let run = 1; run <= runs; run++) {
      const { lhr, artifacts } = await runLighthouse(`${origin}${path}`, token);
      const figure = (id) => Math.round(lhr.audits[id]?.numericValue ?? NaN);
      console.log(`\n${path}, run ${run}: score ${Math.round((lhr.categories.performance.score ?? 0) * 100)}, LCP ${figure('largest-contentful-paint')} ms, TBT ${figure('total-blocking-time')} ms (benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)})`);
      const settings = lhr.configSettings;
      const context = { computedCache: new Map(), settings };
      const data = { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings, simulator: null, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps };
      const lcp = await LanternLargestContentfulPaint.request(data, context);
      // Lighthouse's LCP is the mean of its optimistic and pessimistic graphs; the pessimistic one holds every request before the observed LCP.
      const timings = [...lcp.pessimisticEstimate.nodeTimings.entries()].sort((a, b) => a[1].startTime - b[1].startTime);
      const last = timings.reduce((latest, entry) => (entry[1].endTime > latest[1].endTime ? entry : latest));
      console.log(`LCP graph (pessimistic, ${Math.round(lcp.pessimisticEstimate.timeInMs)} ms; optimistic ${Math.round(lcp.optimisticEstimate.timeInMs)} ms)\n  start    end  what`);
      for (const [node, timing] of timings) {
        const what =
          node.type === 'network'
            ? `${node.request.resourceType} ${node.request.url.replace(origin, '').split('?')[0].slice(0, 80)} ${node.request.transferSize} B`
            : `task ${Math.round(node.duration / 1000)} ms observed  ${taskContents(node, origin)}`;
        console.log(`${ms(timing.startTime)} ${ms(timing.endTime)}  ${what}${node === last[0] ? '   <- ends last' : ''}`);
      }
      const tbt = await LanternTotalBlockingTime.request(data, context);
      console.log(`TBT tasks (simulated over 50 ms; TBT ${Math.round(tbt.timing)} ms)\n  start length  what`);
      for (const [node, timing] of [...tbt.pessimisticEstimate.nodeTimings.entries()].filter(([n, t]) => n.type !== 'network' && t.duration > 50).sort((a, b) => a[1].startTime - b[1].startTime)) {
        console.log(`${ms(timing.startTime)} ${ms(timing.duration)}  ${taskContents(node, origin)}`);
      }
    }
  } finally {
    await api.stop();
    cleanup();
  }
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
