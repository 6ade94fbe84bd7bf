import { Module } from '@nestjs/common';
import { RemoteRegistryCoreModule } from './remote-registry-core.module';
import { RemoteRegistryController } from './remote-registry.controller';
import { RemoteBeaconController, RemoteCanaryController } from './canary/canary.controller';
import { BundledRegistration } from './bundled-registration';
import { RemoteLoadReportsService } from './canary/load-reports.service';
import { NotificationsModule } from '../notifications/notifications.module';
import { RemoteDeployController } from './deploy-over-http/remote-deploy.controller';
import { DeployTokensService } from './deploy-over-http/deploy-tokens.service';
import { DeployTokenGuard } from './deploy-over-http/deploy-token.guard';
import { OpsAccessPolicy, OpsAdminGuard } from './ops-access.policy';
import { StaffModule } from '../staff/staff.module';
import { StaffService } from '../staff/staff.service';

/** The registry's HTTP side (console, canary beacons, deploys from CI) over RemoteRegistryCoreModule, which it re-exports (docs/decisions/007, 021). */
@Module({
  imports: [RemoteRegistryCoreModule, StaffModule, NotificationsModule],
  // The CI routes (ops/remotes/:remote/...) after the console's fixed paths (ops/remotes/tokens...).
  controllers: [RemoteRegistryController, RemoteCanaryController, RemoteBeaconController, RemoteDeployController],
  providers: [
    RemoteLoadReportsService,
    BundledRegistration,
    DeployTokensService,
    DeployTokenGuard,
    OpsAdminGuard,
    // Admins of the operations console whose session passed TOTP (docs/decisions/008).
    { provide: OpsAccessPolicy, useFactory: (staff: StaffService): OpsAccessPolicy => ({ isAdmin: (user) => staff.allows(user, 'admin') }), inject: [StaffService] },
  ],
  exports: [RemoteRegistryCoreModule],
})
export class RemoteRegistryModule {}
