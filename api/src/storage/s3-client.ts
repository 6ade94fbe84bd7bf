import { S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { silenceAwsNodeVersionWarning } from './aws-sdk-node-warning';

/**
 * Where and how to reach one S3-compatible bucket: `endpoint` is the server's origin
 * (`https://s3.eu-west-1.amazonaws.com`, `http://127.0.0.1:9000`), never the bucket; requests are path
 * style (`<endpoint>/<bucket>/<key>`), which AWS S3, MinIO, R2 and s3rver all accept.
 */
export type S3Connection = { endpoint: string; region: string; accessKeyId: string; secretAccessKey: string };

/** Tries and timeouts of one client: `maxAttempts` (SDK retries included), milliseconds to connect and per request. */
export type S3ClientLimits = { maxAttempts: number; connectionTimeoutMs: number; requestTimeoutMs: number };

/**
 * The one way the API builds an S3 client (docs/decisions/035-one-way-per-concern.md), used by the file
 * storage (STORAGE_S3_*), the remote version store (REMOTE_STORE_S3_*) and S3 delivery targets:
 * - path style, the given region and static keys;
 * - checksums only when an operation requires them (`requestChecksumCalculation` and
 *   `responseChecksumValidation` `WHEN_REQUIRED`): otherwise the SDK (3.729+) sends streamed bodies with
 *   aws-chunked framing and a trailing CRC32, which S3-compatible servers store as part of the object
 *   (TOOLCHAIN.md);
 * - the SDK's Node-version warning silenced first (aws-sdk-node-warning.ts);
 * - `limits` (tries, connect and request timeouts in ms), and `extra` options for tests (a request handler).
 */
export function createS3Client(connection: S3Connection, limits: S3ClientLimits, extra: Partial<S3ClientConfig> = {}): S3Client {
  silenceAwsNodeVersionWarning();
  return new S3Client({
    endpoint: connection.endpoint,
    region: connection.region,
    credentials: { accessKeyId: connection.accessKeyId, secretAccessKey: connection.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: limits.maxAttempts,
    requestHandler: { connectionTimeout: limits.connectionTimeoutMs, requestTimeout: limits.requestTimeoutMs },
    ...extra,
  });
}

/**
 * Split a path-style bucket URL (`https://host[:port]/bucket[/prefix]`, as STORAGE_S3_URL and
 * REMOTE_STORE_S3_URL are written) into the server's origin, the bucket and the key prefix (no slashes
 * at either end; '' when none). Throws TypeError on a string that is not a URL.
 */
export function splitBucketUrl(url: string): { endpoint: string; bucket: string; prefix: string } {
  const parsed = new URL(url);
  const [bucket = '', ...rest] = parsed.pathname.replace(/^\/+|\/+$/g, '').split('/');
  return { endpoint: parsed.origin, bucket: decodeURIComponent(bucket), prefix: rest.filter(Boolean).map(decodeURIComponent).join('/') };
}

/** True when an SDK error means "no such key / bucket" (404, NoSuchKey, NotFound) rather than a failure of the store. */
export const isS3Missing = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};
