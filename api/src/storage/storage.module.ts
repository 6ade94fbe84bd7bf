import { Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { FileStorage } from './file-storage';
import { FileTypeSniffer } from './file-type.sniffer';
import { LocalDiskStorage } from './local-disk.storage';

/**
 * Provides the FileStorage (DESIGN "Files"): the local directory DATA_DIR/uploads. An S3-compatible
 * implementation goes here, chosen from the config, without changing its users. And the
 * FileTypeSniffer every upload reads its type with (file-type, in a worker thread).
 */
@Module({
  providers: [{ provide: FileStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalDiskStorage(config.uploadsDir) }, FileTypeSniffer],
  exports: [FileStorage, FileTypeSniffer],
})
export class StorageModule {}
