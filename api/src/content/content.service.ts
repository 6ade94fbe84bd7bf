import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { pageOffset, type ContentListQueryDto, type NewsItem, type NewsItemDto, type VideoLink, type VideoLinkDto } from '@portal/contracts';
import { NewsEntity } from './news.entity';
import { VideoLinkEntity } from './video-link.entity';

const newsItem = (n: NewsEntity): NewsItem => ({ news_id: n.id, news_heading: n.news_heading, news_link: n.news_link, created_at: new Date(n.created_at).getTime() });
const videoLink = (v: VideoLinkEntity): VideoLink => ({ video_link_id: v.id, video_link: v.video_link, title: v.title, created_at: new Date(v.created_at).getTime() });

/**
 * The dashboard's content (areas §2 Dashboard, §3 News item and Video link): read by every logged-in
 * user, newest first; written only by operators (console `ops/content/*` and CLI `news`, `video-link`, both through
 * OpsContentService, which audits each change).
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
    return { rows: rows.map(newsItem), total };
  }

  /** A page of update videos (newest first) and the total; `video_link` is a YouTube video id. */
  async listVideoLinks(q: ContentListQueryDto): Promise<{ rows: VideoLink[]; total: number }> {
    const [rows, total] = await this.videoLinks.findAndCount({ order: { id: 'DESC' }, skip: pageOffset(q), take: q.limit });
    return { rows: rows.map(videoLink), total };
  }

  /** Add a news item validated by newsItemSchema; answers its id. */
  async addNews(dto: NewsItemDto): Promise<number> {
    return (await this.news.save(this.news.create({ news_heading: dto.news_heading, news_link: dto.news_link }))).id;
  }

  /** Add an update video validated by videoLinkSchema (the id already extracted from a link); answers its id. */
  async addVideoLink(dto: VideoLinkDto): Promise<number> {
    return (await this.videoLinks.save(this.videoLinks.create({ video_link: dto.video_link, title: dto.title ?? '' }))).id;
  }

  /** One news item, or null when there is none with that id. */
  async getNews(id: number): Promise<NewsItem | null> {
    const n = await this.news.findOne({ where: { id } });
    return n ? newsItem(n) : null;
  }

  /** One update video, or null when there is none with that id. */
  async getVideoLink(id: number): Promise<VideoLink | null> {
    const v = await this.videoLinks.findOne({ where: { id } });
    return v ? videoLink(v) : null;
  }

  /** Change a news item (fields validated by newsItemSchema); answers it, or null when there is none with that id. */
  async updateNews(id: number, dto: NewsItemDto): Promise<NewsItem | null> {
    const res = await this.news.update({ id }, { news_heading: dto.news_heading, news_link: dto.news_link });
    return res.affected ? this.getNews(id) : null;
  }

  /** Change an update video (fields validated by videoLinkSchema); answers it, or null when there is none with that id. */
  async updateVideoLink(id: number, dto: VideoLinkDto): Promise<VideoLink | null> {
    const res = await this.videoLinks.update({ id }, { video_link: dto.video_link, title: dto.title ?? '' });
    return res.affected ? this.getVideoLink(id) : null;
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
