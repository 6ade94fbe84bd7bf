import { Logger } from '@nestjs/common';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { S3StoreSettings } from '../config/app-config';
import { type ByteRange, FileStorage } from './file-storage';

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Seconds a client is told to wait (Retry-After) when the object store does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;
/** Multipart part size (the S3 minimum, 5 MiB) and parts in flight: an upload holds at most about 10 MiB. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 1;

/** The object store did not answer or failed (not a missing key): 503 unavailable with Retry-After. */
export const storageUnavailable = () =>
  new DomainError(503, SERVER_MESSAGES.unavailable, { code: 'storage_unavailable', headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } });

const isMissing = (e: unknown): boolean => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } };
  return err?.name === 'NoSuchKey' || err?.name === 'NotFound' || err?.$metadata?.httpStatusCode === 404;
};

/** Counts the bytes that pass. */
class ByteCounter extends Transform {
  bytes = 0;
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length;
    done(null, chunk);
  }
}

/** Passes the first `left` bytes and ends. */
class LengthLimit extends Transform {
  constructor(private left: number) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    if (this.left <= 0) return done();
    const part = chunk.length > this.left ? chunk.subarray(0, this.left) : chunk;
    this.left -= part.length;
    this.push(part);
    if (this.left <= 0) this.push(null);
    done();
  }
}

/**
 * FileStorage in an S3-compatible bucket (STORAGE_S3_URL, path style with the bucket; AWS S3, MinIO,
 * R2...; docs/decisions/018-scale-out.md), through @aws-sdk/client-s3 and @aws-sdk/lib-storage:
 * - put: streamed as a multipart upload of 5 MiB parts, one in flight (never the whole file in memory);
 *   nothing is visible under the key until the upload completes; when the source fails (too large, wrong
 *   type, client gone) the multipart upload is aborted and the promise rejects with the source's error.
 * - open: GetObject, with a byte range (HTTP Range, both ends inclusive) for audio seeking; ENOENT when
 *   the key is unknown. stat: HeadObject (null when unknown). delete: DeleteObject.
 * - the store down or failing: every method rejects with a 503 DomainError with Retry-After.
 * Checksums only when required (TOOLCHAIN.md): otherwise S3-compatible servers store the aws-chunked framing.
 */
export class S3FileStorage extends FileStorage {
  private readonly logger = new Logger(S3FileStorage.name);
  readonly client: S3Client;
  readonly bucket: string;

  constructor(settings: S3StoreSettings, extra: Partial<S3ClientConfig> = {}) {
    super();
    const url = new URL(settings.endpoint);
    this.bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
    this.client = new S3Client({
      endpoint: url.origin,
      region: settings.region,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      forcePathStyle: true,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 2,
      requestHandler: { connectionTimeout: 2000, requestTimeout: 30_000 },
      ...extra,
    });
  }

  async put(key: string, source: Readable): Promise<{ size: number }> {
    this.check(key);
    const counter = new ByteCounter();
    let sourceError: unknown;
    source.once('error', (e) => {
      sourceError = e;
      counter.destroy(e);
    });
    source.pipe(counter);
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: key, Body: counter },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (e) {
      // lib-storage has sent AbortMultipartUpload for the parts already stored (leavePartsOnError false);
      // the caller sees the source's own error (413, 415, cut off) when the source failed.
      if (sourceError) throw sourceError;
      this.logger.warn({ msg: 'object store upload failed', key, err: (e as Error).message });
      throw storageUnavailable();
    }
    if (sourceError) {
      // The source failed after its last byte reached the store: remove what was written.
      await this.delete(key).catch(() => undefined);
      throw sourceError;
    }
    return { size: counter.bytes };
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    this.check(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }));
      const body = answer.Body as Readable;
      // A stream of our own, so a store failure mid-body is an error of the stream, not of the process;
      // cut to the range's length (s3rver answers the whole object to `bytes=0-0`).
      const out = range ? new LengthLimit(range.end - range.start + 1) : new PassThrough();
      body.on('error', (e) => out.destroy(e));
      out.on('close', () => body.destroy());
      return body.pipe(out);
    } catch (e) {
      if (isMissing(e)) throw Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
      this.logger.warn({ msg: 'object store read failed', key, err: (e as Error).message });
      throw storageUnavailable();
    }
  }

  async stat(key: string): Promise<{ size: number } | null> {
    this.check(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(head.ContentLength ?? 0) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw storageUnavailable();
    }
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (isMissing(e)) return;
      throw storageUnavailable();
    }
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    let ContinuationToken: string | undefined;
    do {
      let page;
      try {
        page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken }));
      } catch {
        throw storageUnavailable();
      }
      for (const o of page.Contents ?? []) if (o.Key && KEY.test(o.Key)) yield { key: o.Key, size: Number(o.Size ?? 0) };
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  /** Stop the client's sockets (process shutdown). */
  close(): void {
    this.client.destroy();
  }

  private check(key: string): void {
    if (!KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
  }
}

/** Whether an error is the object store's 503 (callers that map errors themselves let it through). */
export const isStorageUnavailable = (e: unknown): boolean => e instanceof DomainError && e.code === 'storage_unavailable';
