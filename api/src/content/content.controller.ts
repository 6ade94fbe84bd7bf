import { Controller } from '@nestjs/common';
import { CONTENT_ENDPOINTS as E, CONTENT_MESSAGES as M, type ContentListQueryDto } from '@portal/contracts';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import { ContentService } from './content.service';

/** The dashboard lists (areas §2 Dashboard, §7 getNews, getVideoLinks): see CONTENT_ENDPOINTS for shapes. */
@Controller()
export class ContentController {
  constructor(private readonly content: ContentService) {}

  /** GET /api/getNews → body NewsItem[] newest first, total. */
  @Endpoint(E.getNews)
  async news(@ValidQuery(E.getNews) query: ContentListQueryDto) {
    const { rows, total } = await this.content.listNews(query);
    return ok(M.newsList, { body: rows, total });
  }

  /** GET /api/getVideoLinks → body VideoLink[] newest first, total. */
  @Endpoint(E.getVideoLinks)
  async videoLinks(@ValidQuery(E.getVideoLinks) query: ContentListQueryDto) {
    const { rows, total } = await this.content.listVideoLinks(query);
    return ok(M.videoLinksList, { body: rows, total });
  }
}
