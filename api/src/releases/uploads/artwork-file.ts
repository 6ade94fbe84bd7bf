import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStorage } from '../../storage/file-storage';
import { writeToFile } from '../../storage/local-disk.storage';

/** Temporary files older than this can only be left-overs of a process that stopped mid-job. */
const STALE_MS = 24 * 3600_000;

/**
 * The folder of this process's temporary artwork files (copies of originals kept in S3, decoded pixels of a
 * rendition job): `<DATA_DIR>/artwork-tmp`, made if missing, with files left by a stopped process (older than a
 * day) removed. Each file is removed by the job that made it. Errors: the file system's.
 */
export function artworkScratchDir(dataDir: string): string {
  const dir = join(dataDir, 'artwork-tmp');
  // Several services ask for it at boot (uploads, QC, renditions): the folder is made and swept once per process.
  if (sweptDirs.has(dir)) return dir;
  mkdirSync(dir, { recursive: true });
  removeStale(dir, Date.now() - STALE_MS);
  sweptDirs.add(dir);
  return dir;
}

/** The scratch folders this process has made and swept (artworkScratchDir). */
const sweptDirs = new Set<string>();

/** Remove the files under `dir` (its folders too, searched) last changed before `before` (epoch ms). */
function removeStale(dir: string, before: number): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) removeStale(path, before);
    else if (statSync(path).mtimeMs < before) rmSync(path, { force: true });
  }
}

/** A new, unused path in `scratchDir` ending in `suffix`. */
export const scratchFile = (scratchDir: string, suffix = ''): string => join(scratchDir, `${randomBytes(8).toString('hex')}${suffix}`);

/**
 * Run `work` with the stored artwork `storageKey` as a file on this machine, for libvips to read itself
 * (`sharp(path)`; docs/decisions/009 "Memory"). From a path libvips reads the compressed bytes piece by
 * piece as it decodes; from a Buffer or a stream sharp first gathers the whole file in JavaScript memory
 * (a stream: every chunk, then one Buffer.concat of them, two copies). Local disk: the stored file itself
 * (FileStorage.localPath), else `localCopy` when given and present (the upload's own spool file: the same
 * bytes, received on this machine). Otherwise (S3): a temporary copy streamed into `scratchDir`
 * (artworkScratchDir), removed once `work` settled. Resolves to what `work` resolves to.
 * Errors: code ENOENT when nothing is stored under the key; the store's own (503 from S3); `work`'s.
 */
export async function withArtworkFile<T>(storage: FileStorage, storageKey: string, scratchDir: string, work: (path: string) => Promise<T>, localCopy?: string): Promise<T> {
  const local = storage.localPath(storageKey);
  if (local) {
    await stat(local); // ENOENT before libvips (which would say "Input file is missing")
    return work(local);
  }
  if (localCopy && (await stat(localCopy).then(() => true, () => false))) return work(localCopy);
  const copy = scratchFile(scratchDir);
  try {
    await writeToFile([await storage.open(storageKey)], copy, 'wx');
    return await work(copy);
  } finally {
    await rm(copy, { force: true }).catch(() => undefined);
  }
}
