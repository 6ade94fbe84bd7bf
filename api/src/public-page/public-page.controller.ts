import { Controller } from '@nestjs/common';
import { PUBLIC_PAGE_ENDPOINTS as E, PUBLIC_PAGE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../common/auth.decorators';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidQuery } from '../common/http/validation.pipe';
import type { AuthUser } from '../common/request-context';
import { PublicPageService } from './public-page.service';

/** The artist's half of the public page (issue 39 §4): its address and counts, on the release page's card. */
@Controller()
export class PublicPageController {
  constructor(private readonly pages: PublicPageService) {}

  /**
   * GET /api/getPublicPage?release_id → `{ slug, path, state, visits, clicks[{store, clicks}], presaves }`,
   * the page made on first ask. Errors: 400 malformed id is 404 (idField); 404 another user's or an
   * unknown release; 409 `not_approved` for a release that is not approved.
   */
  @Endpoint(E.getPublicPage)
  async get(@CurrentUser() user: AuthUser, @ValidQuery(E.getPublicPage) q: EndpointRequest<typeof E.getPublicPage>) {
    return ok(M.page, { body: await this.pages.statsFor(user.id, q.release_id) });
  }
}
