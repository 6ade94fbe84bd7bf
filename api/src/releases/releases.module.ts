import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageModule } from '../storage/storage.module';
import { IdentifiersModule } from '../identifiers/identifiers.module';
import { ArtistsController } from './artists/artists.controller';
import { ArtistsService } from './artists/artists.service';
import { CatalogController } from './catalog/catalog.controller';
import { CatalogQuery } from './catalog/catalog.query';
import { CatalogSnapshots } from './catalog/catalog-snapshots';
import { ReleaseOptionsQuery } from './catalog/release-options.query';
import { CatalogCodes } from './catalog/catalog-codes';
import { ReleaseReviewRecords } from './review/release-review-records';
import { ArtistEntity } from './entities/artist.entity';
import { PlatformLogoEntity } from './entities/platform-logo.entity';
import { ReleaseEntity } from './entities/release.entity';
import { ReleaseCountEntity } from './entities/release-count.entity';
import { TrackEntity } from './entities/track.entity';
import { UploadEntity } from './entities/upload.entity';
import { ReleaseReviewEntity } from './entities/release-review.entity';
import { LogosController } from './logos/logos.controller';
import { LogosService } from './logos/logos.service';
import { ReleaseGateService } from './release-info/release-gate.service';
import { ReleasesController } from './release-info/releases.controller';
import { ReleasesService } from './release-info/releases.service';
import { TracksController } from './tracks/tracks.controller';
import { TracksService } from './tracks/tracks.service';
import { UploadsController } from './uploads/uploads.controller';
import { UploadsService } from './uploads/uploads.service';
import { TusUploads } from './uploads/tus-uploads';
import { ArtworkRenditions } from './uploads/artwork-renditions';
import { UploadSweeper } from './uploads/upload-sweeper';
import { TrackDraftEntity } from './track-drafts/track-draft.entity';
import { TrackDraftsController } from './track-drafts/track-drafts.controller';
import { TrackDraftsService } from './track-drafts/track-drafts.service';
import { RELEASES_COMMANDS } from './releases.cli';
import { ReleaseChangeEntity } from './entities/release-change.entity';
import { ReleaseChangesController } from './changes/release-changes.controller';
import { ReleaseChangesService } from './changes/release-changes.service';

/**
 * The audio releases area (remote mfe_releases): artists, the release wizard, tracks, uploads and
 * their files, platforms, submission and the catalogue (core §2 to §9).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ArtistEntity, ReleaseEntity, ReleaseCountEntity, TrackEntity, UploadEntity, PlatformLogoEntity, ReleaseReviewEntity, TrackDraftEntity, ReleaseChangeEntity]), StorageModule, IdentifiersModule],
  controllers: [ArtistsController, ReleasesController, TracksController, CatalogController, UploadsController, LogosController, TrackDraftsController, ReleaseChangesController],
  providers: [ArtistsService, ReleasesService, TracksService, CatalogQuery, CatalogSnapshots, UploadsService, ArtworkRenditions, LogosService, ReleaseGateService, UploadSweeper, TrackDraftsService, TusUploads, ReleaseOptionsQuery, ReleaseReviewRecords, CatalogCodes, ReleaseChangesService, ...RELEASES_COMMANDS],
  exports: [ReleasesService, ReleaseChangesService, ReleaseOptionsQuery, ReleaseReviewRecords, CatalogCodes, ArtistsService, UploadsService, TusUploads, LogosService, ReleaseGateService],
})
export class ReleasesModule {}
