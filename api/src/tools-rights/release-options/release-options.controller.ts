import { Controller } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ReleaseOptionsQuery } from '../../releases/catalog/release-options.query';

/** Select Release and Select Audio of the tools and rights screens (areas §2, §3, §7). */
@Controller()
export class ReleaseOptionsController {
  constructor(private readonly options: ReleaseOptionsQuery) {}

  /** GET /api/getReleaseTitles → body ReleaseOption[] (submitted releases, newest first), total. */
  @Endpoint(E.getReleaseTitles)
  async releases(@CurrentUser() user: AuthUser) {
    const body = await this.options.submitted(user.id);
    return ok(M.releasesLoaded, { body, total: body.length });
  }

  /** GET /api/getReleaseTitlesPlaylist → body UpcomingReleaseOption[] (release date ahead, soonest first), total. */
  @Endpoint(E.getReleaseTitlesPlaylist)
  async upcoming(@CurrentUser() user: AuthUser) {
    const body = await this.options.upcoming(user.id, Date.now());
    return ok(M.releasesLoaded, { body, total: body.length });
  }

  /** GET /api/getReleaseAudioTitles?release_id → body AudioOption[], total. Errors: 404. */
  @Endpoint(E.getReleaseAudioTitles)
  async audios(@CurrentUser() user: AuthUser, @ValidQuery(E.getReleaseAudioTitles) query: EndpointRequest<typeof E.getReleaseAudioTitles>) {
    const body = await this.options.audios(user.id, query.release_id);
    return ok(M.audiosLoaded, { body, total: body.length });
  }
}
