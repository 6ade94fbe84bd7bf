#!/usr/bin/env node
// Records the other platforms' optional native packages in package-lock.json.
//
// The npm registry mirror of our build machines serves only the linux-x64 builds of packages such as
// @unrs/resolver-binding-* (jest) and @rspack/binding-*. npm then leaves the other platforms' entries
// out of the lock file, and `npm ci` refuses it ("Missing: … from lock file"). A lock made against
// the public registry has them, marked optional with their os/cpu/libc, so every machine skips the ones
// that are not its own. This adds exactly those entries, with the os/cpu/libc read from the package name.
// Run it after any change to the lock file: `node scripts/complete-lockfile.js`.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const file = join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;

/** os, cpu and libc of a platform package from its name (the napi-rs / rspack naming scheme). */
function platformOf(name) {
  const os = ['darwin', 'linux', 'win32', 'android', 'freebsd', 'openharmony', 'netbsd', 'openbsd', 'sunos', 'aix'].find((o) => new RegExp(`-${o}-`).test(name));
  const cpu = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32'].find((c) => new RegExp(`-${c}(-|$)`).test(name.replace(/-(gnueabihf|musleabihf|eabi)/, '')) || name.includes(`-${c}-`));
  const libc = /-musl/.test(name) ? ['musl'] : /-gnu/.test(name) ? ['glibc'] : undefined;
  if (!cpu) return null;
  return { ...(os ? { os: [os] } : {}), cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    // Where npm would place it: beside the dependant, else hoisted to the root.
    const nested = `${path ? `${path}/` : ''}node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (packages[nested] || packages[hoisted]) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[hoisted] = { version, ...platform, dev: entry.dev || undefined, optional: true };
    added++;
  }
}
// Keep npm's key order (alphabetical below the root) so the file diffs cleanly.
const [rootKey, ...rest] = Object.keys(packages);
lock.packages = Object.fromEntries([[rootKey, packages[rootKey]], ...rest.sort().map((k) => [k, packages[k]])]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: ${added} optional platform package(s) recorded`);
