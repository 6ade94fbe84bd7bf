import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { RemoteActivationEntity, RemoteDeployClaimEntity, RemoteDeployTokenEntity, RemoteLiveEntity, RemoteLoadReportEntity, RemoteVersionEntity } from './remote-registry.entities';
import { RemoteRegistryService } from './remote-registry.service';
import { LocalRemoteStore, RemoteStore } from './store/remote-store';
import { S3RemoteStore } from './store/s3-remote-store';
import { RemoteRegistryController } from './remote-registry.controller';
import { RemoteBeaconController, RemoteCanaryController } from './canary/canary.controller';
import { RemoteCanaryService } from './canary/canary.service';
import { BundledRegistration } from './bundled-registration';
import { RemoteLoadReportsService } from './canary/load-reports.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { RemoteDeployController } from './deploy-over-http/remote-deploy.controller';
import { DeployTokensService } from './deploy-over-http/deploy-tokens.service';
import { DeployTokenGuard } from './deploy-over-http/deploy-token.guard';
import { OpsAccessPolicy, OpsAdminGuard } from './ops-access.policy';
import { StaffModule } from '../ops/staff/staff.module';
import { StaffOpsAccessPolicy } from '../ops/staff/staff.guard';

/** Live remote registry and static store of remote versions (issue 12), with its admin endpoints. Exports the service only. */
@Module({
  imports: [TypeOrmModule.forFeature([RemoteVersionEntity, RemoteLiveEntity, RemoteActivationEntity, RemoteDeployClaimEntity, RemoteDeployTokenEntity, RemoteLoadReportEntity]), StaffModule, NotificationsModule],
  // The CI routes (ops/remotes/:remote/...) after the console's fixed paths (ops/remotes/tokens...).
  controllers: [RemoteRegistryController, RemoteCanaryController, RemoteBeaconController, RemoteDeployController],
  providers: [
    RemoteRegistryService,
    RemoteCanaryService,
    RemoteLoadReportsService,
    BundledRegistration,
    DeployTokensService,
    DeployTokenGuard,
    OpsAdminGuard,
    // Admins of the operations console whose session passed TOTP (issue 11).
    { provide: OpsAccessPolicy, useExisting: StaffOpsAccessPolicy },
    {
      provide: RemoteStore,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.remoteStore.s3 ? new S3RemoteStore(config.remoteStore.s3) : new LocalRemoteStore(config.remoteStore.storeDir)),
    },
  ],
  exports: [RemoteRegistryService, RemoteCanaryService],
})
export class RemoteRegistryModule {}
