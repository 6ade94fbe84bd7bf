import { Controller } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { WhitelistService } from './whitelist.service';

/** Whitelist (areas §2 Rights screen, whitelist mode; §5; §7). */
@Controller()
export class WhitelistController {
  constructor(private readonly service: WhitelistService) {}

  /** POST /api/submitWhitelist → "Submission successful.", body { id }. Errors: 400 (areas §5, YouTube channel), 409. */
  @Endpoint(E.submitWhitelist)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitWhitelist) dto: EndpointRequest<typeof E.submitWhitelist>) {
    return ok(M.submitted, { body: await this.service.submit(user.id, dto) });
  }

  /** GET /api/getWhitelistHistory?limit&offset|page → body WhitelistRow[], total. */
  @Endpoint(E.getWhitelistHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getWhitelistHistory) query: EndpointRequest<typeof E.getWhitelistHistory>) {
    const { rows, total } = await this.service.history(user.id, query);
    return ok(M.historyLoaded, { body: rows, total });
  }
}
