import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditService } from '../audit/audit.service';
import { OPS_ENTITIES } from '../ops.entities';
import { UsersModule } from '../../users/users.module';
import { StaffController } from './staff.controller';
import { StaffGuard, StaffOpsAccessPolicy } from './staff.guard';
import { StaffService } from './staff.service';

/** Staff roles, TOTP and the audit (issue 11): what every console area and the remote registry guard with. */
@Module({
  // UsersModule is global in the app, but the `remote` command's smaller context (RemoteRegistryModule) needs it named.
  imports: [TypeOrmModule.forFeature(OPS_ENTITIES), UsersModule],
  controllers: [StaffController],
  providers: [StaffService, AuditService, StaffGuard, StaffOpsAccessPolicy],
  exports: [StaffService, AuditService, StaffGuard, StaffOpsAccessPolicy],
})
export class StaffModule {}
