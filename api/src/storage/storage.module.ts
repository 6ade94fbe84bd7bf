import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage';
import { FileTypeSniffer } from './file-type.sniffer';
import { LocalDiskStorage } from './local-disk.storage';
import { S3FileStorage } from './s3.storage';

/** The configured FileStorage: an S3-compatible bucket with STORAGE_S3_URL, else DATA_DIR/uploads. */
export function createFileStorage(config: Pick<AppConfig, 'storageS3' | 'uploadsDir'>): FileStorage {
  return config.storageS3 ? new S3FileStorage(config.storageS3) : new LocalDiskStorage(config.uploadsDir);
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
