import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive (HTTP Range semantics). */
export type ByteRange = { start: number; end: number };

/**
 * Where uploaded bytes live (DESIGN "Files"). Keys are opaque, server-chosen names (never a user's
 * file name). The local-disk implementation is the default; an S3-compatible one can replace it
 * behind the same contract.
 */
export abstract class FileStorage {
  /**
   * Stream `source` into the store under `key`. Nothing is visible under `key` until the source has
   * ended cleanly; if the source errors (too large, wrong type, client gone) the partial bytes are
   * removed and the promise rejects with the source's error. Resolves to the stored size in bytes.
   */
  abstract put(key: string, source: Readable): Promise<{ size: number }>;
  /** Open the stored bytes (optionally a range); rejects with code ENOENT when the key is unknown. */
  abstract open(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of a stored object in bytes, or null when the key is unknown. */
  abstract stat(key: string): Promise<{ size: number } | null>;
  /** Remove a stored object; a missing key is not an error. */
  abstract delete(key: string): Promise<void>;
  /** Every stored object, in no set order (backup and restore, docs/decisions/018-scale-out.md). */
  abstract list(): AsyncIterable<{ key: string; size: number }>;
  /**
   * The path of the object stored under `key` on this machine's disk when the store keeps its objects as
   * local files, else null (the default; S3). For readers that hand a file to native code, which then reads
   * it in pieces (libvips, docs/decisions/009 "Memory"); never for writing. The file may not exist.
   */
  localPath(_key: string): string | null {
    return null;
  }
}
