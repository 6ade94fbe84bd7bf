import { Logger } from '@nestjs/common';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
  type CompletedPart,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { createS3Client, isS3Missing, splitBucketUrl } from './s3-client';
import { PassThrough, type Readable, Transform, type TransformCallback } from 'node:stream';
import { SERVER_MESSAGES } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { S3StoreSettings } from '../config/app-config';
import { type ByteRange, FileStorage } from './file-storage';

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
/** Seconds a client is told to wait (Retry-After) when the object store does not answer. */
export const STORAGE_RETRY_AFTER_SECONDS = 5;
/** Multipart part size (the S3 minimum, 5 MiB): an upload holds one part buffer, reused for every part. */
const PART_BYTES = 5 * 1024 * 1024;
/** Part buffers kept for the next uploads (more concurrent uploads allocate their own, dropped after). */
const SPARE_BUFFERS = 2;

/** An error of the object store (not of the source): answered 503. */
class StoreFailure extends Error {
  constructor(readonly cause: unknown) {
    super((cause as Error)?.message ?? String(cause));
  }
}

/** The object store did not answer or failed (not a missing key): 503 unavailable with Retry-After. */
export const storageUnavailable = () =>
  new DomainError(503, SERVER_MESSAGES.unavailable, { code: 'storage_unavailable', headers: { 'Retry-After': String(STORAGE_RETRY_AFTER_SECONDS) } });

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
 * R2...; docs/decisions/018-scale-out.md), through @aws-sdk/client-s3:
 * - put: streamed as a multipart upload of 5 MiB parts, one in flight, copied into ONE part buffer reused
 *   for every part (never the whole file in memory; no new 5 MiB buffer per part, whose garbage V8 would
 *   only collect after tens of MB: RSS growth of a 100 MB upload, decision 018); a file under 5 MiB is one
 *   PutObject. Nothing is visible under the key until the upload completes; when the source fails (too
 *   large, wrong type, client gone) the multipart upload is aborted and the promise rejects with the
 *   source's error; when the store fails, 503.
 * - open: GetObject, with a byte range (HTTP Range, both ends inclusive) for audio seeking; ENOENT when
 *   the key is unknown. stat: HeadObject (null when unknown). delete: DeleteObject.
 * - the store down or failing: every method rejects with a 503 DomainError with Retry-After.
 * The client comes from createS3Client (s3-client.ts): path style, checksums only when required.
 */
export class S3FileStorage extends FileStorage {
  private readonly logger = new Logger(S3FileStorage.name);
  readonly client: S3Client;
  readonly bucket: string;
  /** Part buffers of finished uploads, reused by the next ones. */
  private readonly spare: Buffer[] = [];

  constructor(settings: S3StoreSettings, extra: Partial<S3ClientConfig> = {}) {
    super();
    const { endpoint, bucket } = splitBucketUrl(settings.endpoint);
    this.bucket = bucket;
    // One short retry and bounded waits: a store that does not answer becomes a 503 quickly (storageUnavailable).
    this.client = createS3Client({ ...settings, endpoint }, { maxAttempts: 2, connectionTimeoutMs: 2000, requestTimeoutMs: 30_000 }, extra);
  }

  async put(key: string, source: Readable): Promise<{ size: number }> {
    this.check(key);
    let lateError: unknown;
    source.once('error', (e) => (lateError = e));
    const buffer = this.spare.pop() ?? Buffer.allocUnsafe(PART_BYTES);
    const store = async <T>(work: () => Promise<T>): Promise<T> => {
      try {
        return await work();
      } catch (e) {
        throw new StoreFailure(e);
      }
    };
    const Bucket = this.bucket;
    const Key = key;
    let uploadId: string | undefined;
    const parts: CompletedPart[] = [];
    let filled = 0;
    let size = 0;
    /** Send the first `n` bytes of the buffer as the next part (starting the multipart upload on the first). */
    const sendPart = async (n: number) => {
      uploadId ??= (await store(() => this.client.send(new CreateMultipartUploadCommand({ Bucket, Key })))).UploadId;
      const PartNumber = parts.length + 1;
      const answer = await store(() => this.client.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: buffer.subarray(0, n), ContentLength: n })));
      parts.push({ ETag: answer.ETag, PartNumber });
    };
    try {
      // The loop pulls the next chunk only once the part before it is stored: back-pressure up to the client.
      for await (const chunk of source as AsyncIterable<Buffer>) {
        let offset = 0;
        while (offset < chunk.length) {
          const n = Math.min(chunk.length - offset, PART_BYTES - filled);
          chunk.copy(buffer, filled, offset, offset + n);
          filled += n;
          offset += n;
          size += n;
          if (filled === PART_BYTES) {
            await sendPart(filled);
            filled = 0;
          }
        }
      }
      if (lateError) throw lateError;
      if (!uploadId) {
        await store(() => this.client.send(new PutObjectCommand({ Bucket, Key, Body: buffer.subarray(0, filled), ContentLength: filled })));
      } else {
        if (filled) await sendPart(filled);
        await store(() => this.client.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } })));
      }
    } catch (e) {
      // Give up the parts already stored; the caller sees the source's own error (413, 415, cut off) or 503.
      if (uploadId) await this.client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
      if (e instanceof StoreFailure) {
        this.logger.warn({ msg: 'object store upload failed', key, err: e.message });
        throw storageUnavailable();
      }
      // (The buffer is not reused: a failed request may still be writing it.)
      throw e;
    }
    if (this.spare.length < SPARE_BUFFERS) this.spare.push(buffer);
    if (lateError) {
      // The source failed after its last byte reached the store: remove what was written.
      await this.delete(key).catch(() => undefined);
      throw lateError;
    }
    return { size };
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
      if (isS3Missing(e)) throw Object.assign(new Error(`no stored object ${key}`), { code: 'ENOENT' });
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
      if (isS3Missing(e)) return null;
      throw storageUnavailable();
    }
  }

  async delete(key: string): Promise<void> {
    this.check(key);
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    } catch (e) {
      if (isS3Missing(e)) return;
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
