import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { VideoModule } from '../video/video.module';
import { ContentModule } from '../content/content.module';
import { SupportModule } from '../support/support.module';
import { ToolsRightsModule } from '../tools-rights/tools-rights.module';
import { OpsContentService } from './console/ops-content.service';
import { OpsDeskService } from './console/ops-desk.service';
import { IdentifiersModule } from './identifiers/identifiers.module';
import { OPS_ENTITIES } from './ops.entities';
import { OpsConsoleService } from './console/ops-console.service';
import { OpsAdminController, OpsContentController, OpsPayoutsController, OpsReviewController, OpsRightsController, OpsTicketsController, OpsUsersController } from './console/ops.controllers';
import { ReleaseReviewService } from './review/release-review.service';
import { StaffModule } from './staff/staff.module';
import { DistributionModule } from '../distribution/distribution.module';
import { OpsJobsController } from './jobs/ops-jobs.controller';
import { OpsSupportDeskController } from './console/ops-support-desk.controller';
import { OpsSupportDeskService } from './console/ops-support-desk.service';

/** The operations console's API (docs/decisions/008, `/api/ops/*`): release and video review, platform, users, content and promotions, desk, audit. */
@Module({
  imports: [TypeOrmModule.forFeature(OPS_ENTITIES), StaffModule, IdentifiersModule, ReleasesModule, VideoModule, ContentModule, SupportModule, ToolsRightsModule, DistributionModule],
  controllers: [OpsReviewController, OpsUsersController, OpsAdminController, OpsContentController, OpsTicketsController, OpsPayoutsController, OpsRightsController, OpsSupportDeskController, OpsJobsController],
  providers: [ReleaseReviewService, OpsConsoleService, OpsDeskService, OpsSupportDeskService, OpsContentService],
  exports: [ReleaseReviewService, OpsConsoleService, IdentifiersModule, OpsContentService],
})
export class OpsModule {}
