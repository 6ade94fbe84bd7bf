import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { Transform, Writable, type Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { extract, type Header } from 'tar-stream';
import { DomainError } from '../../common/domain-error';

/** Most entries a deployed bundle may hold (a remote's build has a few hundred files). */
const MAX_ENTRIES = 5000;
/** Unpacked bytes allowed per uploaded byte limit (a gzip bomb is refused long before the disk fills). */
const UNPACK_FACTOR = 8;

/** What an unpacked upload was: the sha256 of the bytes received, their count, the files written and the bundle folder. */
export type UnpackedBundle = { sha256: string; bytes: number; files: number; dir: string };

/**
 * The relative path of a tar entry inside the bundle, or a DomainError 400: no absolute path, no `..`
 * segment, no backslash or NUL, nothing but plain segments (docs/decisions/021 "Deploy over HTTP").
 */
export function safeEntryPath(name: string): string {
  if (name.includes('\0') || name.includes('\\') || name.startsWith('/') || /^[A-Za-z]:/.test(name)) {
    throw new DomainError(400, `The bundle holds an unsafe path: ${JSON.stringify(name.slice(0, 200))}.`, { code: 'unsafe_bundle' });
  }
  const parts = name.split('/').filter((p) => p !== '' && p !== '.');
  if (parts.some((p) => p === '..')) throw new DomainError(400, `The bundle holds a path that leaves its folder: ${JSON.stringify(name.slice(0, 200))}.`, { code: 'unsafe_bundle' });
  return parts.join('/');
}

/**
 * Unpack a tarball (`gzip`: gzip-compressed) streamed from `source` into the new folder `dest`: at most
 * `maxBytes` received (else DomainError 413), regular files and folders only (a symbolic or hard link, a
 * device or FIFO is DomainError 400), every path checked by safeEntryPath and written with `wx` (never
 * over another entry). A bundle wrapped in one top folder (`dist/…`) is that folder. On any error `dest`
 * is removed: nothing of a refused upload stays on disk.
 */
export async function unpackBundle(source: Readable, dest: string, options: { maxBytes: number; gzip: boolean }): Promise<UnpackedBundle> {
  const hash = createHash('sha256');
  let bytes = 0;
  let unpacked = 0;
  let files = 0;
  let entries = 0;
  mkdirSync(dest, { recursive: true });
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) return done(new DomainError(413, `The bundle is larger than ${Math.round(options.maxBytes / 1024 / 1024)} MB.`, { code: 'bundle_too_large' }));
      hash.update(chunk);
      done(null, chunk);
    },
  });
  const tar = extract();
  const finished = new Promise<void>((resolveDone, reject) => {
    tar.on('entry', (header: Header, stream, next) => {
      // A refused entry destroys the extractor, which destroys this entry's stream with the same error: handled by tar's listener.
      stream.on('error', () => undefined);
      const fail = (error: unknown) => {
        stream.resume();
        next(error as Error);
      };
      try {
        entries += 1;
        if (entries > MAX_ENTRIES) throw new DomainError(400, `The bundle holds more than ${MAX_ENTRIES} entries.`, { code: 'unsafe_bundle' });
        const rel = safeEntryPath(header.name);
        if (header.type === 'directory') {
          if (rel) mkdirSync(join(dest, rel), { recursive: true });
          stream.resume();
          stream.on('end', () => next());
          return;
        }
        if (header.type !== 'file' && header.type !== 'contiguous-file') {
          throw new DomainError(400, `The bundle holds a ${header.type ?? 'special'} entry (${JSON.stringify(header.name.slice(0, 200))}): only files and folders are accepted, no links.`, { code: 'unsafe_bundle' });
        }
        if (!rel) throw new DomainError(400, 'The bundle holds a file without a name.', { code: 'unsafe_bundle' });
        const target = resolve(dest, rel);
        if (!target.startsWith(resolve(dest) + sep)) throw new DomainError(400, `The bundle holds a path that leaves its folder: ${JSON.stringify(rel)}.`, { code: 'unsafe_bundle' });
        mkdirSync(dirname(target), { recursive: true });
        const out = createWriteStream(target, { flags: 'wx', mode: 0o644 });
        const limit = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            unpacked += chunk.length;
            if (unpacked > options.maxBytes * UNPACK_FACTOR) return done(new DomainError(413, 'The bundle unpacks to more than allowed.', { code: 'bundle_too_large' }));
            done(null, chunk);
          },
        });
        out.on('error', (e) => fail((e as NodeJS.ErrnoException).code === 'EEXIST' ? new DomainError(400, `The bundle holds ${rel} twice.`, { code: 'unsafe_bundle' }) : e));
        limit.on('error', fail);
        out.on('finish', () => {
          files += 1;
          next();
        });
        stream.pipe(limit).pipe(out);
      } catch (error) {
        fail(error);
      }
    });
    tar.on('finish', resolveDone);
    tar.on('error', reject);
    counter.on('error', reject);
    source.on('error', reject);
  });
  try {
    let chain: NodeJS.ReadableStream = source.pipe(counter);
    if (options.gzip) {
      const gunzip = createGunzip();
      gunzip.on('error', () => tar.destroy(new DomainError(400, 'The bundle is not a gzip-compressed tarball.', { code: 'bad_bundle' })));
      chain = chain.pipe(gunzip);
    }
    chain.pipe(tar as unknown as Writable);
    await finished;
    if (files === 0) throw new DomainError(400, 'The bundle is empty.', { code: 'bad_bundle' });
    return { sha256: hash.digest('hex'), bytes, files, dir: bundleRoot(dest) };
  } catch (error) {
    source.unpipe();
    source.resume();
    rmSync(dest, { recursive: true, force: true });
    if (error instanceof DomainError) throw error;
    throw new DomainError(400, `The bundle is not a readable tarball: ${(error as Error).message}.`, { code: 'bad_bundle' });
  }
}

/** `dest`, or its only folder when the files were packed under one top folder (e.g. `dist/`). */
function bundleRoot(dest: string): string {
  if (existsSync(join(dest, 'version.json'))) return dest;
  const entries = readdirSync(dest, { withFileTypes: true });
  if (entries.length === 1 && entries[0]!.isDirectory()) return join(dest, entries[0]!.name);
  return dest;
}
