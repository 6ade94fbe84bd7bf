import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { VideoModule } from '../video/video.module';
import { ContentModule } from '../content/content.module';
import { IdentifierService } from './identifiers/identifier.service';
import { OPS_ENTITIES } from './ops.entities';
import { OpsConsoleService } from './console/ops-console.service';
import { OpsAdminController, OpsContentController, OpsReviewController, OpsUsersController } from './console/ops.controllers';
import { ReleaseReviewService } from './review/release-review.service';
import { StaffModule } from './staff/staff.module';

/** The operations console's API (issue 11, `/api/ops/*`): release and video review, platform, users, audit. */
@Module({
  imports: [TypeOrmModule.forFeature(OPS_ENTITIES), StaffModule, ReleasesModule, VideoModule, ContentModule],
  controllers: [OpsReviewController, OpsUsersController, OpsAdminController, OpsContentController],
  providers: [IdentifierService, ReleaseReviewService, OpsConsoleService],
  exports: [ReleaseReviewService, OpsConsoleService, IdentifierService],
})
export class OpsModule {}
