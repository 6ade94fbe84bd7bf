import type { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import type { TargetCredentials } from './credentials';

/** One file of a batch: where it goes under the batch folder, and how to read it. */
export type BatchFile = { path: string; open(): Promise<Readable | Buffer> };
export type SftpTarget = { host: string; port: number; username: string; path: string; credentials: TargetCredentials };

/**
 * Upload one batch in the DDEX release-by-release shape over SFTP (ssh2-sftp-client):
 * `<path>/<batch>/<UPC>/…` (resources, then `<UPC>.xml`), then `<path>/<batch>/BatchComplete_<batch>.xml`
 * last, so a store that polls for BatchComplete never sees a half-written batch. Files are streamed.
 * Errors: any connection, authentication or write error (the caller retries the whole batch).
 */
export async function sftpDeliver(target: SftpTarget, batchId: string, files: BatchFile[], batchComplete: Buffer, timeoutMs = 30_000): Promise<void> {
  const client = new SftpClient('portal-delivery');
  const root = `${target.path.replace(/\/+$/, '')}/${batchId}`;
  try {
    await client.connect({
      host: target.host,
      port: target.port,
      username: target.username,
      password: target.credentials.password,
      privateKey: target.credentials.private_key,
      readyTimeout: timeoutMs,
      retries: 0,
    });
    const dirs = new Set(files.map((f) => `${root}/${f.path}`.replace(/\/[^/]+$/, '')));
    for (const dir of dirs) await client.mkdir(dir, true);
    for (const f of files) await client.put(await f.open(), `${root}/${f.path}`);
    await client.put(batchComplete, `${root}/BatchComplete_${batchId}.xml`);
  } finally {
    await client.end().catch(() => undefined);
  }
}
