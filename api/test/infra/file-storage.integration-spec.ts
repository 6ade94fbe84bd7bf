import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { LocalDiskStorage } from '../../src/storage/local-disk.storage';
import { S3FileStorage } from '../../src/storage/s3.storage';
import { DomainError } from '../../src/common/domain-error';
import { fileStorageContract } from './file-storage.contract';
import { freePort, startS3rver, type Service } from './services';

/** A pass-through HTTP proxy in front of s3rver that records each request's method and URL. */
function recordingProxy(target: number, log: string[]): http.Server {
  return http.createServer((req, res) => {
    log.push(`${req.method} ${req.url}`);
    const up = http.request({ host: '127.0.0.1', port: target, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    up.on('error', () => res.destroy());
    req.pipe(up);
  });
}

describe('FileStorage contract: local disk', () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'storage-contract-'));
    storage = new LocalDiskStorage(root);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  fileStorageContract(() => storage);
});

describe('FileStorage contract: S3 (s3rver as its own process, through a recording proxy)', () => {
  let s3: Service;
  let proxy: http.Server;
  let storage: S3FileStorage;
  const log: string[] = [];
  beforeAll(async () => {
    s3 = await startS3rver('portal-files');
    const port = await freePort();
    proxy = recordingProxy(s3.port, log);
    await new Promise<void>((r) => proxy.listen(port, '127.0.0.1', r));
    storage = new S3FileStorage({ endpoint: `http://127.0.0.1:${port}/portal-files`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
  });
  afterAll(async () => {
    storage?.close();
    await new Promise((r) => proxy?.close(r));
    await s3?.stop();
  });

  fileStorageContract(() => storage);

  it('streams a large file as a multipart upload, and aborts the multipart upload when the source fails', async () => {
    log.length = 0;
    const big = randomBytes(11 * 1024 * 1024);
    await storage.put(randomBytes(8).toString('hex'), Readable.from([big.subarray(0, 6 * 1024 * 1024), big.subarray(6 * 1024 * 1024)]));
    expect(log.filter((l) => /^PUT .*partNumber=/.test(l))).toHaveLength(3);
    expect(log.some((l) => /^POST .*\?uploads/.test(l))).toBe(true);
    log.length = 0;
    const failing = new Readable({ read() {} });
    failing.push(big.subarray(0, 6 * 1024 * 1024));
    const key = randomBytes(8).toString('hex');
    const done = storage.put(key, failing);
    setTimeout(() => failing.destroy(new Error('cut')), 300);
    await expect(done).rejects.toThrow('cut');
    // The stored part is given up: AbortMultipartUpload (DELETE ?uploadId=) was sent.
    expect(log.some((l) => /^DELETE .*uploadId=/.test(l))).toBe(true);
    expect(await storage.stat(key)).toBeNull();
  });

  it('answers 503 with Retry-After on every operation while the store is down, and serves again when it is back', async () => {
    const key = randomBytes(8).toString('hex');
    await storage.put(key, Readable.from([Buffer.from('kept')]));
    const port = s3.port;
    const dir = s3.dir!;
    await s3.stop({ keepData: true });
    for (const op of [() => storage.put(randomBytes(8).toString('hex'), Readable.from([Buffer.from('x')])), () => storage.open(key), () => storage.stat(key), () => storage.delete(key)]) {
      const e = await op().then(() => null, (err: unknown) => err);
      expect(e).toBeInstanceOf(DomainError);
      expect(e).toMatchObject({ httpStatus: 503, headers: { 'Retry-After': expect.any(String) } });
    }
    s3 = await startS3rver('portal-files', port, dir);
    const restarted = s3;
    s3 = { ...restarted, stop: async () => (await restarted.stop(), rmSync(dir, { recursive: true, force: true })) };
    expect(await storage.stat(key)).toEqual({ size: 4 });
  });
});
