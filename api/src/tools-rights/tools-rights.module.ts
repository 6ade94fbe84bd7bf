import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { StorageModule } from '../storage/storage.module';
import { LrcUploadsService } from './lyrics/lrc-uploads.service';
import { LrcUploadEntity, LyricsEntity } from './lyrics/lyrics.entity';
import { LyricsController } from './lyrics/lyrics.controller';
import { LyricsService } from './lyrics/lyrics.service';
import { PlaylistPitchController } from './playlist-pitch/playlist-pitch.controller';
import { PlaylistPitchEntity } from './playlist-pitch/playlist-pitch.entity';
import { PlaylistPitchService } from './playlist-pitch/playlist-pitch.service';
import { ProfileLinkingController } from './profile-linking/profile-linking.controller';
import { ProfileLinkingEntity } from './profile-linking/profile-linking.entity';
import { ProfileLinkingService } from './profile-linking/profile-linking.service';
import { PromotionEntity, PromotionImageEntity } from './promotions/promotion.entity';
import { PromotionsController } from './promotions/promotions.controller';
import { PromotionsService } from './promotions/promotions.service';
import { ReleaseOptionsController } from './release-options/release-options.controller';
import { SubmissionReviewService } from './shared/submission-review.service';
import { UgcClaimEntity } from './ugc-claims/ugc-claim.entity';
import { UgcClaimsController } from './ugc-claims/ugc-claims.controller';
import { UgcClaimsService } from './ugc-claims/ugc-claims.service';
import { WhitelistController } from './whitelist/whitelist.controller';
import { WhitelistEntity } from './whitelist/whitelist.entity';
import { WhitelistService } from './whitelist/whitelist.service';
import { TOOLS_RIGHTS_COMMANDS } from './tools-rights.cli';

/**
 * The tools, rights and promotions area (remote mfe_tools_rights; areas §2–§9): profile linking,
 * playlist pitches, lyrics with LRC uploads, UGC claims, whitelist requests, their histories and
 * review outcomes, and the promotions history. The pickers and ownership checks go through the releases
 * module's exported ReleaseOptionsQuery (it reads no release table itself).
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      ProfileLinkingEntity,
      PlaylistPitchEntity,
      LyricsEntity,
      LrcUploadEntity,
      UgcClaimEntity,
      WhitelistEntity,
      PromotionEntity,
      PromotionImageEntity,
    ]),
    StorageModule,
    ReleasesModule,
  ],
  controllers: [ReleaseOptionsController, ProfileLinkingController, PlaylistPitchController, LyricsController, UgcClaimsController, WhitelistController, PromotionsController],
  providers: [ProfileLinkingService, PlaylistPitchService, LyricsService, LrcUploadsService, UgcClaimsService, WhitelistService, PromotionsService, SubmissionReviewService, ...TOOLS_RIGHTS_COMMANDS],
  exports: [SubmissionReviewService, PromotionsService],
})
export class ToolsRightsModule {}
