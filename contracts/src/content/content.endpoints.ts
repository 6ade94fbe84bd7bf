import { defineEndpoint } from '../common/endpoint';
import { contentListQuerySchema, newsDocSchema, videoLinkDocSchema, type ContentListQueryDto } from './content.schemas';
import type { NewsItem, VideoLink } from './content.types';
import { NEWS_PATH, VIDEO_LINKS_PATH } from './content.request';

/**
 * The dashboard's wire map (areas §2 Dashboard, §3, §7). The rows are filled by operators (CLI
 * `news` and `video-link`); a fresh install has a small default set from its migration.
 */
export const CONTENT_ENDPOINTS = {
  getNews: defineEndpoint<Partial<ContentListQueryDto>, NewsItem[]>({
    method: 'GET',
    path: NEWS_PATH,
    access: 'user',
    tag: 'content',
    summary: 'Dashboard news, newest first',
    description: 'areas §2 Dashboard, §7: body { news_id, news_heading, news_link, created_at (epoch ms) }[], total; limit 20 by default (at most 100), offset or page.',
    query: contentListQuerySchema,
    response: newsDocSchema,
    list: true,
    errors: [],
  }),
  getVideoLinks: defineEndpoint<Partial<ContentListQueryDto>, VideoLink[]>({
    method: 'GET',
    path: VIDEO_LINKS_PATH,
    access: 'user',
    tag: 'content',
    summary: 'Dashboard update videos (YouTube ids), newest first',
    description: 'areas §2 Dashboard, §7: body { video_link_id, video_link (a YouTube video id), title, created_at (epoch ms) }[], total; paging as getNews.',
    query: contentListQuerySchema,
    response: videoLinkDocSchema,
    list: true,
    errors: [],
  }),
} as const;
