import type { Readable } from 'node:stream';
import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { observe } from '../observability/metrics';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage';
import { FileTypeSniffer } from './file-type.sniffer';
import { LocalDiskStorage } from './local-disk.storage';
import { S3FileStorage } from './s3.storage';

/**
 * The configured FileStorage: an S3-compatible bucket with STORAGE_S3_URL, else DATA_DIR/uploads. Its
 * writes count the bytes stored and every failed read, write or removal counts as a storage error
 * (`portal_storage_errors_total`, the "disk/S3 errors" alert, docs/decisions/038); a missing file
 * (ENOENT, NoSuchKey) is an answer, not an error.
 */
export function createFileStorage(config: Pick<AppConfig, 'storageS3' | 'uploadsDir'>): FileStorage {
  const storage = config.storageS3 ? new S3FileStorage(config.storageS3) : new LocalDiskStorage(config.uploadsDir);
  const counted = <A extends unknown[], R>(operation: 'read' | 'write' | 'delete', fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        return await fn(...args);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? (e as { name?: string }).name;
        if (code !== 'ENOENT' && code !== 'NoSuchKey' && code !== 'NotFound') observe.storageError(operation);
        throw e;
      }
    };
  const put = storage.put.bind(storage);
  storage.put = counted('write', async (key: string, source: Readable) => {
    const stored = await put(key, source);
    observe.upload(uploadKindOf(key), stored.size);
    return stored;
  });
  storage.open = counted('read', storage.open.bind(storage));
  storage.delete = counted('delete', storage.delete.bind(storage));
  return storage;
}

/** The upload kind of a storage key, for the bytes-stored counter (bounded labels: never the key itself). */
function uploadKindOf(key: string): 'audio' | 'artwork' | 'video' | 'statement' | 'other' {
  if (/\.(wav|flac|mp3|aiff?)$/i.test(key)) return 'audio';
  if (/\.(jpe?g|png|webp|gif)$/i.test(key)) return 'artwork';
  if (/\.(mp4|mov|m4v)$/i.test(key)) return 'video';
  if (/\.(csv|tsv|txt)$/i.test(key)) return 'statement';
  return 'other';
}

/**
 * Provides the FileStorage (DESIGN "Files"; docs/decisions/018-scale-out.md): the local directory
 * DATA_DIR/uploads by default, or an S3-compatible bucket (STORAGE_S3_URL) that every instance shares;
 * its users do not know which. And the FileTypeSniffer every upload reads its type with (file-type, in
 * a worker thread).
 */
@Module({
  providers: [{ provide: FileStorage, inject: [APP_CONFIG], useFactory: createFileStorage }, FileTypeSniffer],
  exports: [FileStorage, FileTypeSniffer],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(private readonly storage: FileStorage) {}
  onApplicationShutdown(): void {
    if (this.storage instanceof S3FileStorage) this.storage.close();
  }
}
