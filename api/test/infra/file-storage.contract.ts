import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FileStorage } from '../../src/storage/file-storage';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const read = async (s: Readable): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
/** `bytes` in 64 KiB chunks; with `failAfter`, the stream errors with `error` once that many bytes were sent. */
function source(bytes: Buffer, failAfter?: number, error = new Error('client went away')): Readable {
  let offset = 0;
  return new Readable({
    read() {
      if (failAfter !== undefined && offset >= failAfter) return void this.destroy(error);
      if (offset >= bytes.length) return void this.push(null);
      const end = Math.min(bytes.length, offset + 65_536, failAfter ?? Infinity);
      this.push(bytes.subarray(offset, end));
      offset = end;
    },
  });
}
const newKey = () => randomBytes(16).toString('hex');

/**
 * The FileStorage contract (DESIGN "Files", docs/decisions/018-scale-out.md), one suite every driver
 * runs: local disk and S3. `storage()` answers the driver under test (made in the caller's beforeAll).
 */
export function fileStorageContract(storage: () => FileStorage): void {
  const big = randomBytes(12 * 1024 * 1024 + 12_345); // three 5 MiB parts on S3

  it('stores a streamed file and reads back the same bytes, its size, and any byte range', async () => {
    const key = newKey();
    expect(await storage().put(key, source(big))).toEqual({ size: big.length });
    expect(await storage().stat(key)).toEqual({ size: big.length });
    expect(sha(await read(await storage().open(key)))).toBe(sha(big));
    // Ranges, ends inclusive: the start, across a 5 MiB part boundary, the last byte.
    for (const [start, end] of [[0, 0], [5 * 1024 * 1024 - 10, 5 * 1024 * 1024 + 10], [big.length - 1, big.length - 1], [1000, 1999]] as const) {
      expect((await read(await storage().open(key, { start, end }))).equals(big.subarray(start, end + 1))).toBe(true);
    }
    await storage().delete(key);
  });

  it('stores a small file and an empty one', async () => {
    const small = Buffer.from('ID3 small file');
    const key = newKey();
    expect(await storage().put(key, source(small))).toEqual({ size: small.length });
    expect((await read(await storage().open(key))).toString()).toBe('ID3 small file');
    const empty = newKey();
    expect(await storage().put(empty, source(Buffer.alloc(0)))).toEqual({ size: 0 });
    expect(await storage().stat(empty)).toEqual({ size: 0 });
  });

  it('answers ENOENT for an unknown key, null stat, and deleting it is not an error', async () => {
    const key = newKey();
    await expect(storage().open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    expect(await storage().stat(key)).toBeNull();
    await expect(storage().delete(key)).resolves.toBeUndefined();
  });

  it('deletes a stored file: gone for stat and open', async () => {
    const key = newKey();
    await storage().put(key, source(Buffer.from('to be deleted')));
    await storage().delete(key);
    expect(await storage().stat(key)).toBeNull();
    await expect(storage().open(key)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves nothing under the key when the source fails, small or after several parts, and rejects with its error', async () => {
    for (const failAfter of [10, 11 * 1024 * 1024]) {
      const key = newKey();
      const cut = new Error(`cut after ${failAfter}`);
      await expect(storage().put(key, source(big, failAfter, cut))).rejects.toBe(cut);
      expect(await storage().stat(key)).toBeNull();
      await expect(storage().open(key)).rejects.toMatchObject({ code: 'ENOENT' });
    }
  });

  it('lists every stored object with its size, and no longer a deleted one', async () => {
    const kept = newKey();
    const gone = newKey();
    await storage().put(kept, source(Buffer.from('listed bytes')));
    await storage().put(gone, source(Buffer.from('x')));
    await storage().delete(gone);
    const listed = new Map<string, number>();
    for await (const o of storage().list()) listed.set(o.key, o.size);
    expect(listed.get(kept)).toBe(12);
    expect(listed.has(gone)).toBe(false);
  });

  it('refuses keys that are not opaque names (no paths)', async () => {
    await expect(storage().put('../escape', source(Buffer.from('x')))).rejects.toThrow(/bad storage key/);
    await expect(storage().open('a/b')).rejects.toThrow(/bad storage key/);
  });
}
