#!/usr/bin/env node
/**
 * Throughput of POST /api/login and GET /api/getUserDetails against a bare Nest hello-world route on
 * the same machine (docs/decisions/001). Prints requests/s and the ratio to the baseline.
 *
 *   node bench/auth-throughput.js [--seconds 10] [--connections 10] [--rounds 3]
 *
 * The baseline and getUserDetails are measured in alternating rounds, both servers running throughout,
 * and the ratio is the median of the rounds' ratios: a burst of other work on the machine then hits
 * one round, not the whole comparison. Target (docs/decisions/010): getUserDetails ratio >= 0.6.
 *
 * Needs `npm run build` first (uses api/dist). The API runs as in production (NODE_ENV=production,
 * through scripts/start.js) with a fresh SQLite DATA_DIR, captcha off
 * (the captcha pass is single use; its cost is the widget's proof of work in the browser, not the
 * server) and the auth rate limit raised so the limiter does not answer 429 instead of logging in.
 * Login is dominated by argon2id verification by design (memory-hard hashing, ~19 MiB, t=2).
 */
const autocannon = require('autocannon');
const { spawn } = require('node:child_process');
const { join } = require('node:path');
const { benchEnv, createVerifiedUser, numberArg, startApi, freePort, runBench, verdict } = require('./_api-process');

const seconds = numberArg('seconds', 10);
const connections = numberArg('connections', 10);
const rounds = numberArg('rounds', 3);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function run(opts) {
  return new Promise((resolve, reject) =>
    autocannon({ duration: seconds, connections, ...opts }, (err, res) => (err ? reject(err) : resolve(res))),
  );
}
const summary = (r) => ({ rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors });

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
    const pairs = [];
    for (let i = 0; i < rounds; i++) {
      const base = summary(await run({ url: `http://127.0.0.1:${helloPort}/api/hello` }));
      const details = summary(await run({ url: `${apiUrl}/getUserDetails`, headers: { authorization: `Bearer ${token}` } }));
      pairs.push({ base, details, ratio: details.rps / base.rps });
    }
    const mid = pairs.find((p) => p.ratio === median(pairs.map((q) => q.ratio)));
    const base = mid.base;

    console.log(`\n${seconds}s per run, ${connections} connections, ${rounds} alternating rounds, node ${process.version}, 2 cores shared by server and load generator`);
    pairs.forEach((p, i) => console.log(`round ${i + 1}: hello-world ${p.base.rps.toFixed(0)} req/s, getUserDetails ${p.details.rps.toFixed(0)} req/s, ratio ${p.ratio.toFixed(3)}`));
    const rows = [
      ['Nest hello-world (baseline)', base],
      ['POST /api/login', login],
      ['GET /api/getUserDetails', mid.details],
    ];
    console.log('route'.padEnd(32), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'non2xx'.padStart(7), 'ratio'.padStart(8));
    for (const [name, r] of rows) {
      console.log(name.padEnd(32), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8), String(r.non2xx).padStart(7), (r.rps / base.rps).toFixed(3).padStart(8));
    }
    verdict('getUserDetails / hello-world throughput >= 0.6', mid.ratio >= 0.6, `median of ${rounds} rounds: ${mid.ratio.toFixed(3)}`);
  } finally {
    hello.kill();
    await api.stop();
    cleanup();
  }
});
