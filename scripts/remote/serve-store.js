#!/usr/bin/env node
// Serves one remote's version store on its own port (issue 12, the production shape without Docker):
//   node scripts/remote/serve-store.js <remote-dir> <port> [--store <dir>]
// Files of <store>/<remote-dir>/ (default store: $REMOTE_STORE_DIR or $DATA_DIR/remotes or ./data/remotes),
// so http://host:<port>/<version>/mf-manifest.json is one deployed version. CORS "*"; mf-manifest.json,
// version.json and remoteEntry.js no-cache, content-hashed chunks immutable (scripts/serve-remote.js).
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { createHandler } = require('../serve-remote');

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
  const [dir, portArg] = args;
  const port = Number(portArg);
  if (!dir || !/^[a-z][a-z0-9-]*$/.test(dir) || !Number.isInteger(port) || port < 0 || port > 65535) {
    console.error('usage: node scripts/remote/serve-store.js <remote-dir> <port> [--store <dir>]');
    process.exit(2);
  }
  const root = storeFolder(dir, store);
  const server = http.createServer(createHandler(root));
  server.listen(port, () => console.log(`serving ${root} on http://localhost:${server.address().port} (CORS *)`));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

module.exports = { storeFolder };
