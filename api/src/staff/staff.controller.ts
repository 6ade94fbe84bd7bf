import { Controller } from '@nestjs/common';
import { OPS_ENDPOINTS as E, OPS_MESSAGES as M, type EndpointRequest } from '@portal/contracts';
import { ok } from '../common/envelope';
import { CurrentUser } from '../common/auth.decorators';
import type { AuthUser } from '../common/request-context';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ValidBody } from '../common/http/validation.pipe';
import { StaffService } from './staff.service';

/** Before the console (docs/decisions/008): who the caller is, TOTP enrolment and the second factor of this session. */
@Controller()
export class StaffController {
  constructor(private readonly staff: StaffService) {}

  @Endpoint(E.staffSession)
  async session(@CurrentUser() user: AuthUser) {
    return ok(M.staffSession, { body: await this.staff.session(user) });
  }

  @Endpoint(E.staffTotpEnrol)
  async enrol(@CurrentUser() user: AuthUser) {
    return ok(M.totpEnrolment, { body: await this.staff.enrol(user) });
  }

  @Endpoint(E.staffTotpVerify)
  async verify(@CurrentUser() user: AuthUser, @ValidBody(E.staffTotpVerify) body: EndpointRequest<typeof E.staffTotpVerify>) {
    return ok(M.totpVerified, { body: await this.staff.verify(user, body.code) });
  }
}
