import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { createS3Client, isS3Missing, splitBucketUrl } from '../../storage/s3-client';
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
 * public URL (REMOTE_ORIGINS). Through the one S3 client of the API (storage/s3-client.ts); a refusal or
 * failure of the bucket rejects with `S3 <operation> <key> answered <status>: <code>`, a missing key is
 * `false` / `null`.
 */
export class S3RemoteStore extends RemoteStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  /** Key prefix inside the bucket ('' or `<prefix>/`). */
  private readonly prefix: string;

  constructor(config: S3StoreConfig) {
    super();
    const { endpoint, bucket, prefix } = splitBucketUrl(config.endpoint);
    this.bucket = bucket;
    this.prefix = prefix ? `${prefix}/` : '';
    // Deploys are run by an operator who sees the error: retries of the SDK's standard policy, bounded waits.
    this.client = createS3Client({ ...config, endpoint }, { maxAttempts: 3, connectionTimeoutMs: 5000, requestTimeoutMs: 60_000 });
  }

  private key(dir: string, version: string, file = ''): string {
    if (!SAFE_SEGMENT.test(dir) || !SAFE_SEGMENT.test(version) || version.includes('..')) throw new Error(`bad store path ${dir}/${version}`);
    return `${dir}/${version}/${file}`;
  }

  /** Run one S3 command; `null` for a missing key, an Error naming the operation, key and status otherwise. */
  private async call<T>(operation: string, key: string, run: () => Promise<T>): Promise<T | null> {
    try {
      return await run();
    } catch (e) {
      if (isS3Missing(e)) return null;
      const err = e as Error & { Code?: string; $metadata?: { httpStatusCode?: number } };
      throw new Error(`S3 ${operation} ${key} answered ${err.$metadata?.httpStatusCode ?? 'nothing'}: ${(err.Code ?? err.name ?? '')} ${err.message ?? ''}`.trim().slice(0, 300), { cause: e });
    }
  }

  private async text(key: string): Promise<string | null> {
    const answer = await this.call('GET', key, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })));
    return answer?.Body ? answer.Body.transformToString('utf8') : null;
  }

  async put(dir: string, version: string, sourceDir: string): Promise<StoreResult> {
    const hash = bundleContentHash(sourceDir);
    const existing = await this.text(this.key(dir, version, HASH_OBJECT));
    if (existing !== null) {
      if (existing.trim() !== hash) throw new Error(`${dir} ${version} is already in the store with other content: versions are immutable (rebuild to get a new build id).`);
      return { created: false };
    }
    const files = listFiles(sourceDir);
    const last = ['mf-manifest.json'];
    const putObject = (key: string, body: Buffer, contentType: string, cacheControl?: string) =>
      this.call('PUT', key, () => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.prefix + key, Body: body, ContentLength: body.length, ContentType: contentType, CacheControl: cacheControl })));
    for (const rel of [...files.filter((f) => !last.includes(f)), ...files.filter((f) => last.includes(f))]) {
      const noCache = rel === 'mf-manifest.json' || rel === 'version.json';
      await putObject(this.key(dir, version, rel), readFileSync(join(sourceDir, rel)), CONTENT_TYPES[extname(rel).toLowerCase()] ?? 'application/octet-stream', noCache ? 'no-cache' : 'public, max-age=31536000, immutable');
    }
    await putObject(this.key(dir, version, HASH_OBJECT), Buffer.from(hash), 'text/plain');
    return { created: true };
  }

  async has(dir: string, version: string): Promise<boolean> {
    const key = this.key(dir, version, 'mf-manifest.json');
    return (await this.call('HEAD', key, () => this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })))) !== null;
  }

  async readFile(dir: string, version: string, file: string): Promise<{ body: Buffer; contentType: string } | null> {
    if (file.split('/').some((part) => part === '..' || part === '')) return null;
    const key = this.key(dir, version, file);
    const answer = await this.call('GET', key, () => this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })));
    if (!answer?.Body) return null;
    return { body: Buffer.from(await answer.Body.transformToByteArray()), contentType: answer.ContentType ?? 'application/octet-stream' };
  }

  async remove(dir: string, version: string): Promise<void> {
    for (const key of await this.list(this.key(dir, version))) {
      await this.call('DELETE', key, () => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.prefix + key })));
    }
  }

  async versions(dir: string): Promise<string[]> {
    if (!SAFE_SEGMENT.test(dir)) throw new Error(`bad store path ${dir}`);
    const page = await this.call('LIST', `${dir}/`, () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${this.prefix}${dir}/`, Delimiter: '/' })));
    const prefixes = (page?.CommonPrefixes ?? []).map((p) => (p.Prefix ?? '').slice(this.prefix.length));
    return prefixes.map((p) => p.slice(dir.length + 1).replace(/\/$/, '')).filter((v) => v && !v.startsWith('.'));
  }

  /** Every key under `prefix` (ListObjectsV2, following continuation tokens), without the store's own prefix. */
  private async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const ContinuationToken = token;
      const page = await this.call('LIST', prefix, () => this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix + prefix, ContinuationToken })));
      keys.push(...(page?.Contents ?? []).map((c) => (c.Key ?? '').slice(this.prefix.length)).filter(Boolean));
      token = page?.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys;
  }
}
