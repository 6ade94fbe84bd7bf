import { createS3Client } from '../../storage/s3-client';
import { Upload } from '@aws-sdk/lib-storage';
import type { BatchFile } from './sftp-transport';
import type { TargetCredentials } from './credentials';

/** An S3-compatible bucket of a store: endpoint host and port, `path` = `/<bucket>[/<prefix>]`, access key id as `username`. */
export type S3Target = { host: string; port: number; username: string; path: string; credentials: TargetCredentials };

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/**
 * The endpoint URL and bucket/prefix of an S3 target (docs/decisions/020 "S3 targets"): HTTPS, except
 * plain HTTP to a loopback host (a local S3 server); path style (`<endpoint>/<bucket>/<key>`), which
 * every S3-compatible server accepts. The region is read from an AWS host name
 * (`s3.<region>.amazonaws.com`), else us-east-1 (what S3-compatible servers expect).
 */
export function s3Location(target: Pick<S3Target, 'host' | 'port' | 'path'>): { endpoint: string; region: string; bucket: string; prefix: string } {
  const scheme = LOOPBACK.has(target.host) ? 'http' : 'https';
  const [bucket = '', ...rest] = target.path.replace(/^\/+|\/+$/g, '').split('/');
  const region = /^s3[.-]([a-z0-9-]+)\.amazonaws\.com$/.exec(target.host)?.[1] ?? 'us-east-1';
  return { endpoint: `${scheme}://${target.host}:${target.port}`, region, bucket, prefix: rest.filter(Boolean).join('/') };
}

/**
 * Upload one batch in the DDEX release-by-release shape to an S3-compatible bucket, as `sftpDeliver`
 * does over SFTP: `<prefix>/<batch>/<UPC>/…` (resources, then `<UPC>.xml`), then
 * `<prefix>/<batch>/BatchComplete_<batch>.xml` last, one object after the other, each streamed
 * (multipart above 5 MB). Credentials: access key id (`username`) and secret (`credentials.password`).
 * Errors: any connection, authentication or write error (the caller retries the whole batch).
 */
export async function s3Deliver(target: S3Target, batchId: string, files: BatchFile[], batchComplete: Buffer, timeoutMs = 30_000): Promise<void> {
  const { endpoint, region, bucket, prefix } = s3Location(target);
  if (!bucket) throw new Error('the S3 target has no bucket in its path');
  // One try per request: the delivery job retries the whole batch (DELIVERY_ATTEMPTS, with backoff).
  const client = createS3Client(
    { endpoint, region, accessKeyId: target.username, secretAccessKey: target.credentials.password ?? '' },
    { maxAttempts: 1, connectionTimeoutMs: timeoutMs, requestTimeoutMs: timeoutMs },
  );
  const root = `${prefix ? `${prefix}/` : ''}${batchId}`;
  const put = async (key: string, body: Awaited<ReturnType<BatchFile['open']>>) => {
    await new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, queueSize: 1 }).done();
  };
  try {
    for (const f of files) await put(`${root}/${f.path}`, await f.open());
    await put(`${root}/BatchComplete_${batchId}.xml`, batchComplete);
  } finally {
    client.destroy();
  }
}
