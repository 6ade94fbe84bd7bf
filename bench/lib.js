// Helpers shared by the bench scripts: start a server as a child process and wait for it.
const { spawn } = require('node:child_process');

/** Spawn `node <script>` with env; resolves when GET <readyUrl> answers (any status). */
async function startServer(script, env, readyUrl, { timeoutMs = 60_000 } = {}) {
  const child = spawn(process.execPath, [script], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`);
    try {
      await fetch(readyUrl);
      return child;
    } catch {
      if (Date.now() - started > timeoutMs) throw new Error(`${script} did not start in time`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
function stop(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}
module.exports = { startServer, stop };
