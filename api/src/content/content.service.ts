import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { pageOffset, type ContentListQueryDto, type NewsItem, type NewsItemDto, type VideoLink, type VideoLinkDto } from '@portal/contracts';
import { NewsEntity } from './news.entity';
import { VideoLinkEntity } from './video-link.entity';

/**
 * The dashboard's content (areas §2 Dashboard, §3 News item and Video link): read by every logged-in
 * user, newest first; written only by operators (CLI `news`, `video-link`).
 */
@Injectable()
export class ContentService {
  constructor(
    @InjectRepository(NewsEntity) private readonly news: Repository<NewsEntity>,
    @InjectRepository(VideoLinkEntity) private readonly videoLinks: Repository<VideoLinkEntity>,
  ) {}

  /** A page of news (newest first) and the total. */
  async listNews(q: ContentListQueryDto): Promise<{ rows: NewsItem[]; total: number }> {
    const [rows, total] = await this.news.findAndCount({ order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map((n) => ({ news_id: n.id, news_heading: n.news_heading, news_link: n.news_link, created_at: n.created_at.getTime() })), total };
  }

  /** A page of update videos (newest first) and the total; `video_link` is a YouTube video id. */
  async listVideoLinks(q: ContentListQueryDto): Promise<{ rows: VideoLink[]; total: number }> {
    const [rows, total] = await this.videoLinks.findAndCount({ order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map((v) => ({ video_link_id: v.id, video_link: v.video_link, title: v.title, created_at: v.created_at.getTime() })), total };
  }

  /** Add a news item validated by newsItemSchema; answers its id. */
  async addNews(dto: NewsItemDto): Promise<number> {
    return (await this.news.save(this.news.create({ news_heading: dto.news_heading, news_link: dto.news_link }))).id;
  }

  /** Add an update video validated by videoLinkSchema (the id already extracted from a link); answers its id. */
  async addVideoLink(dto: VideoLinkDto): Promise<number> {
    return (await this.videoLinks.save(this.videoLinks.create({ video_link: dto.video_link, title: dto.title ?? '' }))).id;
  }

  /** Remove a news item; false when there was none with that id. */
  async removeNews(id: number): Promise<boolean> {
    return Boolean((await this.news.delete({ id })).affected);
  }

  /** Remove an update video; false when there was none with that id. */
  async removeVideoLink(id: number): Promise<boolean> {
    return Boolean((await this.videoLinks.delete({ id })).affected);
  }
}
