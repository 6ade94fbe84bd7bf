import type { Logger } from '@nestjs/common';
import busboy from 'busboy';
import { randomBytes } from 'node:crypto';
import type { Transform } from 'node:stream';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import type { PortalRequest } from '../common/request-context';
import type { FileStorage } from './file-storage';

/** Room for multipart headers and other fields beyond the file itself, in bytes. */
const OVERHEAD_BYTES = 8 * 1024 * 1024;

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
  messages?: { missing: string; oneFile: string; incomplete: string };
  logger: Logger;
};

/**
 * Stream the single file of multipart `field` through its guard into storage under a new random key
 * (DESIGN "Files": never held in memory, type and size checked on the bytes). Resolves once the whole
 * body is consumed, so the browser always reads the answer. On any refusal the stored bytes are deleted
 * and the error is a DomainError: 400 uploadMissingFile (not multipart, no such file), uploadOneFile
 * (two files), uploadIncomplete (cut-off or broken body), or the guard's own (413 too large, 415 type).
 * Answers `{ key, size (bytes), guard }`; the caller records the row and deletes `key` if that fails.
 */
export async function receiveSingleFile<G extends FileGuard>(
  req: PortalRequest,
  storage: FileStorage,
  options: ReceiveOptions<G>,
): Promise<{ key: string; size: number; guard: G; filename: string }> {
  const { field, maxBytes, logger } = options;
  const texts = options.messages ?? { missing: M.uploadMissingFile, oneFile: M.uploadOneFile, incomplete: M.uploadIncomplete };
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) throw DomainError.badRequest(texts.missing);
  let parser: busboy.Busboy;
  try {
    // Browsers send file names as raw UTF-8 (WHATWG multipart); busboy's default reads them as latin1.
    parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fileSize: maxBytes + 1, files: 2, fields: 20, parts: 24, fieldSize: 64 * 1024 } });
  } catch {
    throw DomainError.badRequest(texts.missing);
  }
  const key = randomBytes(16).toString('hex');
  let filename = '';

  const outcome = await new Promise<{ error?: unknown; stored?: { size: number; guard: G } }>((resolve) => {
    let guard: G | null = null;
    let storing: Promise<{ size: number }> | null = null;
    let extraFile = false;
    let settled = false;
    let received = 0;

    const settle = (error?: unknown) => {
      if (settled) return;
      settled = true;
      req.off('data', count);
      if (error && guard && !guard.destroyed) guard.destroy(error as Error);
      (storing ?? Promise.resolve(null)).then(
        (r) => resolve(r && guard ? { error, stored: { size: r.size, guard } } : { error }),
        (e: unknown) => resolve({ error: e instanceof DomainError ? e : (error ?? e) }),
      );
    };
    const incomplete = () => DomainError.badRequest(texts.incomplete);
    const count = (chunk: Buffer) => {
      received += chunk.length;
      // A body far beyond the largest file is not an upload: stop reading it.
      if (received > maxBytes + OVERHEAD_BYTES) {
        settle(options.tooLarge());
        req.unpipe(parser);
        req.destroy();
      }
    };

    const wanted = (name: string) => (typeof field === 'string' ? name === field : field.includes(name));
    parser.on('file', (name, file, info) => {
      if (!wanted(name) || guard) {
        if (wanted(name)) extraFile = true;
        file.resume();
        return;
      }
      filename = info.filename ?? '';
      const g = (guard = options.makeGuard({ filename }));
      // busboy destroys the part on a cut-off form; the guard must fail too so the storage discards it.
      file.on('error', (e) => g.destroy(e));
      file.pipe(g);
      storing = storage.put(key, g);
      // Never destroy busboy's part stream (busboy would stall): unpipe and drain what is left.
      storing.catch(() => {
        file.unpipe(g);
        file.resume();
      });
    });
    parser.on('error', () => settle(incomplete()));
    parser.on('close', () => settle(extraFile ? DomainError.badRequest(texts.oneFile) : undefined));
    req.on('data', count);
    req.on('error', () => settle(incomplete()));
    req.on('close', () => {
      if (!req.complete) settle(incomplete());
    });
    req.pipe(parser);
  });

  const { error, stored } = outcome;
  if (error || !stored) {
    if (stored) await storage.delete(key).catch(() => undefined);
    if (error instanceof DomainError) throw error;
    if (error) {
      logger.warn({ msg: 'upload failed', err: (error as Error).message });
      throw DomainError.badRequest(texts.incomplete);
    }
    throw DomainError.badRequest(texts.missing);
  }
  return { key, size: stored.size, guard: stored.guard, filename };
}
