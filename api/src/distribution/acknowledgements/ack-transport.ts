import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import SftpClient from 'ssh2-sftp-client';
import { ACK_MAX_BYTES } from '@portal/contracts';
import { createS3Client } from '../../storage/s3-client';
import type { TargetCredentials } from '../delivery/credentials';
import { s3Location } from '../delivery/s3-transport';

/** Where a target's acknowledgements are: the connection and the folder (absolute SFTP path, or `/<bucket>/<prefix>` on S3). */
export type AckSource = { protocol: 'sftp' | 's3'; host: string; port: number; username: string; folder: string; credentials: TargetCredentials };

/** An open connection to a target's acknowledgements folder. */
export interface AckFolder {
  /** The `*.xml` files directly in the folder (not in `processed/`), oldest name first. */
  list(): Promise<string[]>;
  read(name: string): Promise<Buffer>;
  /** Move a read file to `processed/<name>`; a file already gone (another instance moved it) is not an error. */
  markProcessed(name: string): Promise<void>;
  close(): Promise<void>;
}

const XML = /\.xml$/i;

/**
 * Open the acknowledgements folder of a target (issue 39 §1): over SFTP (ssh2-sftp-client) or in an
 * S3-compatible bucket (the same endpoint rules as delivery: s3Location). Errors: connection or
 * authentication errors (the poller records them for the target and goes on with the next).
 */
export async function openAckFolder(src: AckSource, timeoutMs = 30_000): Promise<AckFolder> {
  return src.protocol === 's3' ? openS3(src, timeoutMs) : openSftp(src, timeoutMs);
}

async function openSftp(src: AckSource, timeoutMs: number): Promise<AckFolder> {
  const client = new SftpClient('portal-acks');
  await client.connect({ host: src.host, port: src.port, username: src.username, password: src.credentials.password, privateKey: src.credentials.private_key, readyTimeout: timeoutMs, retries: 0 });
  const dir = src.folder.replace(/\/+$/, '');
  return {
    async list() {
      if ((await client.exists(dir)) !== 'd') return [];
      return (await client.list(dir)).filter((f) => f.type === '-' && XML.test(f.name)).map((f) => f.name).sort();
    },
    async read(name) {
      const bytes = await client.get(`${dir}/${name}`);
      return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes);
    },
    async markProcessed(name) {
      if ((await client.exists(`${dir}/processed`)) !== 'd') await client.mkdir(`${dir}/processed`, true).catch(() => undefined);
      if ((await client.exists(`${dir}/${name}`)) !== '-') return;
      // A file of the same name processed before (a store reusing names) is kept beside it.
      const target = (await client.exists(`${dir}/processed/${name}`)) ? `${dir}/processed/${Date.now()}-${name}` : `${dir}/processed/${name}`;
      await client.rename(`${dir}/${name}`, target).catch(async (e: Error) => {
        if ((await client.exists(`${dir}/${name}`)) === '-') throw e; // still there: a real failure
      });
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}

async function openS3(src: AckSource, timeoutMs: number): Promise<AckFolder> {
  const { endpoint, region, bucket, prefix } = s3Location({ host: src.host, port: src.port, path: src.folder });
  if (!bucket) throw new Error('the S3 target has no bucket in its path');
  const client = createS3Client({ endpoint, region, accessKeyId: src.username, secretAccessKey: src.credentials.password ?? '' }, { maxAttempts: 1, connectionTimeoutMs: timeoutMs, requestTimeoutMs: timeoutMs });
  const base = prefix ? `${prefix}/` : '';
  return {
    async list() {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: base, Delimiter: '/', ContinuationToken: token }));
        for (const o of page.Contents ?? []) {
          const name = o.Key!.slice(base.length);
          if (name && !name.includes('/') && XML.test(name)) names.push(name);
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async read(name) {
      const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${base}${name}`, Range: `bytes=0-${ACK_MAX_BYTES}` }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async markProcessed(name) {
      try {
        await client.send(new CopyObjectCommand({ Bucket: bucket, Key: `${base}processed/${name}`, CopySource: `${bucket}/${base}${name}`.split('/').map(encodeURIComponent).join('/') }));
      } catch (e) {
        if ((e as { name?: string }).name === 'NoSuchKey') return; // moved by another instance
        throw e;
      }
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: `${base}${name}` }));
    },
    async close() {
      client.destroy();
    },
  };
}
