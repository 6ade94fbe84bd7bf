import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuditModule } from '../audit/audit.module';
import { STAFF_ENTITIES } from './staff.entities';
import { UsersModule } from '../users/users.module';
import { StaffController } from './staff.controller';
import { StaffGuard } from './staff.guard';
import { StaffService } from './staff.service';

/** Staff roles and TOTP, re-exporting the audit (decision 008): what every console area and the remote registry guard with. */
@Module({
  // UsersModule is global in the app, but the `remote` command's smaller context (RemoteRegistryModule) needs it named.
  imports: [TypeOrmModule.forFeature(STAFF_ENTITIES), UsersModule, AuditModule],
  controllers: [StaffController],
  providers: [StaffService, StaffGuard],
  exports: [StaffService, AuditModule, StaffGuard],
})
export class StaffModule {}
