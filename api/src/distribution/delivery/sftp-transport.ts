import type { Readable } from 'node:stream';
import SftpClient from 'ssh2-sftp-client';
import type { TargetCredentials } from './credentials';

/** One file of a batch: where it goes under the batch folder, and how to read it. */
export type BatchFile = { path: string; open(): Promise<Readable | Buffer> };
/** `fileMode`: permission bits of the files written (default 0644: never world-writable; the server's umask may narrow them further). */
export type SftpTarget = { host: string; port: number; username: string; path: string; credentials: TargetCredentials; fileMode?: number };

/** Files written to a store's server: owner read/write, everyone else read (issue 38 item 13; ssh2's own default is 0666). */
export const SFTP_FILE_MODE = 0o644;

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
    const written = { writeStreamOptions: { mode: target.fileMode ?? SFTP_FILE_MODE } };
    for (const f of files) await client.put(await f.open(), `${root}/${f.path}`, written);
    await client.put(batchComplete, `${root}/BatchComplete_${batchId}.xml`, written);
  } finally {
    await client.end().catch(() => undefined);
  }
}
