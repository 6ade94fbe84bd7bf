import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { StaffModule } from '../ops/staff/staff.module';
import { StorageModule } from '../storage/storage.module';
import { DistributionController, OpsDistributionController } from './distribution.controllers';
import { DdexService } from './ddex/ddex.service';
import { QcService } from './qc/qc.service';
import { UploadQcEntity } from './qc/upload-qc.entity';

/**
 * The distribution engine (docs/decisions/020-distribution-engine.md): store QC of uploads (a job per
 * audio file), the ERN 4.3 message of approved releases, and (next) per-store delivery. Talks to the
 * releases area only through its exported services.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UploadQcEntity]), ReleasesModule, StaffModule, StorageModule],
  controllers: [DistributionController, OpsDistributionController],
  providers: [QcService, DdexService],
  exports: [QcService, DdexService],
})
export class DistributionModule {}
