import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { S3RemoteStore } from './s3-remote-store';

type StoredObject = { body: Buffer; headers: Record<string, string> };

/**
 * A minimal S3-compatible server (path style, one bucket): PUT, GET, HEAD, DELETE of objects and
 * ListObjectsV2 with prefix and delimiter. It refuses requests that are not SigV4-signed.
 */
function fakeS3(objects: Map<string, StoredObject>, log: string[]): Server {
  const read = (req: IncomingMessage) => new Promise<Buffer>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
  });
  return createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://s3');
    const auth = String(req.headers.authorization ?? '');
    if (!auth.startsWith('AWS4-HMAC-SHA256 Credential=test-key/') || !req.headers['x-amz-date']) return void res.writeHead(403).end('<Error>SignatureDoesNotMatch</Error>');
    const [, bucket, ...rest] = url.pathname.split('/');
    if (bucket !== 'remotes') return void res.writeHead(404).end('<Error>NoSuchBucket</Error>');
    const key = rest.map(decodeURIComponent).join('/');
    log.push(`${req.method} ${key}`);
    if (req.method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const delimiter = url.searchParams.get('delimiter');
      const keys = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const common = delimiter ? [...new Set(keys.map((k) => k.slice(prefix.length)).filter((r) => r.includes(delimiter)).map((r) => prefix + r.slice(0, r.indexOf(delimiter) + 1)))] : [];
      const contents = delimiter ? keys.filter((k) => !k.slice(prefix.length).includes(delimiter)) : keys;
      return void res.writeHead(200, { 'content-type': 'application/xml' }).end(
        `<ListBucketResult><IsTruncated>false</IsTruncated>${contents.map((k) => `<Contents><Key>${k}</Key></Contents>`).join('')}${common.map((p) => `<CommonPrefixes><Prefix>${p}</Prefix></CommonPrefixes>`).join('')}</ListBucketResult>`,
      );
    }
    const object = objects.get(key);
    if (req.method === 'PUT') {
      objects.set(key, { body: await read(req), headers: { 'content-type': String(req.headers['content-type'] ?? ''), 'cache-control': String(req.headers['cache-control'] ?? '') } });
      return void res.writeHead(200).end();
    }
    if (req.method === 'DELETE') {
      objects.delete(key);
      return void res.writeHead(204).end();
    }
    if (!object) return void res.writeHead(404).end('<Error>NoSuchKey</Error>');
    res.writeHead(200, object.headers);
    res.end(req.method === 'HEAD' ? undefined : object.body);
  });
}

describe('S3RemoteStore (against an S3-compatible server)', () => {
  let root: string;
  let server: Server;
  let store: S3RemoteStore;
  const objects = new Map<string, StoredObject>();
  const log: string[] = [];
  const bundle = (text: string, version = '1.0.0-x') => {
    const dir = mkdtempSync(join(root, 'src-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'mf-manifest.json'), '{}');
    writeFileSync(join(dir, 'assets', 'a.1234abcd.js'), text);
    writeFileSync(join(dir, 'version.json'), JSON.stringify({ version, builtAt: Math.random() }));
    return dir;
  };
  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 's3-store-'));
    server = fakeS3(objects, log);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as AddressInfo;
    store = new S3RemoteStore({ endpoint: `http://127.0.0.1:${port}/remotes`, region: 'eu-west-1', accessKeyId: 'test-key', secretAccessKey: 'test-secret' });
  });
  beforeEach(() => {
    objects.clear();
    log.length = 0;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(root, { recursive: true, force: true });
  });

  it('uploads a version under <dir>/<version>/ with the right caching, the manifest after the chunks', async () => {
    expect(await store.put('mfe-releases', '1.0.0-x', bundle('a'))).toEqual({ created: true });
    expect(await store.has('mfe-releases', '1.0.0-x')).toBe(true);
    expect(await store.has('mfe-releases', '9.9.9-z')).toBe(false);
    expect(objects.get('mfe-releases/1.0.0-x/assets/a.1234abcd.js')).toMatchObject({ body: Buffer.from('a'), headers: { 'cache-control': 'public, max-age=31536000, immutable', 'content-type': 'application/javascript; charset=utf-8' } });
    expect(objects.get('mfe-releases/1.0.0-x/mf-manifest.json')?.headers['cache-control']).toBe('no-cache');
    const puts = log.filter((l) => l.startsWith('PUT')).map((l) => l.split('/').pop());
    expect(puts.slice(-2)).toEqual(['mf-manifest.json', '.bundle-sha256']);
    expect(await store.versions('mfe-releases')).toEqual(['1.0.0-x']);
  });

  it('never overwrites a version: the same bytes are a no-op, other bytes are refused', async () => {
    await store.put('mfe-releases', '1.0.0-x', bundle('a'));
    expect(await store.put('mfe-releases', '1.0.0-x', bundle('a'))).toEqual({ created: false });
    await expect(store.put('mfe-releases', '1.0.0-x', bundle('b'))).rejects.toThrow('versions are immutable');
    expect(objects.get('mfe-releases/1.0.0-x/assets/a.1234abcd.js')?.body.toString()).toBe('a');
  });

  it('lists versions per remote and removes one whole version', async () => {
    await store.put('mfe-releases', '1.0.0-x', bundle('a'));
    await store.put('mfe-releases', '1.0.1-y', bundle('b', '1.0.1-y'));
    await store.put('mfe-auth', '2.0.0-z', bundle('c', '2.0.0-z'));
    expect((await store.versions('mfe-releases')).sort()).toEqual(['1.0.0-x', '1.0.1-y']);
    await store.remove('mfe-releases', '1.0.0-x');
    expect(await store.versions('mfe-releases')).toEqual(['1.0.1-y']);
    expect([...objects.keys()].some((k) => k.startsWith('mfe-releases/1.0.0-x/'))).toBe(false);
    expect(await store.versions('mfe-auth')).toEqual(['2.0.0-z']);
    await expect(store.remove('../x', '1')).rejects.toThrow('bad store path');
  });

  it('fails loudly when the bucket refuses (wrong keys)', async () => {
    const { port } = server.address() as AddressInfo;
    const wrong = new S3RemoteStore({ endpoint: `http://127.0.0.1:${port}/remotes`, region: 'eu-west-1', accessKeyId: 'other', secretAccessKey: 'x' });
    await expect(wrong.put('mfe-releases', '1.0.0-x', bundle('a'))).rejects.toThrow(/answered 403/);
  });
});
