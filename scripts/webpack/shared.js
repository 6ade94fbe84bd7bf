// Module Federation shared singletons of every portal container (DESIGN.md "Shape", CONVENTIONS 10,
// docs/decisions/001). One React, one router, one styled-components, one zustand, one kit (so one
// session store and one toaster) on the page, whichever container loads them first.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

/** Packages shared as singletons. A key ending in "/" shares the package's subpaths (react-dom/client, react/jsx-runtime). */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  'react-router',
  'react-router-dom',
  'styled-components',
  'zustand',
  '@portal/kit',
  // @portal/contracts is deliberately not shared (docs/decisions/005): it is stateless data (texts,
  // limits, yup schemas built on the shared yup), and each container bundles the copy it was built
  // with, so a redeployed remote shows its own texts instead of the ones the shell loaded first.
  // Not in the decision's list, but harmless and protective: a remote that imports react-hot-toast
  // directly must reach the one toaster the shell renders (PortalToaster), not a private copy.
  'react-hot-toast',
  // Form and date libraries every remote uses (issue 7): one yup (so `instanceof ValidationError`
  // holds across containers), one formik, one dayjs.
  'yup',
  'formik',
  'dayjs',
];

/** Version of a package as installed for `dir` (walks up node_modules like Node does). */
function installedVersion(pkg, dir) {
  let current = dir;
  for (;;) {
    const candidate = path.join(current, 'node_modules', pkg, 'package.json');
    if (fs.existsSync(candidate)) return JSON.parse(fs.readFileSync(candidate, 'utf8')).version;
    const parent = path.dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/**
 * The `shared` option for a container built from package directory `dir`.
 * requiredVersion is the installed major (`^19.0.0`), so a remote built against any 19.x accepts
 * the host's 19.y instead of loading a second copy; workspace packages accept their exact version.
 */
function createShared(dir = ROOT) {
  const shared = {};
  for (const key of SINGLETONS) {
    const pkg = key.endsWith('/') ? key.slice(0, -1) : key;
    const version = installedVersion(pkg, dir) ?? installedVersion(pkg, ROOT);
    if (!version) throw new Error(`shared package ${pkg} is not installed (looked from ${dir})`);
    const major = version.split('.')[0];
    shared[key] = {
      singleton: true,
      eager: false,
      version,
      requiredVersion: pkg.startsWith('@portal/') ? `^${version}` : `^${major}.0.0`,
      strictVersion: false,
    };
  }
  return shared;
}

/** Lets one dead remote not stop the shell (CONVENTIONS 10). */
const SHARE_STRATEGY = 'loaded-first';

module.exports = { createShared, SINGLETONS, SHARE_STRATEGY, ROOT };
