import { contentListQuerySchema, newsDocSchema, videoLinkDocSchema } from './content.schemas';
import type { ServerDocs } from '../common/endpoint-server';

/** Validation and documentation of CONTENT_ENDPOINTS (docs/decisions/014), keyed by the same names. */
export const CONTENT_SERVER = {
  getNews: {
    summary: 'Dashboard news, newest first',
    description: 'areas §2 Dashboard, §7: body { news_id, news_heading, news_link, created_at (epoch ms) }[], total; limit 20 by default (at most 100), offset or page.',
    query: contentListQuerySchema,
    response: newsDocSchema,
    errors: [],
  },
  getVideoLinks: {
    summary: 'Dashboard update videos (YouTube ids), newest first',
    description: 'areas §2 Dashboard, §7: body { video_link_id, video_link (a YouTube video id), title, created_at (epoch ms) }[], total; paging as getNews.',
    query: contentListQuerySchema,
    response: videoLinkDocSchema,
    errors: [],
  },
} satisfies ServerDocs;
