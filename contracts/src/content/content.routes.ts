import type * as yup from 'yup';
import type { contentListQuerySchema } from './content.schemas';
import type { NewsItem, VideoLink } from './content.types';
import { NEWS_PATH, VIDEO_LINKS_PATH } from './content.request';
import { defineRoute } from '../common/endpoint';

/**
 * The dashboard's wire map (areas §2 Dashboard, §3, §7). The rows are filled by operators (CLI
 * `news` and `video-link`); a fresh install has a small default set from its migration.
 */
export const CONTENT_ENDPOINTS = {
  getNews: defineRoute<yup.InferType<typeof contentListQuerySchema>, NewsItem[], 'GET'>({ method: 'GET', path: NEWS_PATH, access: 'user', tag: 'content', list: true }),
  getVideoLinks: defineRoute<yup.InferType<typeof contentListQuerySchema>, VideoLink[], 'GET'>({ method: 'GET', path: VIDEO_LINKS_PATH, access: 'user', tag: 'content', list: true }),
} as const;
