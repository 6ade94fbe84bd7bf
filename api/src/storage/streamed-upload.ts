import type { Logger } from '@nestjs/common';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import type { FileStorage } from './file-storage';

/** Room for multipart headers and other fields beyond the file itself, in bytes. */
const OVERHEAD_BYTES = 8 * 1024 * 1024;

/** The area's texts for a request without the file, with two files, or cut off or malformed. */
export type MultipartTexts = { missing: string; oneFile: string; incomplete: string };

/** The file part handed to a sink: its bytes, and what the browser said about it. */
export type FilePart = { stream: Readable; filename: string; mimeType: string };

export type FilePartOptions<T> = {
  /** Multipart field of the file, or the fields that may carry it (the first one sent is taken). */
  field: string | readonly string[];
  /** Largest accepted file, bytes: one byte more reaches the sink (so a guard can refuse it), a larger part is refused with `tooLarge`. */
  maxBytes: number;
  /**
   * Take the part's bytes somewhere (storage, a file): resolves when all of them are kept, rejects
   * (a DomainError for a refusal) when they cannot be. It must consume `part.stream` or fail.
   */
  sink(part: FilePart): Promise<T>;
  /** Undo what a sink that resolved kept, when the request fails after all (second file, cut-off form). */
  discard?(kept: T): Promise<void>;
  /** The refusal for a file or a body far larger than `maxBytes`. */
  tooLarge(): DomainError;
  /** The area's texts (default: core's upload texts). */
  messages?: MultipartTexts;
  logger: Logger;
};

/**
 * The one multipart receiver (docs/decisions/026 "One multipart receiver"; no other module may import
 * busboy, an ESLint rule keeps it so): reads a `multipart/form-data` request carrying one file in
 * `field` and hands that part to `sink`, owning every error path of the parser, of every part and of the
 * request, so no client can make an error fire with nobody listening (that takes the process down):
 * - the parser and every part (wanted or not) get an error listener as soon as they exist, for their
 *   whole life; unwanted parts are drained;
 * - once the outcome is known the parser is detached from the request and destroyed (its open part is
 *   destroyed with it, and heard), and the rest of a body still arriving is read and dropped (up to the
 *   size cap, then the connection is closed) so the client reads the answer;
 * - the request's own error and early close settle it as a cut-off upload.
 * Resolves once the sink kept the file and the form ended: `{ value (the sink's), filename, mimeType }`.
 * Errors (DomainError, after `discard` of anything kept): 400 `missing` (not multipart, no such part,
 * unreadable headers), 400 `oneFile` (a second file in the field), 400 `incomplete` (cut-off or broken
 * body, RFC 7578 §4.1: a form ends with its closing boundary), 413 `tooLarge()`, or the sink's own.
 */
export async function receiveFilePart<T>(req: PortalRequest, options: FilePartOptions<T>): Promise<{ value: T; filename: string; mimeType: string }> {
  const { field, maxBytes, logger } = options;
  const texts = options.messages ?? { missing: M.uploadMissingFile, oneFile: M.uploadOneFile, incomplete: M.uploadIncomplete };
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(texts.missing);
  // The client may be gone before the route got here (guards and rate limits are asynchronous): its
  // `close` has fired already and would never be heard, and the part read so far would wait forever.
  if (req.destroyed || req.readableAborted) throw DomainError.badRequest(texts.incomplete);
  let parser: busboy.Busboy;
  try {
    // Browsers send file names as raw UTF-8 (WHATWG multipart); busboy's default reads them as latin1.
    parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fileSize: maxBytes + 1, files: 2, fields: 20, parts: 24, fieldSize: 64 * 1024 } });
  } catch {
    throw DomainError.badRequest(texts.missing);
  }
  const incomplete = () => DomainError.badRequest(texts.incomplete);
  const wanted = (name: string) => (typeof field === 'string' ? name === field : field.includes(name));
  const cap = maxBytes + OVERHEAD_BYTES;

  type Sunk = { ok: true; value: T } | { ok: false; error: unknown };
  let sinking: Promise<Sunk> | null = null;
  let part: FilePart | null = null;
  let extraFile = false;
  let failure: unknown = null;
  let ended = false;
  let received = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));

  /** The outcome is known (form ended, broken, or the request is gone): stop parsing, keep hearing every error. */
  const end = (error?: unknown) => {
    if (ended) return;
    ended = true;
    failure = error ?? null;
    req.unpipe(parser);
    // Destroys the open part too ("Unexpected end of file"): its listener hears it and the sink fails.
    if (!parser.destroyed) parser.destroy();
    // A body still arriving is read and dropped (counted against the cap below), so the answer is read.
    if (!req.complete && !req.destroyed) req.resume();
    finish();
  };
  const count = (chunk: Buffer) => {
    received += chunk.length;
    // A body far beyond the largest file is not an upload: stop reading it and close the connection.
    if (received > cap) {
      end(options.tooLarge());
      req.destroy();
    }
  };

  // Every listener below stays for the life of its emitter: an error after `end` is heard and dropped.
  parser.on('error', (e: Error) => {
    logger.debug({ msg: 'multipart body refused', err: e.message });
    end(incomplete());
  });
  parser.on('close', () => end(extraFile ? DomainError.badRequest(texts.oneFile) : undefined));
  parser.on('file', (name: string, stream: Readable & { truncated?: boolean }, info: { filename?: string; mimeType?: string }) => {
    stream.on('error', () => undefined);
    if (ended || !wanted(name) || part) {
      if (part && wanted(name)) extraFile = true;
      stream.resume();
      return;
    }
    // The sink reads a stream of its own: whatever it does to it (a pipeline destroys its source on an
    // error), busboy's part is never destroyed by anyone but busboy (it would stall the form), only drained.
    const body = new PassThrough();
    body.on('error', () => undefined);
    const drain = () => {
      if (stream.readableEnded) return;
      stream.unpipe(body);
      stream.resume();
    };
    body.once('close', drain);
    stream.on('error', (e) => body.destroy(e));
    stream.pipe(body);
    part = { stream: body, filename: info.filename ?? '', mimeType: info.mimeType ?? '' };
    let started: Promise<T>;
    try {
      started = options.sink(part);
    } catch (e) {
      started = Promise.reject(e);
    }
    sinking = started.then(
      (value): Sunk => (stream.truncated ? { ok: false, error: options.tooLarge() } : { ok: true, value }),
      (error: unknown): Sunk => {
        // The sink stopped reading: drain the rest of the part so the form can end.
        drain();
        body.destroy();
        return { ok: false, error };
      },
    );
  });
  req.on('data', count);
  req.on('error', () => end(incomplete()));
  req.on('close', () => {
    if (!req.complete) end(incomplete());
  });
  req.pipe(parser);

  await done;
  const sunk = sinking ? await (sinking as Promise<Sunk>) : null;
  if (failure || !sunk || !sunk.ok) {
    if (sunk?.ok) await options.discard?.(sunk.value).catch((e: unknown) => logger.error({ msg: 'could not discard a refused upload', err: (e as Error).message }));
    const sinkError = sunk && !sunk.ok ? sunk.error : null;
    // The sink's own refusal (415 type, 413 size) names the real problem; then the request's fate
    // (too large, cut off, second file); a sink's other error (a part cut by the parser) says "incomplete".
    const error = sinkError instanceof DomainError ? sinkError : (failure ?? sinkError);
    if (error instanceof DomainError) throw error;
    if (error) {
      logger.warn({ msg: 'upload failed', err: (error as Error).message });
      throw incomplete();
    }
    throw DomainError.badRequest(texts.missing);
  }
  return { value: sunk.value, filename: part!.filename, mimeType: part!.mimeType };
}

