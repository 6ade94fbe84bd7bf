import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ByteRange, FileStorage } from './file-storage';

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/**
 * Stream `stages` (a source, then transforms) into a new file at `path` opened with `flags` ('w', 'wx').
 * On any failure the partial file is removed and the error rethrown — only once the file's handle is
 * closed: `pipeline` rejects as soon as the source fails, before the write stream has even opened its
 * file (it opens and closes on the thread pool), and a removal then can run before the open and leave the
 * part behind for good. `onRemoveError` hears a failed removal (the first error is rethrown anyway).
 */
export async function writeToFile(stages: [Readable, ...Transform[]], path: string, flags: string, onRemoveError: (err: Error) => void = () => undefined): Promise<void> {
  const out = createWriteStream(path, { flags });
  try {
    await pipeline([...stages, out]);
  } catch (e) {
    if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
    await rm(path, { force: true }).catch(onRemoveError);
    throw e;
  }
}

/**
 * FileStorage on a local directory (DATA_DIR/uploads by default). Writes go to `<root>/.tmp/*.part`
 * and are renamed into `<root>/files/<key>` only when complete, so a reader never sees a partial
 * file and a failed upload leaves nothing behind. Parts left by a crashed process are removed at start.
 */
export class LocalDiskStorage extends FileStorage {
  private readonly logger = new Logger(LocalDiskStorage.name);
  readonly filesDir: string;
  readonly tmpDir: string;

  constructor(root: string) {
    super();
    this.filesDir = join(root, 'files');
    this.tmpDir = join(root, '.tmp');
    mkdirSync(this.filesDir, { recursive: true });
    mkdirSync(this.tmpDir, { recursive: true });
    // Parts older than a day can only be left-overs of a crashed process (another instance sharing
    // the directory may be writing fresh ones).
    const stale = Date.now() - 24 * 3600_000;
    for (const part of readdirSync(this.tmpDir)) {
      const file = join(this.tmpDir, part);
      if (statSync(file).mtimeMs < stale) rmSync(file, { force: true });
    }
  }

  async put(key: string, source: Readable): Promise<{ size: number }> {
    const target = this.path(key);
    const tmp = join(this.tmpDir, `${key}.${randomBytes(6).toString('hex')}.part`);
    // 'wx': never overwrite; the key is fresh and random. A failure removes the part (writeToFile).
    await writeToFile([source], tmp, 'wx', (err) => this.logger.error({ msg: 'could not remove a partial upload', tmp, err: err.message }));
    try {
      await rename(tmp, target);
      return { size: statSync(target).size };
    } catch (e) {
      await rm(tmp, { force: true });
      throw e;
    }
  }

  async open(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.path(key);
    await stat(path); // ENOENT before any byte is sent
    return createReadStream(path, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      return { size: (await stat(this.path(key))).size };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  override localPath(key: string): string {
    return this.path(key);
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    for (const key of readdirSync(this.filesDir)) {
      if (!KEY.test(key)) continue;
      const size = await this.stat(key);
      if (size) yield { key, size: size.size };
    }
  }

  private path(key: string): string {
    if (!KEY.test(key)) throw new Error(`bad storage key ${JSON.stringify(key)}`);
    return join(this.filesDir, key);
  }
}
