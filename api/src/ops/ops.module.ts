import { Module } from '@nestjs/common';
import { ReleasesModule } from '../releases/releases.module';
import { VideoModule } from '../video/video.module';
import { ContentModule } from '../content/content.module';
import { SupportModule } from '../support/support.module';
import { ToolsRightsModule } from '../tools-rights/tools-rights.module';
import { OpsContentService } from './console/ops-content.service';
import { OpsDeskService } from './console/ops-desk.service';
import { IdentifiersModule } from '../identifiers/identifiers.module';
import { OpsConsoleService } from './console/ops-console.service';
import { OpsReviewController } from './console/ops-review.controller';
import { OpsUsersController } from './console/ops-users.controller';
import { OpsAdminController } from './console/ops-admin.controller';
import { OpsContentController } from './console/ops-content.controller';
import { OpsTicketsController } from './console/ops-tickets.controller';
import { OpsPayoutsController } from './console/ops-payouts.controller';
import { OpsRightsController } from './console/ops-rights.controller';
import { ReleaseReviewService } from './review/release-review.service';
import { StaffModule } from '../staff/staff.module';
import { DistributionModule } from '../distribution/distribution.module';
import { OpsJobsController } from './jobs/ops-jobs.controller';
import { OpsHealthController } from './health/ops-health.controller';
import { OpsSupportDeskController } from './console/ops-support-desk.controller';
import { OpsSupportDeskService } from './console/ops-support-desk.service';
import { OPS_COMMANDS } from './ops.cli';
import { RoyaltiesModule } from '../royalties/royalties.module';
import { ConsoleHomeController } from './console-home/console-home.controller';
import { ConsoleHomeService } from './console-home/console-home.service';

/** The operations console's API (docs/decisions/008, `/api/ops/*`): release and video review, platform, users, content and promotions, desk, audit. */
@Module({
  imports: [StaffModule, IdentifiersModule, ReleasesModule, VideoModule, ContentModule, SupportModule, ToolsRightsModule, DistributionModule, RoyaltiesModule],
  controllers: [OpsReviewController, OpsUsersController, OpsAdminController, OpsContentController, OpsTicketsController, OpsPayoutsController, OpsRightsController, OpsSupportDeskController, OpsJobsController, ConsoleHomeController, OpsHealthController],
  providers: [ReleaseReviewService, OpsConsoleService, OpsDeskService, OpsSupportDeskService, OpsContentService, ConsoleHomeService, ...OPS_COMMANDS],
  exports: [ReleaseReviewService, OpsConsoleService, IdentifiersModule, OpsContentService],
})
export class OpsModule {}
