import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RemoteActivationEntity, RemoteLiveEntity, RemoteVersionEntity } from './remote-registry.entities';
import { RemoteRegistryService } from './remote-registry.service';
import { LocalRemoteStore, RemoteStore } from './remote-store';
import { S3RemoteStore } from './s3-remote-store';
import { RemoteRegistryController } from './remote-registry.controller';
import { NoStaffYetPolicy, OpsAccessPolicy, OpsAdminGuard } from './ops-access.policy';

/** Live remote registry and static store of remote versions (issue 12), with its admin endpoints. Exports the service only. */
@Module({
  imports: [TypeOrmModule.forFeature([RemoteVersionEntity, RemoteLiveEntity, RemoteActivationEntity])],
  controllers: [RemoteRegistryController],
  providers: [
    RemoteRegistryService,
    OpsAdminGuard,
    // The operations console issue replaces this with the staff-role policy (ops-access.policy.ts).
    { provide: OpsAccessPolicy, useClass: NoStaffYetPolicy },
    {
      provide: RemoteStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.remoteStore.s3 ? new S3RemoteStore(config.remoteStore.s3) : new LocalRemoteStore(config.remoteStore.storeDir)),
    },
  ],
  exports: [RemoteRegistryService],
})
export class RemoteRegistryModule {}
