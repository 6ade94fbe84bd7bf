import { AwsClient } from 'aws4fetch';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { bundleContentHash, listFiles, RemoteStore, type StoreResult } from './remote-store';

/** Settings of an S3-compatible bucket (AWS S3, MinIO, R2...): path-style `endpoint` including the bucket. */
export type S3StoreConfig = { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

/** Marker written last under a version: the bundle's content hash, so a second put of that version can compare. */
const HASH_OBJECT = '.bundle-sha256';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const SAFE_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * The remote version store in an S3-compatible bucket (docs/decisions/007), same contract as LocalRemoteStore:
 * `<dir>/<version>/` prefixes that are never overwritten. A put uploads every file (hashed chunks with
 * `Cache-Control: public, max-age=31536000, immutable`, `mf-manifest.json` and `version.json` no-cache),
 * the manifest after the chunks and the content-hash marker last, so `has()` (the manifest) never sees
 * half a version and a repeated put compares hashes. Browsers load versions straight from the bucket's
 * public URL (REMOTE_ORIGINS). Requests are signed with AWS Signature V4 (aws4fetch).
 */
export class S3RemoteStore extends RemoteStore {
  private readonly client: AwsClient;
  private readonly base: string;

  constructor(config: S3StoreConfig) {
    super();
    this.client = new AwsClient({ accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey, region: config.region, service: 's3' });
    this.base = config.endpoint.replace(/\/+$/, '');
  }

  private key(dir: string, version: string, file = ''): string {
    if (!SAFE_SEGMENT.test(dir) || !SAFE_SEGMENT.test(version) || version.includes('..')) throw new Error(`bad store path ${dir}/${version}`);
    return `${dir}/${version}/${file}`;
  }

  private async call(method: string, key: string, init: { body?: Buffer; headers?: Record<string, string>; query?: Record<string, string> } = {}): Promise<Response> {
    const url = new URL(`${this.base}/${key.split('/').map(encodeURIComponent).join('/')}`);
    for (const [k, v] of Object.entries(init.query ?? {})) url.searchParams.set(k, v);
    const res = await this.client.fetch(url.toString(), { method, body: init.body ? new Uint8Array(init.body) : undefined, headers: init.headers });
    if (!res.ok && !(method === 'HEAD' && res.status === 404) && !(method === 'GET' && res.status === 404) && !(method === 'DELETE' && res.status === 404)) {
      throw new Error(`S3 ${method} ${key} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    }
    return res;
  }

  async put(dir: string, version: string, sourceDir: string): Promise<StoreResult> {
    const hash = bundleContentHash(sourceDir);
    const existing = await this.call('GET', this.key(dir, version, HASH_OBJECT));
    if (existing.ok) {
      if ((await existing.text()).trim() !== hash) throw new Error(`${dir} ${version} is already in the store with other content: versions are immutable (rebuild to get a new build id).`);
      return { created: false };
    }
    const files = listFiles(sourceDir);
    const last = ['mf-manifest.json'];
    for (const rel of [...files.filter((f) => !last.includes(f)), ...files.filter((f) => last.includes(f))]) {
      const noCache = rel === 'mf-manifest.json' || rel === 'version.json';
      await this.call('PUT', this.key(dir, version, rel), {
        body: readFileSync(join(sourceDir, rel)),
        headers: {
          'content-type': CONTENT_TYPES[extname(rel).toLowerCase()] ?? 'application/octet-stream',
          'cache-control': noCache ? 'no-cache' : 'public, max-age=31536000, immutable',
        },
      });
    }
    await this.call('PUT', this.key(dir, version, HASH_OBJECT), { body: Buffer.from(hash), headers: { 'content-type': 'text/plain' } });
    return { created: true };
  }

  async has(dir: string, version: string): Promise<boolean> {
    return (await this.call('HEAD', this.key(dir, version, 'mf-manifest.json'))).ok;
  }

  async readFile(dir: string, version: string, file: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (file.split('/').some((part) => part === '..' || part === '')) return null;
    const res = await this.call('GET', this.key(dir, version, file));
    if (!res.ok) return null;
    return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async remove(dir: string, version: string): Promise<void> {
    for (const key of await this.list(this.key(dir, version))) await this.call('DELETE', key);
  }

  async versions(dir: string): Promise<string[]> {
    if (!SAFE_SEGMENT.test(dir)) throw new Error(`bad store path ${dir}`);
    const xml = await (await this.call('GET', '', { query: { 'list-type': '2', prefix: `${dir}/`, delimiter: '/' } })).text();
    const prefixes = [...xml.matchAll(/<CommonPrefixes>\s*<Prefix>([^<]+)<\/Prefix>/g)].map((m) => decodeXml(m[1]!));
    return prefixes.map((p) => p.slice(dir.length + 1).replace(/\/$/, '')).filter((v) => v && !v.startsWith('.'));
  }

  /** Every key under `prefix` (ListObjectsV2, following continuation tokens). */
  private async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (token) query['continuation-token'] = token;
      const xml = await (await this.call('GET', '', { query })).text();
      keys.push(...[...xml.matchAll(/<Contents>[\s\S]*?<Key>([^<]+)<\/Key>/g)].map((m) => decodeXml(m[1]!)));
      token = /<IsTruncated>true<\/IsTruncated>/.test(xml) ? /<NextContinuationToken>([^<]+)<\/NextContinuationToken>/.exec(xml)?.[1] : undefined;
    } while (token);
    return keys;
  }
}

function decodeXml(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
