#!/usr/bin/env node
// Serves one built remote on its own port: `node scripts/serve-remote.js <package-dir> <port>`
// (docs/decisions/001). Static files of <package-dir>/dist with CORS "*" so a shell on another
// origin can load it; mf-manifest.json and remoteEntry.js are never cached (a redeploy or rollback
// must be seen at once), content-hashed chunks are cached for a year. Text files are answered from
// their precompressed `.br` / `.gz` copies (written by the production build, docs/decisions/010) when the client
// accepts that encoding, with `Vary: Accept-Encoding`.
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const accepts = require('accepts');

const MIME = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/** Precompressed copies beside a text file, best first (scripts/webpack/compress-plugin.js). */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
];
const TEXT_EXT = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);

/**
 * Encodings of the request's Accept-Encoding answerable from copies, brotli first whatever the client's
 * order; none the client refuses (q=0). Read by `accepts` (negotiator, what Express uses), one candidate at a time.
 */
function acceptedEncodings(req) {
  const accept = accepts(req);
  return ENCODINGS.filter(({ name }) => accept.encoding(name) === name);
}

/** The first of `encodings` whose copy of `file` exists, with its stat; else the file's own stat. */
function pickFile(file, encodings, done) {
  const [first, ...rest] = encodings;
  if (!first) {
    fs.stat(file, (error, stat) => done(error, file, stat, undefined));
    return;
  }
  fs.stat(file + first.suffix, (error, stat) => (!error && stat.isFile() ? done(null, file + first.suffix, stat, first.name) : pickFile(file, rest, done)));
}

const NO_CACHE_FILES = new Set(['mf-manifest.json', 'remoteEntry.js', 'mf-stats.json', 'mf-manifest-stats.json', 'index.html']);

function usage(message) {
  if (message) console.error(message);
  console.error('usage: node scripts/serve-remote.js <package-dir> <port>');
  process.exit(2);
}

/** Request handler serving files under `root`. Exported for tests and for other servers. */
function createHandler(root) {
  const base = path.resolve(root);
  return (req, res) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
    res.setHeader('Access-Control-Allow-Headers', '*');
    // Security headers of a static remote (docs/decisions/026): only scripts, styles and data are served here,
    // loaded by the shell's page; nothing may frame or sniff them.
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
    res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const file = path.resolve(base, `.${pathname}`);
    if (file !== base && !file.startsWith(base + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    const isText = TEXT_EXT.has(path.extname(file).toLowerCase());
    pickFile(file, isText ? acceptedEncodings(req) : [], (error, served, stat, encoding) => {
      if (error || !stat.isFile()) {
        res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      const name = path.basename(file);
      const cacheControl = NO_CACHE_FILES.has(name)
        ? 'no-cache'
        : /\.[0-9a-f]{8,}\.(js|css)$/.test(name)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache';
      const headers = {
        'Content-Type': MIME[path.extname(name).toLowerCase()] || 'application/octet-stream',
        'Content-Length': stat.size,
        'Cache-Control': cacheControl,
        'Last-Modified': stat.mtime.toUTCString(),
      };
      if (isText) headers.Vary = 'Accept-Encoding';
      if (encoding) headers['Content-Encoding'] = encoding;
      res.writeHead(200, headers);
      if (req.method === 'HEAD') {
        res.end();
        return;
      }
      fs.createReadStream(served).on('error', () => res.destroy()).pipe(res);
    });
  };
}

if (require.main === module) {
  const [dirArg, portArg] = process.argv.slice(2);
  if (!dirArg || !portArg) usage();
  const packageDir = path.resolve(process.cwd(), dirArg);
  const fromRoot = path.resolve(__dirname, '..', dirArg);
  const dir = fs.existsSync(path.join(packageDir, 'dist')) ? packageDir : fromRoot;
  const dist = path.join(dir, 'dist');
  if (!fs.existsSync(dist)) usage(`no dist/ in ${dir}: build it first (npm run build -w <package>)`);
  const port = Number(portArg);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) usage(`bad port: ${portArg}`);

  serveFolder(dist, port);
}

/**
 * Serve `root` with createHandler on `port` (0: any free port) until SIGINT/SIGTERM, which close the
 * server and its connections (exit within 1 s). Logs the URL.
 */
function serveFolder(root, port) {
  const server = http.createServer(createHandler(root));
  server.listen(port, () => console.log(`serving ${root} on http://localhost:${server.address().port} (CORS *)`));
  const stop = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 1000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  return server;
}

module.exports = { createHandler, acceptedEncodings, serveFolder };
