// Module Federation shared singletons of every portal container (DESIGN.md "Shape", docs/conventions.md §11,
// docs/decisions/001). One React, one router, one styled-components, one zustand, one kit (so one
// session store and one toaster), one TanStack Query (one cache) on the page, whichever container loads them first.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..', '..');

/** What "react-router-dom" resolves to in every container: the subset of react-router 7 the portal uses. */
const ROUTER_EXPORTS = path.join(__dirname, 'router-exports.js');

/** Packages shared as singletons. A key ending in "/" shares the package's subpaths (react-dom/client, react/jsx-runtime). */
const SINGLETONS = [
  'react',
  'react/',
  'react-dom',
  'react-dom/',
  // react-router-dom is provided as the tree-shaken subset in router-exports.js (ROUTER_EXPORTS);
  // react-router itself is then only bundled into that module, never imported on its own.
  'react-router-dom',
  'styled-components',
  'zustand',
  // @portal/kit is not shared whole (docs/decisions/010): each container bundles the kit pieces it
  // uses (tree-shaken, like the contracts), and only the kit's stateful modules are singletons
  // (KIT_STATE_MODULES), so the page still has one session store, one dialog count...
  // @portal/contracts is deliberately not shared (docs/decisions/005): it is stateless data (texts,
  // limits, yup schemas built on the shared yup), and each container bundles the copy it was built
  // with, so a redeployed remote shows its own texts instead of the ones the shell loaded first.
  // Not in the decision's list, but harmless and protective: a remote that imports react-hot-toast
  // directly must reach the one toaster the shell renders (PortalToaster), not a private copy.
  'react-hot-toast',
  // Form and date libraries every remote uses (docs/decisions/004): one yup (so `instanceof ValidationError`
  // holds across containers), one formik, one dayjs.
  'yup',
  'formik',
  'dayjs',
  // The kit's API client is bundled per container since the kit is no longer shared whole: one ky.
  'ky',
  // The data layer (docs/decisions/025): one QueryClient context, so a remote's queries use the cache
  // the shell provides (its route-entry prefetch, the invalidations of other containers' mutations).
  '@tanstack/react-query',
];

/**
 * The kit's modules that hold state for the whole page, shared as singletons by their resolved path
 * (whatever import reaches the file, from the kit's index or inside the kit), under share keys
 * "@portal/kit/<name>" at the kit's version (gated by the API like "@portal/kit" was):
 * the session store (token), the session-over redirect timer (one redirect), the dialog count (body
 * scroll lock across containers' dialogs) and the history gate of the unsaved-edit guards (its listener must come before the router's).
 */
const KIT_STATE_MODULES = {
  'session/session.store.ts': '@portal/kit/session-store',
  'api/session-over.ts': '@portal/kit/session-over',
  'ui/Dialog.tsx': '@portal/kit/dialog',
  // The page's one popstate gate, installed by the shell before its router (unsaved-edit guards).
  'forms/history-guard.ts': '@portal/kit/history-guard',
};

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
 * The `shared` option for a container built from package directory `dir`: every package a singleton
 * at its installed version, with no `requiredVersion` for the browser to check. Which versions may
 * meet on a page is decided before they can: the API's deploy gate refuses a remote built against
 * another major of a singleton than the shell's (docs/decisions/007). The federation runtime's own
 * check only warned (`strictVersion: false`) and, to do so, parsed semver ranges with regular
 * expressions it compiles on the phone at start-up, 10 to 30 ms before the first page (docs/decisions/010).
 */
function createShared(dir = ROOT) {
  const shared = {};
  for (const key of SINGLETONS) {
    const pkg = key.endsWith('/') ? key.slice(0, -1) : key;
    const version = installedVersion(pkg, dir) ?? installedVersion(pkg, ROOT);
    if (!version) throw new Error(`shared package ${pkg} is not installed (looked from ${dir})`);
    shared[key] = {
      singleton: true,
      eager: false,
      version,
      requiredVersion: false,
      strictVersion: false,
      ...(pkg === 'react-router-dom' ? { import: ROUTER_EXPORTS } : {}),
    };
  }
  const kitVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'kit', 'package.json'), 'utf8')).version;
  for (const [file, shareKey] of Object.entries(KIT_STATE_MODULES)) {
    shared[path.join(ROOT, 'kit', 'src', file)] = {
      shareKey,
      singleton: true,
      eager: false,
      version: kitVersion,
      requiredVersion: false,
      strictVersion: false,
    };
  }
  return shared;
}

/** Lets one dead remote not stop the shell (docs/conventions.md §11). */
const SHARE_STRATEGY = 'loaded-first';

module.exports = { createShared, SINGLETONS, KIT_STATE_MODULES, SHARE_STRATEGY, ROOT };
