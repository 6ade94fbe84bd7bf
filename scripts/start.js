#!/usr/bin/env node
// Serve the whole portal on one URL: the API, which also serves the built shell, remotes and
// /remotes.json. Run after `npm run build`; `npm start` does both.
//
// The API runs in a child process with MALLOC_ARENA_MAX=2 (unless set): glibc otherwise gives each
// of libuv's threads its own malloc arena, and a 100 MB upload then leaves ~35 MB of resident memory
// behind instead of ~15 MB (bench/upload-memory.js). The variable must be set before the process
// starts, hence the child.
const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const main = join(root, 'api/dist/main.js');
if (!existsSync(main)) {
  console.error('Not built yet: run `npm run build` (or `npm start`, which builds first).');
  process.exit(1);
}
const env = { ...process.env, MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2' };
if (env.STATIC_ROOT === undefined) {
  env.STATIC_ROOT = root;
  const missing = ['shell/dist/index.html', ...['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights'].map((d) => `${d}/dist/mf-manifest.json`)].filter((f) => !existsSync(join(root, f)));
  if (missing.length) console.warn(`Front ends not built (${missing.join(', ')}): run \`npm run build\`.`);
}
// The API child is restarted when it dies on its own (an uncaught exception exits it after a short drain,
// decision 022), with a back-off that grows on repeated crashes (1 s doubling to 30 s, back to 1 s after a
// minute up). A configuration error (exit 78) is not retried: the message names the variable to fix.
// SIGINT/SIGTERM are passed on and the child's own graceful drain decides when this process exits.
const CONFIG_ERROR = 78;
let child = null;
let stopping = false;
let backoffMs = 1000;
function startChild() {
  const startedAt = Date.now();
  child = spawn(process.execPath, [main], { env, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    if (stopping) return process.exit(code ?? (signal ? 1 : 0));
    if (code === CONFIG_ERROR) return process.exit(code);
    if (Date.now() - startedAt > 60_000) backoffMs = 1000;
    console.error(`[start] the API exited (${signal ?? `code ${code}`}); starting it again in ${backoffMs / 1000} s`);
    setTimeout(startChild, backoffMs);
    backoffMs = Math.min(backoffMs * 2, 30_000);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopping = true;
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else process.exit(0);
  });
}
startChild();
