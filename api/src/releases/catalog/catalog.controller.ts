import { Controller } from '@nestjs/common';
import { RELEASE_ENDPOINTS as E, RELEASE_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { CatalogQuery } from './catalog.query';
import { ReleasesService } from '../release-info/releases.service';

/** The audio catalogue and release detail (core §2 /catalog, /catalog/{id}; §7; §9). Per user only. */
@Controller()
export class CatalogController {
  constructor(
    private readonly catalog: CatalogQuery,
    private readonly releases: ReleasesService,
  ) {}

  /** GET /api/getCatelogListWeb → body CatalogRow[], total = rows matching (see RELEASE_ENDPOINTS.getCatelogListWeb). */
  @Endpoint(E.getCatelogListWeb)
  async list(@CurrentUser() user: AuthUser, @ValidQuery(E.getCatelogListWeb) query: EndpointRequest<typeof E.getCatelogListWeb>) {
    const { rows, total } = await this.catalog.list(user.id, query);
    return ok(M.catalogList, { body: rows, total });
  }

  /** GET /api/getCatelogById?release_id → body Release with `audios`. Errors: 404. */
  @Endpoint(E.getCatelogById)
  async byId(@CurrentUser() user: AuthUser, @ValidQuery(E.getCatelogById) query: EndpointRequest<typeof E.getCatelogById>) {
    return ok(M.releaseLoaded, { body: await this.releases.read(user.id, query.release_id) });
  }
}
