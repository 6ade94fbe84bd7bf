#!/usr/bin/env node
// Serves one remote's version store on its own port (docs/decisions/007, the production shape without Docker):
//   node scripts/remote/serve-store.js <remote-dir> <port> [--store <dir>] [--publish <dist dir>]
// (--publish: copy that build into the store first, as the remote's container does on start)
// Files of <store>/<remote-dir>/ (default store: $REMOTE_STORE_DIR or $DATA_DIR/remotes or ./data/remotes),
// so http://host:<port>/<version>/mf-manifest.json is one deployed version. CORS "*"; mf-manifest.json,
// version.json and remoteEntry.js no-cache, content-hashed chunks immutable (scripts/serve-remote.js).
const fs = require('node:fs');
const path = require('node:path');
const { serveFolder } = require('../serve-remote');

/**
 * Copy a built bundle (`bundle`: a dist folder with version.json) into `folder/<version>/` unless that
 * version is already there: copied next to it, then renamed, so a reader never sees half a version
 * and an existing version folder is never overwritten. Returns the version.
 */
function publish(bundle, folder) {
  const { version } = JSON.parse(fs.readFileSync(path.join(bundle, 'version.json'), 'utf8'));
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(version || '')) throw new Error(`${bundle}/version.json has no usable version`);
  const target = path.join(folder, version);
  if (fs.existsSync(target)) return version;
  const staging = path.join(folder, `.staging-${version}-${process.pid}`);
  fs.cpSync(bundle, staging, { recursive: true });
  try {
    fs.renameSync(staging, target);
  } catch (error) {
    if (!fs.existsSync(target)) throw error;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
  return version;
}

/** Directory served for `dir`: `<store>/<dir>`, created if missing (a remote with no deploy yet answers 404). */
function storeFolder(dir, store) {
  const base = store || process.env.REMOTE_STORE_DIR || path.join(process.env.DATA_DIR || 'data', 'remotes');
  const folder = path.resolve(base, dir);
  fs.mkdirSync(folder, { recursive: true });
  return folder;
}

if (require.main === module) {
  const args = process.argv.slice(2);
  const storeAt = args.indexOf('--store');
  const store = storeAt >= 0 ? args.splice(storeAt, 2)[1] : undefined;
  const publishAt = args.indexOf('--publish');
  const bundle = publishAt >= 0 ? args.splice(publishAt, 2)[1] : undefined;
  const [dir, portArg] = args;
  const port = Number(portArg);
  if (!dir || !/^[a-z][a-z0-9-]*$/.test(dir) || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node scripts/remote/serve-store.js <remote-dir> <port> [--store <dir>] [--publish <dist dir>]');
    process.exit(2);
  }
  const root = storeFolder(dir, store);
  if (bundle) console.log(`published ${dir} ${publish(bundle, root)} into ${root}`);
  serveFolder(root, port);
}

module.exports = { storeFolder, publish };
