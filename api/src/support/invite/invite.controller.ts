import { Controller } from '@nestjs/common';
import { SUPPORT_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { InviteService } from './invite.service';

/** Invite (areas §2, §5, §7 "invite send"). */
@Controller()
export class InviteController {
  constructor(private readonly invites: InviteService) {}

  /** POST /api/sendInvite `{ email, name }` → message. Errors: 400, 429. */
  @Endpoint(E.sendInvite)
  async send(@CurrentUser() user: AuthUser, @ValidBody(E.sendInvite) dto: EndpointRequest<typeof E.sendInvite>) {
    return ok(await this.invites.send(user.id, dto));
  }
}
