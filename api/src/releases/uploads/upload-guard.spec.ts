import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { RELEASE_LIMITS, RELEASE_MESSAGES as M } from '@portal/contracts';
import { DomainError } from '../../common/domain-error';
import { SNIFF_BYTES, type Sniff } from '../../storage/file-type.sniffer';
import { UploadGuard } from './upload-guard';
import { parseRange } from './uploads.service';

const png: Sniff = async () => ({ ext: 'png', mime: 'image/png' });
const wav: Sniff = async () => ({ ext: 'wav', mime: 'audio/wav' });
const elf: Sniff = async () => ({ ext: 'elf', mime: 'application/x-elf' });

/** Push `total` bytes in 64 KB chunks through a guard; resolves to the bytes that came out. */
async function run(guard: UploadGuard, total: number): Promise<number> {
  let out = 0;
  const chunk = Buffer.alloc(64 * 1024);
  async function* source() {
    for (let left = total; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  }
  await pipeline(Readable.from(source()), guard, new Writable({ write: (c: Buffer, _e, done) => ((out += c.length), done()) }));
  return out;
}

describe('UploadGuard', () => {
  it('passes every byte of an accepted file through, after the type is known', async () => {
    const guard = new UploadGuard(png, 'artwork');
    expect(await run(guard, 200_000)).toBe(200_000);
    expect(guard.detected).toEqual({ kind: 'artwork', ext: 'png', mime: 'image/png' });
  });
  it('detects small files at the end of the stream', async () => {
    const guard = new UploadGuard(wav);
    expect(await run(guard, SNIFF_BYTES - 1)).toBe(SNIFF_BYTES - 1);
    expect(guard.detected?.kind).toBe('audio');
  });
  it('refuses the wrong kind with 415 and the spec message', async () => {
    await expect(run(new UploadGuard(png, 'audio'), 10_000)).rejects.toMatchObject({ httpStatus: 415, message: M.audioType });
    await expect(run(new UploadGuard(wav, 'artwork'), 10_000)).rejects.toMatchObject({ httpStatus: 415, message: M.artworkType });
    await expect(run(new UploadGuard(elf), 10_000)).rejects.toMatchObject({ httpStatus: 415, message: M.audioType });
    const failing: Sniff = async () => {
      throw new Error('parser stuck');
    };
    await expect(run(new UploadGuard(failing, 'audio'), 10_000)).rejects.toBeInstanceOf(DomainError);
  });
  it('stops one byte past the limit with 413, also when the kind shows only in the bytes', async () => {
    await expect(run(new UploadGuard(png, 'artwork'), RELEASE_LIMITS.artworkMaxBytes + 1)).rejects.toMatchObject({ httpStatus: 413, message: M.artworkTooLarge });
    await expect(run(new UploadGuard(png), RELEASE_LIMITS.artworkMaxBytes + 1)).rejects.toMatchObject({ httpStatus: 413, message: M.artworkTooLarge });
    expect(await run(new UploadGuard(png), RELEASE_LIMITS.artworkMaxBytes)).toBe(RELEASE_LIMITS.artworkMaxBytes);
  });
});

describe('parseRange', () => {
  it('reads one bytes= range and clamps its end', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-5000', 100)).toEqual({ start: 50, end: 99 });
  });
  it('ignores other units and multiple ranges; refuses ranges outside the file', () => {
    expect(parseRange('items=0-1', 100)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=9-3', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
  });
});
