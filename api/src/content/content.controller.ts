import { Controller, Param } from '@nestjs/common';
import { CONTENT_ENDPOINTS as E, CONTENT_MESSAGES as M, LEGAL_ENDPOINTS, LEGAL_MESSAGES, SERVER_MESSAGES, type EndpointRequest } from '@portal/contracts';
import { DomainError } from '../common/domain-error';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import { ContentService } from './content.service';
import { LegalService } from './legal/legal.service';

/** The dashboard lists (areas §2 Dashboard, §7 getNews, getVideoLinks): see CONTENT_ENDPOINTS for shapes. */
@Controller()
export class ContentController {
  constructor(
    private readonly content: ContentService,
    private readonly legal: LegalService,
  ) {}

  /** GET /api/legal/:page (public) → body LegalDocument of terms or privacy; 404 for another page (docs/decisions/017). */
  @Endpoint(LEGAL_ENDPOINTS.getLegalPage)
  async legalPage(@Param('page') page: string) {
    if (!this.legal.isPage(page)) throw DomainError.notFound(SERVER_MESSAGES.notFound);
    return ok(LEGAL_MESSAGES.page, { body: await this.legal.page(page) });
  }

  /** GET /api/getNews → body NewsItem[] newest first, total. */
  @Endpoint(E.getNews)
  async news(@ValidQuery(E.getNews) query: EndpointRequest<typeof E.getNews>) {
    const { rows, total } = await this.content.listNews(query);
    return ok(M.newsList, { body: rows, total });
  }

  /** GET /api/getVideoLinks → body VideoLink[] newest first, total. */
  @Endpoint(E.getVideoLinks)
  async videoLinks(@ValidQuery(E.getVideoLinks) query: EndpointRequest<typeof E.getVideoLinks>) {
    const { rows, total } = await this.content.listVideoLinks(query);
    return ok(M.videoLinksList, { body: rows, total });
  }
}
