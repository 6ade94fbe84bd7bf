/**
 * Unfinished audio uploads of this browser (issue 38 item 3): the resumable upload keeps its upload URL
 * in localStorage (tus-js-client's `tus::` entries, docs/decisions/020) so choosing the same file after a
 * reload resumes it; this list keeps what the artist needs to be told about it: the file's name, its
 * size and how many bytes the server has confirmed. A browser without storage simply keeps no list.
 */
const KEY = 'portal.unfinishedAudioUploads';
/** At most this many are remembered (the newest). */
const MAX = 3;

export type UnfinishedUpload = {
  /** The file's name as chosen. */
  name: string;
  /** Its size in bytes. */
  size: number;
  /** Bytes the server has confirmed (the offset a resume starts from). */
  sentBytes: number;
  /** When it was last advanced, epoch ms. */
  at: number;
};

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const isEntry = (v: unknown): v is UnfinishedUpload =>
  typeof v === 'object' && v !== null && typeof (v as UnfinishedUpload).name === 'string' && Number.isFinite((v as UnfinishedUpload).size) && Number.isFinite((v as UnfinishedUpload).sentBytes);

/** The remembered unfinished uploads, newest first ([] when none or unreadable). */
export function readUnfinished(): UnfinishedUpload[] {
  try {
    const parsed: unknown = JSON.parse(storage()?.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).sort((a, b) => b.at - a.at) : [];
  } catch {
    return [];
  }
}

function write(list: UnfinishedUpload[]): void {
  try {
    if (list.length === 0) storage()?.removeItem(KEY);
    else storage()?.setItem(KEY, JSON.stringify(list.slice(0, MAX)));
  } catch {
    // Storage full or denied: the upload itself goes on; only the reminder is lost.
  }
}

const same = (a: { name: string; size: number }, b: { name: string; size: number }) => a.name === b.name && a.size === b.size;

/** Remember that the server has `sentBytes` of `file` (after each confirmed chunk). */
export function rememberUnfinished(file: { name: string; size: number }, sentBytes: number, now: number = Date.now()): void {
  write([{ name: file.name, size: file.size, sentBytes, at: now }, ...readUnfinished().filter((u) => !same(u, file))]);
}

/**
 * Forget `file`: finished, refused, or the artist chose "Forget unfinished upload". With `resumeData`
 * the stored upload URL goes too, so the next choice of that file starts from 0.
 */
export function forgetUnfinished(file: { name: string; size: number }, resumeData = false): void {
  write(readUnfinished().filter((u) => !same(u, file)));
  if (!resumeData) return;
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store)) {
    if (!key.startsWith('tus::')) continue;
    try {
      const entry = JSON.parse(store.getItem(key) ?? '{}') as { size?: number; metadata?: { filename?: string } };
      if (entry.metadata?.filename === file.name && entry.size === file.size) store.removeItem(key);
    } catch {
      // Not an entry of ours.
    }
  }
}
