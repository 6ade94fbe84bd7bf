#!/usr/bin/env node
'use strict';
/**
 * Graceful shutdown (decision 022): starts the built API on SQLite, signs a user up, then runs 20
 * keep-alive connections that each send requests back to back (a mix of /api/health/live and an
 * authenticated catalogue list) plus two slow artwork uploads (a PNG trickled over about 3 s). After
 * 1.5 s of load it sends SIGTERM to the API and counts, per request: completed (an answer arrived),
 * reset (the connection broke under a request that was sent: ECONNRESET, socket hang up, EPIPE) and
 * refused (a new connection after the listening socket closed: ECONNREFUSED, the balancer's job).
 * A connection stops sending once an answer says `Connection: close`, as a client should.
 * Prints those counts, whether both uploads were answered 200, and the time from SIGTERM to exit.
 * Target: 0 reset, exit within SHUTDOWN_GRACE_SECONDS (default 20 s).
 *
 *   node bench/shutdown-drain.js [--no-build] [--connections 20] [--grace 20]
 */
const http = require('node:http');

const { build, benchEnv, startApi, createVerifiedUser, numberArg, runBench, verdict } = require('./_api-process');
const { makeArtworks } = require('./_artwork');

const CONNECTIONS = numberArg('connections', 20);
const GRACE_S = numberArg('grace', 20);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED']);

/** One request on `agent`; resolves { status, close } or rejects with the socket error. */
function send(port, agent, path, token) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, agent, headers: token ? { Authorization: `Bearer ${token}` } : {} }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode, close: /close/i.test(res.headers.connection ?? '') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** A multipart artwork upload whose body is written in 30 pieces over about 3 s. */
function slowUpload(port, token, png) {
  return new Promise((resolve) => {
    const boundary = 'drain-bench';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cover.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const body = Buffer.concat([head, png, tail]);
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path: '/api/upload?kind=artwork', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode }));
      },
    );
    req.on('error', (e) => resolve({ error: e.code || e.message }));
    const pieces = 30;
    const size = Math.ceil(body.length / pieces);
    let i = 0;
    const tick = () => {
      if (i >= pieces) return req.end();
      req.write(body.subarray(i * size, (i + 1) * size));
      i++;
      setTimeout(tick, 100);
    };
    tick();
  });
}

async function main() {
  // Compiles contracts and the API first unless --no-build (like every bench).
  build(process.argv.slice(2));
  const { env, dataDir, cleanup } = benchEnv(undefined, { SHUTDOWN_GRACE_SECONDS: String(GRACE_S), LOG_REQUESTS: 'false' });
  const api = await startApi(env);
  const { port, child } = api;
  const { token } = await createVerifiedUser(`http://127.0.0.1:${port}/api`, dataDir, `drain.${Date.now()}@example.com`);
  const [cover] = await makeArtworks(1);

  const counts = { completed: 0, reset: 0, refused: 0, other: 0 };
  const errors = new Map();
  let stopAll = false;
  const loops = Array.from({ length: CONNECTIONS }, async (_, i) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (let n = 0; !stopAll; n++) {
      const path = n % 2 ? '/api/health/live' : '/api/getCatelogListWeb?page=1&limit=10';
      try {
        const r = await send(port, agent, path, token);
        counts.completed++;
        if (r.close) break;
      } catch (e) {
        const code = e.code || e.message;
        if (code === 'ECONNREFUSED') counts.refused++;
        else if (RESET_CODES.has(code) || /hang up/.test(e.message)) counts.reset++;
        else counts.other++;
        errors.set(code, (errors.get(code) ?? 0) + 1);
        break;
      }
    }
    agent.destroy();
    return i;
  });
  const uploads = [slowUpload(port, token, cover), slowUpload(port, token, cover)];

  await new Promise((r) => setTimeout(r, 1500));
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const sigtermAt = Date.now();
  child.kill('SIGTERM');
  const exitCode = await exited;
  const exitMs = Date.now() - sigtermAt;
  stopAll = true;
  await Promise.all(loops);
  const uploadResults = await Promise.all(uploads);
  cleanup();

  console.log(`keep-alive connections: ${CONNECTIONS}, grace: ${GRACE_S} s`);
  console.log(`requests completed: ${counts.completed}`);
  console.log(`requests reset:     ${counts.reset}`);
  console.log(`connections refused after close (balancer's job): ${counts.refused}`);
  if (counts.other) console.log(`other errors: ${counts.other} ${JSON.stringify(Object.fromEntries(errors))}`);
  console.log(`slow uploads: ${uploadResults.map((u) => u.status ?? u.error).join(', ')}`);
  console.log(`exit code ${exitCode}, ${exitMs} ms after SIGTERM`);
  verdict('no request reset or failed by the drain', counts.reset === 0 && counts.other === 0, `${counts.reset} reset, ${counts.other} other errors`);
  verdict('both slow uploads answered 200', uploadResults.every((u) => u.status === 200), uploadResults.map((u) => u.status ?? u.error).join(', '));
  verdict(`exit within SHUTDOWN_GRACE_SECONDS (${GRACE_S} s)`, exitMs < GRACE_S * 1000, `${exitMs} ms`);
}

runBench(main);
