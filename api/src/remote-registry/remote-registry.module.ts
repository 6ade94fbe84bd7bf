import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RemoteActivationEntity, RemoteLiveEntity, RemoteVersionEntity } from './remote-registry.entities';
import { RemoteRegistryService } from './remote-registry.service';
import { LocalRemoteStore, RemoteStore } from './remote-store';

/** Live remote registry and static store of remote versions (issue 12). Exports the service only. */
@Module({
  imports: [TypeOrmModule.forFeature([RemoteVersionEntity, RemoteLiveEntity, RemoteActivationEntity])],
  providers: [
    RemoteRegistryService,
    { provide: RemoteStore, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalRemoteStore(config.remoteStore.storeDir) },
  ],
  exports: [RemoteRegistryService],
})
export class RemoteRegistryModule {}
