import { Controller } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { UgcClaimsService } from './ugc-claims.service';

/** UGC claims (areas §2 Rights screen, UGC mode; §5; §7). */
@Controller()
export class UgcClaimsController {
  constructor(private readonly service: UgcClaimsService) {}

  /** POST /api/submitUGCClaim → "Submission successful.", body { id }. Errors: 400 (areas §5, duplicate URL), 404. */
  @Endpoint(E.submitUGCClaim)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitUGCClaim) dto: EndpointRequest<typeof E.submitUGCClaim>) {
    return ok(M.submitted, { body: await this.service.submit(user.id, dto) });
  }

  /** GET /api/getUGCClaimHistory?limit&offset|page → body UgcClaimRow[], total. */
  @Endpoint(E.getUGCClaimHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getUGCClaimHistory) query: EndpointRequest<typeof E.getUGCClaimHistory>) {
    const { rows, total } = await this.service.history(user.id, query);
    return ok(M.historyLoaded, { body: rows, total });
  }
}
