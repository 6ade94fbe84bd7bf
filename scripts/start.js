#!/usr/bin/env node
// Serve the whole portal on one URL: the API (which also serves the built shell, remotes and
// /remotes.json). Run after `npm run build`; `npm start` does both.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
const missing = ['api/dist/main.js', 'shell/dist/index.html', ...['mfe-auth', 'mfe-releases', 'mfe-support', 'mfe-tools-rights'].map((d) => `${d}/dist/mf-manifest.json`)].filter(
  (f) => !existsSync(join(root, f)),
);
if (missing.length) {
  console.error(`Not built yet: ${missing.join(', ')}. Run \`npm run build\` (or \`npm start\`, which builds first).`);
  process.exit(1);
}
process.env.STATIC_ROOT = process.env.STATIC_ROOT ?? root;
require(join(root, 'api/dist/main.js'));
