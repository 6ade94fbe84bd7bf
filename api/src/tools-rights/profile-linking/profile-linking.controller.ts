import { Controller } from '@nestjs/common';
import { TOOLS_MESSAGES as M, TOOLS_RIGHTS_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody, ValidQuery } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ProfileLinkingService } from './profile-linking.service';

/** Profile linking (areas §2 Tools screen, profile-linking mode; §5; §7). */
@Controller()
export class ProfileLinkingController {
  constructor(private readonly service: ProfileLinkingService) {}

  /** POST /api/submitProfileLinking → message "Submission successful.", body { id }. Errors: 400 (areas §5 messages), 404. */
  @Endpoint(E.submitProfileLinking)
  async submit(@CurrentUser() user: AuthUser, @ValidBody(E.submitProfileLinking) dto: EndpointRequest<typeof E.submitProfileLinking>) {
    return ok(M.submitted, { body: await this.service.submit(user.id, dto) });
  }

  /** GET /api/getProfileLinkingHistory?limit&offset|page → body ProfileLinkingRow[], total. */
  @Endpoint(E.getProfileLinkingHistory)
  async history(@CurrentUser() user: AuthUser, @ValidQuery(E.getProfileLinkingHistory) query: EndpointRequest<typeof E.getProfileLinkingHistory>) {
    const { rows, total } = await this.service.history(user.id, query);
    return ok(M.historyLoaded, { body: rows, total });
  }
}
