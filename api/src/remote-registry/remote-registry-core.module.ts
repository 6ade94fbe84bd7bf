import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RemoteActivationEntity, RemoteDeployClaimEntity, RemoteDeployTokenEntity, RemoteLiveEntity, RemoteLoadReportEntity, RemoteVersionEntity } from './remote-registry.entities';
import { RemoteRegistryService } from './remote-registry.service';
import { LocalRemoteStore, RemoteStore } from './store/remote-store';
import { S3RemoteStore } from './store/s3-remote-store';
import { RemoteCanaryService } from './canary/canary.service';

/**
 * The registry itself: its tables, the version store (local folder or S3) and the services that deploy,
 * roll back and run canaries (docs/decisions/007, 021). No controllers, guards or staff module: the
 * `npm run remote` command boots only this (with config and database), so a deploy from a shell starts in
 * a fraction of the full API's load time; RemoteRegistryModule adds the HTTP side on top.
 */
@Module({
  imports: [TypeOrmModule.forFeature([RemoteVersionEntity, RemoteLiveEntity, RemoteActivationEntity, RemoteDeployClaimEntity, RemoteDeployTokenEntity, RemoteLoadReportEntity])],
  providers: [
    RemoteRegistryService,
    RemoteCanaryService,
    {
      provide: RemoteStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.remoteStore.s3 ? new S3RemoteStore(config.remoteStore.s3) : new LocalRemoteStore(config.remoteStore.storeDir)),
    },
  ],
  exports: [TypeOrmModule, RemoteRegistryService, RemoteCanaryService, RemoteStore],
})
export class RemoteRegistryCoreModule {}
