import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { OpsAuditEntity } from './audit.entity';
import { AuditService } from './audit.service';

/** The staff-action audit (table `ops_audit`): AuditService for the console and the operator commands (decision 024). */
@Module({ imports: [TypeOrmModule.forFeature([OpsAuditEntity])], providers: [AuditService], exports: [AuditService] })
export class AuditModule {}
