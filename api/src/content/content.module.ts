import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContentController } from './content.controller';
import { ContentService } from './content.service';
import { LegalService } from './legal/legal.service';
import { NewsEntity } from './news.entity';
import { VideoLinkEntity } from './video-link.entity';

/** The dashboard's content (remote mfe_support: /; areas §2 Dashboard): news and update videos. */
@Module({
  imports: [TypeOrmModule.forFeature([NewsEntity, VideoLinkEntity])],
  controllers: [ContentController],
  providers: [ContentService, LegalService],
  exports: [ContentService],
})
export class ContentModule {}
