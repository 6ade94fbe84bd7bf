#!/usr/bin/env node
// `npm run remote -- deploy|rollback|list|history ...` (docs/decisions/007): deploy a remote's build into the
// version store and make it live, or roll back, by changing the registry row in the database: no API
// restart and no shell rebuild. Uses the built API (api/dist): run `npm run build` first.
// DATA_DIR / DATABASE_URL / REMOTE_* are read as for the server (README "Configuration").
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
const cli = join(root, 'api', 'dist', 'remote-registry', 'remote-registry.cli.js');
if (!existsSync(cli)) {
  console.error('The API is not built: run `npm run build` (or `npm run build -w @portal/api`) first.');
  process.exit(1);
}
const { runRemoteCommand } = require(cli);
const started = Date.now();
runRemoteCommand(process.argv.slice(2), { root, cwd: process.env.INIT_CWD || process.cwd() }).then(
  (out) => {
    console.log(out);
    if (process.env.REMOTE_TIMING) console.error(`(${Date.now() - started} ms)`);
  },
  (error) => {
    console.error(error.message);
    process.exit(1);
  },
);
