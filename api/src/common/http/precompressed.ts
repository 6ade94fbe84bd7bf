import type { NextFunction, Request, Response } from 'express';
import { stat } from 'node:fs';
import { extname, resolve, sep } from 'node:path';

/** Encodings the production builds write beside each text asset (scripts/webpack/compress-plugin.js), best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/** Content types of the files that may have a precompressed copy (the others are served as they are). */
const TEXT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
};

/** Files whose name never changes between builds: the browser must revalidate them on every load. */
const NO_CACHE_NAMES = /(^|\/)(index\.html|main\.js|remoteEntry\.js|mf-manifest\.json|mf-manifest-stats\.json|mf-stats\.json|version\.json|shared-versions\.json)$/;
/** A content hash in the name (`465.b387d176.js`, `__federation_expose_LoginPage.c0a2762c.js`, `3f2a…c1.png`). */
const HASHED_NAME = /(^|[./])[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** `root`/`relative`, or undefined when `relative` climbs out of `root` (`../`): the only files a folder route may answer. */
export function resolveWithin(root: string, relative: string): string | undefined {
  const base = resolve(root);
  const file = resolve(base, relative);
  return file.startsWith(base + sep) ? file : undefined;
}

/** The file a precompressed copy stands for: `x.js.br` → `x.js`. */
export function withoutEncodingSuffix(path: string): string {
  return path.replace(/\.(br|gz)$/, '');
}

/**
 * Cache-Control of a file of a build folder (shell/dist, <remote>/dist), by its name (docs/decisions/010):
 * content-hashed files `public, max-age=31536000, immutable`; everything else, and always
 * index.html, main.js, remoteEntry.js and the manifests, `no-cache` (revalidated, 304 when unchanged).
 */
export function buildFolderCacheControl(path: string): string {
  const file = withoutEncodingSuffix(path.split(sep).join('/'));
  if (NO_CACHE_NAMES.test(file)) return 'no-cache';
  return HASHED_NAME.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The encodings of the request's Accept-Encoding this server can answer from precompressed files, best
 * first: brotli before gzip whatever order the client lists them in (browsers send `gzip, deflate, br,
 * zstd`), and none the client refuses (`q=0`, also through `*;q=0`). The header is read by Express's
 * `req.acceptsEncodings` (negotiator), one candidate at a time so our order wins.
 */
export function acceptedEncodings(req: Pick<Request, 'acceptsEncodings'>): Array<(typeof ENCODINGS)[number]> {
  return ENCODINGS.filter(({ name }) => req.acceptsEncodings(name) === name);
}

/**
 * Middleware in front of `express.static(root)`:
 * a GET or HEAD of a text file whose `.br` or `.gz` copy exists, from a client that accepts that
 * encoding, is rewritten to the copy with `Content-Encoding` and the original `Content-Type`; every
 * answer for a text file says `Vary: Accept-Encoding`. Nothing is compressed per request.
 */
export function precompressed(root: string) {
  const base = resolve(root);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let pathname: string;
    try {
      pathname = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const type = TEXT_TYPES[extname(pathname).toLowerCase()];
    if (!type) return next();
    res.vary('Accept-Encoding');
    const file = resolveWithin(base, `.${pathname}`);
    if (!file) return next();
    findCopy(file, acceptedEncodings(req), (encoding) => {
      if (encoding) {
        res.setHeader('Content-Encoding', encoding.name);
        res.setHeader('Content-Type', type);
        const query = req.url.indexOf('?');
        req.url = query < 0 ? `${req.url}${encoding.suffix}` : `${req.url.slice(0, query)}${encoding.suffix}${req.url.slice(query)}`;
      }
      next();
    });
  };
}

function findCopy(file: string, encodings: ReadonlyArray<(typeof ENCODINGS)[number]>, done: (encoding?: (typeof ENCODINGS)[number]) => void): void {
  const [first, ...rest] = encodings;
  if (!first) return done();
  stat(`${file}${first.suffix}`, (error, stats) => (!error && stats.isFile() ? done(first) : findCopy(file, rest, done)));
}
