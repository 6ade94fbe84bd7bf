import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, mkdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

/** Name of the file a remote build writes beside its manifest (scripts/webpack/version-plugin.js). */
export const VERSION_FILE = 'version.json';

/** Result of storing a bundle: `created` is false when an identical version folder was already there. */
export type StoreResult = { created: boolean };

/**
 * Static store of remote bundles, laid out as `<remote-dir>/<version>/` (DESIGN "Shape": each deployed
 * version in its own immutable folder). The local directory is the implementation here; an
 * S3-compatible bucket would implement the same four operations (put = upload under a temporary prefix
 * then copy, never overwriting a key that exists).
 */
export abstract class RemoteStore {
  /**
   * Copy the bundle folder `sourceDir` to `<dir>/<version>/`. A version folder is never overwritten:
   * if it exists with the same content the call answers `{ created: false }`; with other content it
   * throws an Error (versions are immutable). Nothing is visible under the version until the copy is whole.
   */
  abstract put(dir: string, version: string, sourceDir: string): Promise<StoreResult>;
  /** True when `<dir>/<version>/` holds a bundle. */
  abstract has(dir: string, version: string): Promise<boolean>;
  /** Remove `<dir>/<version>/`; a missing folder is not an error. */
  abstract remove(dir: string, version: string): Promise<void>;
  /** Versions present for `dir` (folder names), unordered. */
  abstract versions(dir: string): Promise<string[]>;
  /**
   * One file of `<dir>/<version>/` as this API serves it (`/remotes/<dir>/<version>/<file>`): its bytes and
   * content type, or null when missing. Used by the pre-activation check of versions served by this API.
   */
  abstract readFile(dir: string, version: string, file: string): Promise<{ body: Buffer; contentType: string } | null>;
}

/** Content type of a store file by extension, as express.static and the S3 upload set it. */
export function storeContentType(file: string): string {
  const ext = /\.[A-Za-z0-9]+$/.exec(file)?.[0].toLowerCase() ?? '';
  return STORE_CONTENT_TYPES[ext] ?? 'application/octet-stream';
}
const STORE_CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.mjs': 'application/javascript; charset=UTF-8',
  '.json': 'application/json; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
  '.map': 'application/json; charset=UTF-8',
  '.txt': 'text/plain; charset=UTF-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** Files of a bundle folder `dir`: regular files only (links skipped), relative with posix separators, sorted. */
export function listFiles(dir: string, base = dir): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(relative(base, full).split(sep).join('/'));
  }
  return out.sort();
}

/** sha256 of every file's relative path and bytes, `version.json` excluded (as the build plugin computes it). */
export function bundleContentHash(dir: string): string {
  const hash = createHash('sha256');
  for (const rel of listFiles(dir)) {
    if (rel === VERSION_FILE) continue;
    hash.update(rel).update('\0').update(readFileSync(join(dir, rel))).update('\0');
  }
  return hash.digest('hex');
}

/** `base/rel` when it stays inside `base` (no `..` out, no absolute path), else null. */
function resolveInside(base: string, rel: string): string | null {
  const full = resolve(base, rel);
  return full.startsWith(base + sep) ? full : null;
}

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** The store in a local directory (default `DATA_DIR/remotes`). */
export class LocalRemoteStore extends RemoteStore {
  constructor(readonly root: string) {
    super();
  }

  private folder(dir: string, version: string): string {
    if (!SAFE_SEGMENT.test(dir) || !SAFE_SEGMENT.test(version) || version.includes('..')) throw new Error(`bad store path ${dir}/${version}`);
    return join(this.root, dir, version);
  }

  async put(dir: string, version: string, sourceDir: string): Promise<StoreResult> {
    const target = this.folder(dir, version);
    if (existsSync(target)) return this.sameContent(target, sourceDir, dir, version);
    mkdirSync(join(this.root, dir), { recursive: true });
    // Copy next to the target, then rename: a reader never sees a half-copied version folder.
    const staging = join(this.root, dir, `.staging-${version}-${randomBytes(4).toString('hex')}`);
    try {
      cpSync(sourceDir, staging, { recursive: true });
      try {
        renameSync(staging, target);
      } catch (error) {
        // Another deploy of the same version won the rename: fine if it is the same bundle.
        if (existsSync(target)) return this.sameContent(target, sourceDir, dir, version);
        throw error;
      }
    } finally {
      rmSync(staging, { recursive: true, force: true });
    }
    return { created: true };
  }

  private sameContent(target: string, sourceDir: string, dir: string, version: string): StoreResult {
    if (bundleContentHash(target) !== bundleContentHash(sourceDir)) {
      throw new Error(`${dir} ${version} is already in the store with other content: versions are immutable (rebuild to get a new build id).`);
    }
    return { created: false };
  }

  async has(dir: string, version: string): Promise<boolean> {
    return existsSync(join(this.folder(dir, version), 'mf-manifest.json'));
  }

  async remove(dir: string, version: string): Promise<void> {
    rmSync(this.folder(dir, version), { recursive: true, force: true });
  }

  async readFile(dir: string, version: string, file: string): Promise<{ body: Buffer; contentType: string } | null> {
    const folder = this.folder(dir, version);
    const full = resolveInside(folder, file);
    if (!full || !existsSync(full) || !statSync(full).isFile()) return null;
    return { body: readFileSync(full), contentType: storeContentType(file) };
  }

  async versions(dir: string): Promise<string[]> {
    const base = join(this.root, dir);
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true })
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name);
  }
}
