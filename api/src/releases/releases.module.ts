import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { StorageModule } from '../storage/storage.module';
import { ArtistsController } from './artists.controller';
import { ArtistsService } from './artists.service';
import { CatalogController } from './catalog.controller';
import { CatalogQuery } from './catalog.query';
import { CatalogSeeder } from './catalog-seeder';
import { ArtistEntity } from './entities/artist.entity';
import { PlatformLogoEntity } from './entities/platform-logo.entity';
import { ReleaseEntity } from './entities/release.entity';
import { TrackEntity } from './entities/track.entity';
import { UploadEntity } from './entities/upload.entity';
import { FileTypeSniffer } from './file-type.sniffer';
import { LogosController } from './logos.controller';
import { LogosService } from './logos.service';
import { ReleaseGateService } from './release-gate.service';
import { ReleasesController } from './releases.controller';
import { ReleasesService } from './releases.service';
import { TracksController } from './tracks.controller';
import { TracksService } from './tracks.service';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';

/**
 * The audio releases area (remote mfe_releases): artists, the release wizard, tracks, uploads and
 * their files, platforms, submission and the catalogue (core §2 to §9).
 */
@Module({
  imports: [TypeOrmModule.forFeature([ArtistEntity, ReleaseEntity, TrackEntity, UploadEntity, PlatformLogoEntity]), StorageModule],
  controllers: [ArtistsController, ReleasesController, TracksController, CatalogController, UploadsController, LogosController],
  providers: [ArtistsService, ReleasesService, TracksService, CatalogQuery, UploadsService, LogosService, ReleaseGateService, CatalogSeeder, FileTypeSniffer],
  exports: [ReleasesService, ArtistsService, UploadsService, LogosService, ReleaseGateService, CatalogSeeder],
})
export class ReleasesModule {}
