import request from 'supertest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { createServer } from 'node:http';
import { bootTestApp, type TestApp } from '../helpers/test-app';

// The remote's own server (scripts/serve-remote.js, also behind serve-store.js): plain CommonJS.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain CommonJS script
const { createHandler } = require('../../../scripts/serve-remote') as { createHandler: (root: string) => Parameters<typeof createServer>[1] };

/** Write `name` and its .br/.gz copies, as the production build's PrecompressPlugin does. */
function writeWithCopies(dir: string, name: string, text: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, name), text);
  writeFileSync(join(dir, `${name}.br`), brotliCompressSync(Buffer.from(text)));
  writeFileSync(join(dir, `${name}.gz`), gzipSync(Buffer.from(text)));
}

/** The bytes of an answer as a buffer (superagent itself decodes gzip and br bodies). */
const raw = (req: request.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on('data', (c: Buffer) => chunks.push(c));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  });

// docs/decisions/010: precompressed delivery and caching of the shell, the remotes' build folders and the
// version store, and compressed JSON answers. Static serving does not touch the database: SQLite only.
describe('static delivery (compression and caching)', () => {
  let t: TestApp;
  let root: string;
  const chunk = `console.log(${JSON.stringify('x'.repeat(3000))});`;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-delivery-it-'));
    writeWithCopies(join(root, 'shell', 'dist'), 'index.html', `<!doctype html><html><body>${'<div></div>'.repeat(200)}</body></html>`);
    writeWithCopies(join(root, 'shell', 'dist'), 'main.js', chunk);
    writeWithCopies(join(root, 'mfe-auth', 'dist'), '465.b387d176.js', chunk);
    writeWithCopies(join(root, 'mfe-auth', 'dist'), 'remoteEntry.js', chunk);
    writeWithCopies(join(root, 'mfe-auth', 'dist'), 'mf-manifest.json', JSON.stringify({ name: 'mfe_auth', pad: 'y'.repeat(2000) }));
    writeFileSync(join(root, 'mfe-auth', 'dist', '608.aaaabbbb.js'), 'console.log(1)'); // small: no copies
    t = await bootTestApp('sqlite', { STATIC_ROOT: root });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('answers a hashed chunk from its brotli copy to a browser that accepts br, cached as immutable', async () => {
    const res = await raw(request(t.http).get('/remotes/mfe-auth/465.b387d176.js').set('Accept-Encoding', 'gzip, deflate, br, zstd')).expect(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Sent as the brotli copy's bytes (decoded by the client).
    expect(Number(res.headers['content-length'])).toBe(brotliCompressSync(Buffer.from(chunk)).length);
    expect((res.body as Buffer).toString()).toBe(chunk);
  });

  it('answers gzip to a client without br, and the plain file to one that accepts neither', async () => {
    const gz = await raw(request(t.http).get('/remotes/mfe-auth/465.b387d176.js').set('Accept-Encoding', 'gzip')).expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await raw(request(t.http).get('/remotes/mfe-auth/465.b387d176.js').set('Accept-Encoding', 'identity')).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/Accept-Encoding/i);
    expect((plain.body as Buffer).toString()).toBe(chunk);
    const refused = await raw(request(t.http).get('/remotes/mfe-auth/465.b387d176.js').set('Accept-Encoding', 'br;q=0, gzip')).expect(200);
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('keeps remoteEntry.js, mf-manifest.json, main.js and index.html no-cache, precompressed too', async () => {
    for (const path of ['/remotes/mfe-auth/remoteEntry.js', '/remotes/mfe-auth/mf-manifest.json', '/main.js', '/catalog']) {
      const res = await raw(request(t.http).get(path).set('Accept-Encoding', 'br')).expect(200);
      expect([path, res.headers['cache-control'], res.headers['content-encoding']]).toEqual([path, 'no-cache', 'br']);
    }
    const html = await raw(request(t.http).get('/login').set('Accept-Encoding', 'br')).expect(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect((html.body as Buffer).toString()).toContain('<!doctype html>');
  });

  it('serves a small chunk without copies as it is, still immutable', async () => {
    const res = await raw(request(t.http).get('/remotes/mfe-auth/608.aaaabbbb.js').set('Accept-Encoding', 'br')).expect(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the version store precompressed with its own rules (manifest no-cache, the rest immutable)', async () => {
    const folder = join(t.dataDir, 'remotes', 'mfe-auth', '1.0.0-abcdef0123');
    writeWithCopies(folder, 'remoteEntry.js', chunk);
    writeWithCopies(folder, 'mf-manifest.json', JSON.stringify({ name: 'mfe_auth', pad: 'z'.repeat(2000) }));
    const entry = await raw(request(t.http).get('/remotes/mfe-auth/1.0.0-abcdef0123/remoteEntry.js').set('Accept-Encoding', 'br')).expect(200);
    expect([entry.headers['content-encoding'], entry.headers['cache-control']]).toEqual(['br', 'public, max-age=31536000, immutable']);
    const manifest = await raw(request(t.http).get('/remotes/mfe-auth/1.0.0-abcdef0123/mf-manifest.json').set('Accept-Encoding', 'gzip')).expect(200);
    expect([manifest.headers['content-encoding'], manifest.headers['cache-control']]).toEqual(['gzip', 'no-cache']);
  });

  it('compresses JSON answers of the API', async () => {
    const res = await raw(request(t.http).get('/api/docs-json').set('Accept-Encoding', 'gzip')).expect(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });

  it('serves a remote on its own port (serve-remote.js) from the precompressed copies too', async () => {
    const server = createServer(createHandler(join(root, 'mfe-auth', 'dist')));
    const chunkRes = await raw(request(server).get('/465.b387d176.js').set('Accept-Encoding', 'gzip, deflate, br')).expect(200);
    expect([chunkRes.headers['content-encoding'], chunkRes.headers['cache-control'], chunkRes.headers['vary']]).toEqual(['br', 'public, max-age=31536000, immutable', 'Accept-Encoding']);
    expect(chunkRes.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect((chunkRes.body as Buffer).toString()).toBe(chunk);
    const entry = await raw(request(server).get('/remoteEntry.js').set('Accept-Encoding', 'gzip')).expect(200);
    expect([entry.headers['content-encoding'], entry.headers['cache-control']]).toEqual(['gzip', 'no-cache']);
    const plain = await raw(request(server).get('/remoteEntry.js').set('Accept-Encoding', 'identity')).expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
