import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ReleasesModule } from '../releases/releases.module';
import { IdentifiersModule } from '../identifiers/identifiers.module';
import { StorageModule } from '../storage/storage.module';
import { VideoReleaseEntity } from './entities/video-release.entity';
import { VideoThumbnailEntity } from './entities/video-thumbnail.entity';
import { ThumbnailsService } from './thumbnails.service';
import { VideoCatalogQuery } from './video-catalog.query';
import { VideoController } from './video.controller';
import { VideoReleasesService } from './video-releases.service';
import { VIDEO_COMMANDS } from './video.cli';
import { AuditModule } from '../audit/audit.module';

/**
 * The video releases area (remote mfe_releases: /create_video_releases, /video-catalog; areas §2-§9).
 * Reads the audio area's releases and tracks (ownership, titles) and uses its gate; writes only its
 * own tables (video_releases, video_thumbnails); the video UPC/ISRC are claimed in the identifier
 * registry (IdentifiersModule, docs/decisions/016).
 */
@Module({
  imports: [TypeOrmModule.forFeature([VideoReleaseEntity, VideoThumbnailEntity]), StorageModule, ReleasesModule, IdentifiersModule, AuditModule],
  controllers: [VideoController],
  providers: [VideoReleasesService, VideoCatalogQuery, ThumbnailsService, ...VIDEO_COMMANDS],
  exports: [VideoReleasesService, ThumbnailsService],
})
export class VideoModule {}
