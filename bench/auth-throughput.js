#!/usr/bin/env node
/**
 * Throughput of POST /api/login and GET /api/getUserDetails against a bare Nest hello-world route on
 * the same machine (docs/decisions/001). Prints requests/s and the ratio to the baseline.
 *
 *   node bench/auth-throughput.js [--seconds 10] [--connections 10] [--rounds 3]
 *
 * The baseline and getUserDetails are measured in alternating rounds, both servers running throughout,
 * and the ratio is the median of the rounds' ratios: a burst of other work on the machine then hits
 * one round, not the whole comparison. Target (issue 40, docs/decisions/042): getUserDetails ratio >= 0.67.
 *
 * Needs `npm run build` first (uses api/dist). The API runs as in production (NODE_ENV=production,
 * through scripts/start.js) with a fresh SQLite DATA_DIR, captcha off
 * (the captcha pass is single use; its cost is the widget's proof of work in the browser, not the
 * server) and the auth rate limit raised so the limiter does not answer 429 instead of logging in.
 * Login is dominated by argon2id verification by design (memory-hard hashing, ~19 MiB, t=2).
 *
 * Observability cost (docs/decisions/038): a second API, the same build with metrics (METRICS_PORT,
 * scraped once per round) and tracing on (OTEL_EXPORTER_OTLP_ENDPOINT at an OTLP sink in this process
 * that accepts and drops the spans; sampled as compose does, `--sample 0.1`), is measured on getUserDetails
 * by turns with the plain API, and the
 * median ratio of their rounds is printed. Target: metrics and tracing cost under 10 % (ratio >= 0.9).
 * `--observability false` skips it.
 *
 * Before and after (docs/decisions/042): `--against <dir>` also starts the API built in `<dir>` (an older
 * commit's api/dist, built in a git worktree) and measures its getUserDetails in the same alternating
 * rounds, so both builds' ratios to the same hello-world come from one run on one machine. Every run also
 * prints its server's CPU time per request (from /proc), the finer figure on a busy machine (decision 042).
 */
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const http = require('node:http');
const { benchEnv, cpuMicros, createVerifiedUser, numberArg, stringArg, startApi, freePort, runBench, verdict } = require('./_api-process');

const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 10);
const rounds = numberArg('rounds', 3);
const withObservability = stringArg('observability', 'true') !== 'false';
const against = stringArg('against', null);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ duration: seconds, connections, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}
const summary = (r) => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });

/**
 * One autocannon run (`opts`) with its summary and the CPU time per request (user + system, from /proc) of the
 * server process `pid`: the same cost seen from the server alone, which the load generator sharing the cores
 * disturbs less than requests per second.
 */
async function measured(opts, pid) {
  const cpu = cpuMicros(pid);
  const result = await run(opts);
  return { ...summary(result), cpuPerRequest: (cpuMicros(pid) - cpu) / Math.max(1, result.requests.total) };
}

runBench(async () => {
  const helloPort = await freePort();
  const hello = spawn(process.execPath, [join(__dirname, 'hello-nest.js')], { env: { ...process.env, PORT: String(helloPort) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => hello.once('message', resolve));

  const { env, dataDir, cleanup } = benchEnv(undefined, { LOG_REQUESTS: 'false' });
  const api = await startApi(env);
  try {
    const apiUrl = `http://127.0.0.1:${api.port}/api`;
    const user = await createVerifiedUser(apiUrl, dataDir, 'bench@example.com');
    const token = user.token;

    const login = summary(
      await run({ url: `${apiUrl}/login`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) }),
    );
    const older = against ? await startOlder(against) : null;
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const base = await measured({ url: `http://127.0.0.1:${helloPort}/api/hello` }, hello.pid);
      const details = await measured({ url: `${apiUrl}/getUserDetails`, headers: { authorization: `Bearer ${token}` } }, api.child.pid);
      const old = older ? await measured({ url: `${older.url}/getUserDetails`, headers: { authorization: `Bearer ${older.token}` } }, older.pid) : null;
      pairs.push({ base, details, ratio: details.rps / base.rps, old, oldRatio: old ? old.rps / base.rps : null });
    }
    if (older) await older.stop();
    const mid = pairs.find((p) => p.ratio === median(pairs.map((q) => q.ratio)));
    const base = mid.base;

    console.log(`\n${seconds}s per run, ${connections} connections, ${rounds} alternating rounds, node ${process.version}, 2 cores shared by server and load generator`);
    pairs.forEach((p, i) =>
      console.log(
        `round ${i + 1}: hello-world ${p.base.rps.toFixed(0)} req/s (${p.base.cpuPerRequest.toFixed(0)} µs CPU/request), getUserDetails ${p.details.rps.toFixed(0)} req/s (${p.details.cpuPerRequest.toFixed(0)} µs), ratio ${p.ratio.toFixed(3)}` +
          (p.old ? `; build in ${against}: ${p.old.rps.toFixed(0)} req/s (${p.old.cpuPerRequest.toFixed(0)} µs), ratio ${p.oldRatio.toFixed(3)}` : ''),
      ),
    );
    const cpuMedian = (pick) => median(pairs.map(pick)).toFixed(0);
    console.log(
      `server CPU per request, median of the rounds: hello-world ${cpuMedian((p) => p.base.cpuPerRequest)} µs, getUserDetails ${cpuMedian((p) => p.details.cpuPerRequest)} µs` +
        (older ? `, build in ${against} ${cpuMedian((p) => p.old.cpuPerRequest)} µs` : ''),
    );
    if (older) console.log(`build in ${against}: median ratio ${median(pairs.map((p) => p.oldRatio)).toFixed(3)} (this build ${median(pairs.map((p) => p.ratio)).toFixed(3)})`);
    const rows = [
      ['Nest hello-world (baseline)', base],
      ['POST /api/login', login],
      ['GET /api/getUserDetails', mid.details],
    ];
    console.log('route'.padEnd(32), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non2xx'.padStart(7), 'ratio'.padStart(8));
    for (const [name, r] of rows) {
      console.log(name.padEnd(32), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.non2xx).padStart(7), (r.rps / base.rps).toFixed(3).padStart(8));
    }
    verdict('getUserDetails / hello-world throughput >= 0.67', mid.ratio >= 0.67, `median of ${rounds} rounds: ${mid.ratio.toFixed(3)}`);
    if (withObservability) await observabilityCost(apiUrl, token, api.child.pid);
  } finally {
    hello.kill();
    await api.stop();
    cleanup();
  }
});

