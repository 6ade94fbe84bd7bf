import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DistributionModule } from '../distribution/distribution.module';
import { ReleasesModule } from '../releases/releases.module';
import { PublicPageController } from './public-page.controller';
import { PUBLIC_PAGE_COMMANDS } from './public-page.cli';
import { PUBLIC_PAGE_ENTITIES } from './public-page.entities';
import { PublicPageHttp } from './public-page.http';
import { PublicPageReleaseDayJob } from './public-page.job';
import { PublicPageService } from './public-page.service';
import { StoreLinks } from './store-links';

/**
 * The public page of each approved release, `/r/<slug>` (issue 39 §4, docs/decisions/037): served by the
 * API itself (PublicPageHttp, mounted by app.factory.ts ahead of the shell), not by a remote, so it stays
 * up while every remote is down. Reads releases and live store links through those modules' services.
 */
@Module({
  imports: [TypeOrmModule.forFeature(PUBLIC_PAGE_ENTITIES), ReleasesModule, DistributionModule],
  controllers: [PublicPageController],
  providers: [PublicPageService, PublicPageHttp, PublicPageReleaseDayJob, StoreLinks, ...PUBLIC_PAGE_COMMANDS],
  exports: [PublicPageService, PublicPageHttp],
})
export class PublicPageModule {}
