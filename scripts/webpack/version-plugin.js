// Versioned output of a remote build (docs/decisions/007): after webpack has written dist/, a `version.json`
// names the bundle so `npm run remote -- deploy` can copy it into an immutable version folder.
const { createHash } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');

const VERSION_FILE = 'version.json';

/** Files of `dir`, relative, sorted, recursively (posix separators). */
function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out.sort();
}

/** sha256 over every file's relative path and bytes (version.json excluded), hex. */
function contentHash(dir) {
  const hash = createHash('sha256');
  for (const rel of listFiles(dir)) {
    if (rel === VERSION_FILE) continue;
    hash.update(rel).update('\0').update(fs.readFileSync(path.join(dir, rel))).update('\0');
  }
  return hash.digest('hex');
}

/** The commit the build came from: GIT_COMMIT, else `git rev-parse HEAD` of `dir`, else 'unknown'. */
function currentCommit(dir) {
  if (process.env.GIT_COMMIT) return process.env.GIT_COMMIT;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: dir, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    return 'unknown';
  }
}

/**
 * Webpack plugin of a remote's production build. Writes `dist/version.json`:
 * `{ name, package, packageVersion, buildId, version, commit, builtAt, shared: { pkg: version } }`.
 * `buildId` is BUILD_ID (a CI build number) or the first 10 hex digits of the content hash of the
 * output, so rebuilding identical sources gives the same version; `version` is
 * `<package version>-<buildId>` and becomes the name of the immutable store folder.
 */
class RemoteVersionPlugin {
  /** @param {{ dir: string, name: string }} options the remote's package directory and federation name */
  constructor({ dir, name }) {
    this.dir = dir;
    this.name = name;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('RemoteVersionPlugin', (compilation) => {
      if (compilation.errors.length) return;
      const out = compiler.outputPath;
      const pkg = JSON.parse(fs.readFileSync(path.join(this.dir, 'package.json'), 'utf8'));
      const manifestFile = path.join(out, 'mf-manifest.json');
      const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : { shared: [] };
      const shared = {};
      for (const s of manifest.shared || []) shared[s.name] = s.version;
      const buildId = (process.env.BUILD_ID || contentHash(out).slice(0, 10)).replace(/[^A-Za-z0-9._-]/g, '-');
      const info = {
        name: this.name,
        package: pkg.name,
        packageVersion: pkg.version,
        buildId,
        version: `${pkg.version}-${buildId}`,
        commit: currentCommit(this.dir),
        builtAt: new Date().toISOString(),
        shared,
      };
      fs.writeFileSync(path.join(out, VERSION_FILE), `${JSON.stringify(info, null, 2)}\n`);
    });
  }
}

/**
 * Webpack plugin of the shell's production build: writes `dist/shared-versions.json`
 * (`{ pkg: version }` of the shell's shared singletons), which the API's compatibility gate reads.
 */
class SharedVersionsPlugin {
  /** @param {Record<string, { version: string }>} shared the `shared` option of the shell */
  constructor(shared) {
    this.versions = {};
    // Kit state modules are keyed by their path; the manifest (and the gate) name them by shareKey.
    for (const [key, value] of Object.entries(shared)) if (!key.endsWith('/')) this.versions[value.shareKey ?? key] = value.version;
  }

  apply(compiler) {
    compiler.hooks.afterEmit.tap('SharedVersionsPlugin', () => {
      fs.writeFileSync(path.join(compiler.outputPath, 'shared-versions.json'), `${JSON.stringify(this.versions, null, 2)}\n`);
    });
  }
}

module.exports = { RemoteVersionPlugin, SharedVersionsPlugin, contentHash, listFiles, VERSION_FILE };
