// Test and bench fixtures of versioned remote deploys (e2e/remote-deploy.e2e.ts, bench/remote-deploy.js).
// Not used by the product: they start the portal in the production shape without Docker (each remote's
// version store on its own port, the registry in the database) and make candidate builds.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');
const REMOTE_DIRS = ['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights', 'mfe-ops'];

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`server for ${url} exited with ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > until) throw new Error(`${url} did not come up`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function kill(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Run `node scripts/remote/remote.js ...args` with `env`; resolves to `{ code, out, ms }` (stdout and
 * stderr joined; ms = wall time of the command, process start included).
 */
function remoteCommand(env, ...args) {
  const started = Date.now();
  return new Promise((resolve) => {
    const c = spawn(process.execPath, [path.join(ROOT, 'scripts/remote/remote.js'), ...args], { env, cwd: ROOT });
    let out = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (out += d));
    c.on('exit', (code) => resolve({ code, out: out.trim(), ms: Date.now() - started }));
  });
}

/**
 * One remote's version store served by `serve-store.js` on a free port, answering before this resolves
 * to `{ child, origin }`. The port is free when chosen but another process may take it before the
 * server listens (the server then exits): up to three ports are tried.
 */
async function startStore(dir, store) {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/remote/serve-store.js'), dir, String(port), '--store', store], { stdio: 'ignore' });
    const origin = `http://127.0.0.1:${port}`;
    try {
      await waitFor(`${origin}/`, child);
      return { child, origin };
    } catch (error) {
      await kill(child);
      if (attempt >= 3) throw error;
    }
  }
}

/**
 * Start the built portal in the production shape: each remote's version store served by its own
 * `serve-store.js` on a free port, REMOTE_ORIGINS pointing there, every remote's current build deployed
 * with `remote deploy`, then the API (serving the shell and /remotes.json from the database).
 * `overrides` ({ name: manifest URL }) become REMOTES_JSON; `databaseUrl` replaces the embedded SQLite. Resolves to
 * `{ url, env, dataDir, api, origins, remote(...args), stop() }`.
 */
async function startVersionedPortal({ overrides, quiet = true, databaseUrl } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-remote-deploy-'));
  const children = [];
  const origins = {};
  try {
    for (const dir of REMOTE_DIRS) {
      const { child, origin } = await startStore(dir, path.join(dataDir, 'remotes'));
      children.push(child);
      origins[dir.replace(/-/g, '_')] = origin;
    }
  } catch (error) {
    for (const c of children) await kill(c);
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    STATIC_ROOT: ROOT,
    REMOTE_ORIGINS: JSON.stringify(origins),
    REMOTE_ACTOR: 'e2e@ops',
    CAPTCHA_COST: '1',
    CAPTCHA_MAX_COUNTER: '200',
    LOG_FORMAT: 'json',
    LOG_REQUESTS: 'false',
  };
  delete env.DATABASE_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (overrides) env.REMOTES_JSON = JSON.stringify(overrides);
  const stop = async () => {
    for (const c of children) await kill(c);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // The deploy checks each version from its origin before making it live: the stores' servers are up (startStore).
    for (const dir of REMOTE_DIRS) {
      const r = await remoteCommand(env, 'deploy', dir);
      if (r.code !== 0) throw new Error(`initial deploy of ${dir} failed: ${r.out}`);
    }
    const port = await freePort();
    const api = spawn(process.execPath, [path.join(ROOT, 'api/dist/main.js')], { env: { ...env, PORT: String(port) }, stdio: ['ignore', 'ignore', quiet ? 'ignore' : 'inherit'] });
    children.push(api);
    const url = `http://127.0.0.1:${port}`;
    await waitFor(`${url}/api/health`, api);
    return { url, env, dataDir, api, origins, remote: (...args) => remoteCommand(env, ...args), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Build `mfe-releases` alone from a temporary copy (inside the repository, so its node_modules and
 * ../scripts resolve) whose source has `replace` applied to `file`: the repository's sources stay
 * untouched. Resolves to `{ dist, version, cleanup() }`; the build takes ~15 s on 2 cores.
 */
async function buildChangedReleases({ file = 'src/select-release/SelectReleasePage.tsx', replace }) {
  const copy = fs.mkdtempSync(path.join(ROOT, '.remote-e2e-'));
  try {
    return await buildCopy(copy, file, replace);
  } catch (error) {
    fs.rmSync(copy, { recursive: true, force: true });
    throw error;
  }
}

async function buildCopy(copy, file, replace) {
  const source = path.join(ROOT, 'mfe-releases');
  fs.cpSync(source, copy, { recursive: true, filter: (p) => !/[\\/](dist|node_modules)$/.test(p) });
  const target = path.join(copy, file);
  const before = fs.readFileSync(target, 'utf8');
  const after = replace(before);
  if (after === before) throw new Error(`the replacement changed nothing in ${file}`);
  fs.writeFileSync(target, after);
  await new Promise((resolve, reject) => {
    const c = spawn(process.execPath, [path.join(ROOT, 'node_modules/webpack-cli/bin/cli.js'), '--mode', 'production'], { cwd: copy, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    c.stderr.on('data', (d) => (err += d));
    c.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`build of the changed copy failed: ${err}`))));
  });
  const dist = path.join(copy, 'dist');
  const { version } = JSON.parse(fs.readFileSync(path.join(dist, 'version.json'), 'utf8'));
  return { dist, version, cleanup: () => fs.rmSync(copy, { recursive: true, force: true }) };
}

/**
 * A candidate made from a built `dist` whose manifest asks for other versions of shared packages
 * (e.g. `{ react: '18.3.1' }`, or `{}` for a compatible copy) under the version name
 * `<package version>-<suffix>`. Returns `{ dist, version, cleanup() }`.
 */
function incompatibleCandidate(fromDist, versions, suffix = 'incompatible') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-candidate-'));
  fs.cpSync(fromDist, dir, { recursive: true });
  const manifestFile = path.join(dir, 'mf-manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  for (const s of manifest.shared) if (versions[s.name]) Object.assign(s, { version: versions[s.name], requiredVersion: `^${versions[s.name]}` });
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const info = JSON.parse(fs.readFileSync(path.join(dir, 'version.json'), 'utf8'));
  info.version = `${info.packageVersion}-${suffix}`;
  fs.writeFileSync(path.join(dir, 'version.json'), JSON.stringify(info));
  return { dist: dir, version: info.version, cleanup: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

module.exports = { ROOT, REMOTE_DIRS, freePort, startVersionedPortal, buildChangedReleases, incompatibleCandidate, remoteCommand };
