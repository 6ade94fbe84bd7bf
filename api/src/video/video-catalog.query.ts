import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { pageOffset, type VideoCatalogQueryDto, type VideoCatalogRow } from '@portal/contracts';
import { escapeLike, hasControlCharacter } from '../common/db/like-search';
import { VideoReleaseEntity } from './entities/video-release.entity';
import { thumbnailUrl } from './thumbnails.service';

/**
 * The video catalogue of one user (areas §2 /video-catalog): every query starts with `user_id = ?` and
 * reads the (user_id, [status,] created_at) indexes of migration Video1764000000000; a search matches
 * the lowercase `search_text` (title, audio title, actor, actress) of that user's rows only.
 */
@Injectable()
export class VideoCatalogQuery {
  constructor(@InjectRepository(VideoReleaseEntity) private readonly videos: Repository<VideoReleaseEntity>) {}

  /** Rows (newest first) and total of the caller's videos for a query validated by videoCatalogQuerySchema. */
  async list(userId: number, params: VideoCatalogQueryDto): Promise<{ rows: VideoCatalogRow[]; total: number }> {
    const where = this.videos.createQueryBuilder('v').where('v.user_id = :userId', { userId });
    if (params.status) where.andWhere('v.status = :status', { status: params.status });
    const search = params.search.toLowerCase();
    if (hasControlCharacter(search)) return { rows: [], total: 0 };
    if (search) where.andWhere("v.search_text LIKE :search ESCAPE '!'", { search: `%${escapeLike(search)}%` });
    const [rows, total] = await where
      .clone()
      .orderBy('v.created_at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .limit(params.limit)
      .offset(pageOffset(params))
      .getManyAndCount();
    return { rows: rows.map(toRow), total };
  }
}

/** A stored video as a catalogue row (thumbnail as its public URL path). */
export function toRow(v: VideoReleaseEntity): VideoCatalogRow {
  return {
    video_id: v.id,
    release_id: v.release_id,
    audio_id: v.audio_id,
    status: v.status,
    reason: v.reason,
    thumbnail: thumbnailUrl(v.thumbnail),
    release_title: v.release_title,
    audio_title: v.audio_title,
    actor: v.actor,
    actress: v.actress,
    release_date: v.release_date,
    video_upc: v.video_upc,
    video_isrc: v.video_isrc,
    download_link: v.download_link,
  };
}
