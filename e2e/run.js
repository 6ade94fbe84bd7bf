#!/usr/bin/env node
// `npm run test:e2e`: browser tests in Debian's Chromium (playwright-core) against the running portal.
// Builds first when a build is missing, then runs jest on e2e/*.e2e.ts. Each test file starts its own
// portal (API + built shell and remotes) on free ports with a fresh DATA_DIR, so files run in parallel.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { spawnSync } = require('node:child_process');

const root = join(__dirname, '..');
const built = ['api/dist/main.js', 'shell/dist/index.html', 'mfe-auth/dist/mf-manifest.json', 'mfe-releases/dist/mf-manifest.json'].every((f) => existsSync(join(root, f)));
if (!built) {
  const b = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
  console.error('Chromium not found at /usr/bin/chromium: apt-get install -y chromium (never `npx playwright install`).');
  process.exit(1);
}
// Spec files share no state (each starts its own portal, database, stores and browser on free ports in
// its own temporary folders), so they run E2E_WORKERS at a time (default 2; 1 runs them one by one).
const workers = Number(process.env.E2E_WORKERS || 2);
if (!Number.isInteger(workers) || workers < 1) {
  console.error(`E2E_WORKERS must be a whole number of at least 1 (got "${process.env.E2E_WORKERS}").`);
  process.exit(1);
}
const jest = require.resolve('jest/bin/jest');
const args = workers === 1 ? ['--runInBand'] : [`--maxWorkers=${workers}`];
const r = spawnSync(process.execPath, [jest, '--config', join(__dirname, 'jest.config.js'), ...args, ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
process.exit(r.status ?? 1);