/**
 * Read and drop a request body the route refuses before receiving it (so the browser reads the answer
 * rather than a reset), closing the connection once more than `maxBytes` arrived. Resolves when the body
 * ended, the request is gone (also when it was gone before this was called), or the cap closed it; never
 * rejects. Part of the one receiver (docs/decisions/026): a route never reads a multipart body itself.
 */
export function discardBody(req: PortalRequest, maxBytes: number): Promise<void> {
  if (req.destroyed || req.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > maxBytes) {
        req.destroy();
        resolve();
      }
    });
    req.on('end', () => resolve());
    req.on('close', () => resolve());
    req.on('error', () => resolve());
    req.resume();
  });
}

/** A check that the file's bytes pass through on their way to storage (type sniffing, size): it throws by destroying itself. */
export type FileGuard = Transform & { destroyed: boolean };

export type ReceiveOptions<G extends FileGuard> = {
  /** Multipart field of the file (`image` for the spec's uploads), or the fields that may carry it (the first one sent is taken). */
  field: string | readonly string[];
  /** Largest accepted file, bytes; a body far beyond it is cut off. */
  maxBytes: number;
  /** The guard of this upload (checks the bytes; destroys itself with a DomainError on a refusal); `filename` is the name the browser sent. */
  makeGuard(part: { filename: string }): G;
  /** The refusal for a body far larger than `maxBytes`. */
  tooLarge(): DomainError;
  /** The area's texts for a request without the file, with two files, or cut off (default: core's upload texts). */
  messages?: MultipartTexts;
  logger: Logger;
};

/**
 * Stream the single file of multipart `field` through its guard into storage under a new random key
 * (DESIGN "Files": never held in memory, type and size checked on the bytes), by the one multipart
 * receiver (`receiveFilePart`). Resolves once the whole body is consumed, so the browser always reads
 * the answer. On any refusal the stored bytes are deleted and the error is a DomainError: 400
 * uploadMissingFile (not multipart, no such file), uploadOneFile (two files), uploadIncomplete (cut-off
 * or broken body), or the guard's own (413 too large, 415 type).
 * Answers `{ key, size (bytes), guard, filename }`; the caller records the row and deletes `key` if that fails.
 */
export async function receiveSingleFile<G extends FileGuard>(
  req: PortalRequest,
  storage: FileStorage,
  options: ReceiveOptions<G>,
): Promise<{ key: string; size: number; guard: G; filename: string }> {
  const key = randomBytes(16).toString('hex');
  const { value, filename } = await receiveFilePart(req, {
    field: options.field,
    maxBytes: options.maxBytes,
    tooLarge: options.tooLarge,
    messages: options.messages,
    logger: options.logger,
    sink: async ({ stream, filename: name }) => {
      const guard = options.makeGuard({ filename: name });
      // The part's failure (cut-off form) fails the guard, so the storage discards what it wrote.
      stream.on('error', (e) => guard.destroy(e));
      guard.on('error', () => undefined);
      stream.pipe(guard);
      const { size } = await storage.put(key, guard);
      return { size, guard };
    },
    discard: () => storage.delete(key),
  });
  return { key, size: value.size, guard: value.guard, filename };
}