/** The API built in `dist` (another commit's api/dist), started like this one with a verified user: `{ url, token, stop }`. */
async function startOlder(dist) {
  const { env, dataDir, cleanup } = benchEnv(undefined, { LOG_REQUESTS: 'false' });
  const api = await startApi(env, dist);
  const url = `http://127.0.0.1:${api.port}/api`;
  const { token } = await createVerifiedUser(url, dataDir, 'bench-older@example.com');
  return { url, token, pid: api.child.pid, stop: async () => (await api.stop(), cleanup()) };
}

/**
 * getUserDetails on the plain API (`plainUrl`, `plainToken`, process `plainPid`) against the same build
 * with metrics and tracing on, by turns in `rounds` rounds; prints each round and the median ratio
 * (docs/decisions/038). Beside throughput it prints each API's CPU time per request (user + system, from
 * /proc): the same cost seen from the server alone, which the load generator sharing the cores and other
 * work on the machine disturb less than requests per second.
 */
async function observabilityCost(plainUrl, plainToken, plainPid) {
  let spansBytes = 0;
  let exports = 0;
  // An OTLP/HTTP sink: reads and drops every export, answers an empty ExportTraceServiceResponse.
  const sink = http.createServer((req, res) => {
    req.on('data', (c) => (spansBytes += c.length));
    req.on('end', () => {
      exports += 1;
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const metricsPort = await freePort();
  // As compose runs it: every request traced (its id is the trace id), one trace in ten kept and exported
  // (`--sample 1` exports every one).
  const sample = stringArg('sample', '0.1');
  const { env, dataDir, cleanup } = benchEnv(undefined, {
    LOG_REQUESTS: 'false',
    METRICS_PORT: String(metricsPort),
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${sink.address().port}`,
    OTEL_TRACES_SAMPLER: 'parentbased_traceidratio',
    OTEL_TRACES_SAMPLER_ARG: sample,
  });
  const observed = await startApi(env);
  try {
    const url = `http://127.0.0.1:${observed.port}/api`;
    const { token } = await createVerifiedUser(url, dataDir, 'bench-observed@example.com');
    const scrape = () => new Promise((resolve, reject) => http.get({ port: metricsPort, path: '/metrics' }, (res) => res.resume().on('end', () => resolve(res.statusCode))).on('error', reject));
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const details = (target, bearer) => ({ url: `${target}/getUserDetails`, headers: { authorization: `Bearer ${bearer}` } });
      const plain = await measured(details(plainUrl, plainToken), plainPid);
      const on = await measured(details(url, token), observed.child.pid);
      if ((await scrape()) !== 200) throw new Error('the observed API did not answer its metrics scrape');
      pairs.push({ plain, on, ratio: on.rps / plain.rps });
    }
    const mid = pairs.find((p) => p.ratio === median(pairs.map((q) => q.ratio)));
    console.log(`\ngetUserDetails with metrics and tracing on (OTLP exporter to a local sink, sampler ratio ${sample}) against the same build without, by turns:`);
    pairs.forEach((p, i) =>
      console.log(
        `round ${i + 1}: without ${p.plain.rps.toFixed(0)} req/s (p99 ${p.plain.p99} ms, ${p.plain.cpuPerRequest.toFixed(0)} µs CPU/request), with ${p.on.rps.toFixed(0)} req/s (p99 ${p.on.p99} ms, ${p.on.cpuPerRequest.toFixed(0)} µs CPU/request), ratio ${p.ratio.toFixed(3)}`,
      ),
    );
    const cpuWithout = median(pairs.map((p) => p.plain.cpuPerRequest));
    const cpuWith = median(pairs.map((p) => p.on.cpuPerRequest));
    console.log(`server CPU per request, median of the rounds: without ${cpuWithout.toFixed(0)} µs, with ${cpuWith.toFixed(0)} µs (+${(100 * (cpuWith / cpuWithout - 1)).toFixed(1)} %)`);
    console.log(`spans exported: ${exports} OTLP requests, ${(spansBytes / 1024).toFixed(0)} KiB; non-2xx with: ${mid.on.non2xx}`);
    verdict('getUserDetails with metrics + tracing / without >= 0.9 (cost under 10 %)', mid.ratio >= 0.9, `median of ${rounds} rounds: ${mid.ratio.toFixed(3)}`);
  } finally {
    await observed.stop();
    cleanup();
    sink.close();
  }
}
