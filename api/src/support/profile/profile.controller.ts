import { Controller } from '@nestjs/common';
import { AUTH_ENDPOINTS, SUPPORT_ENDPOINTS as E, type EndpointRequest } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { StepUpService } from '../../auth/step-up.service';
import { ProfileService } from './profile.service';

/** The caller's details with their balance (core §7 getUserDetails) and profile edits (areas §2, §5, §7 updateUserProfile). */
@Controller()
export class ProfileController {
  constructor(
    private readonly profile: ProfileService,
    private readonly stepUp: StepUpService,
  ) {}

  /** GET /api/getUserDetails → body `{ user_id, name, email, phone, address, revenue (USD), conversionRate }`. */
  @Endpoint(AUTH_ENDPOINTS.getUserDetails)
  async details(@CurrentUser() user: AuthUser) {
    return ok('User details.', { body: await this.profile.details(user.id) });
  }

  /**
   * POST /api/updateUserProfile `{phone}` | `{address}` | `{password, confirmPassword}` → body UserDetails
   * (+ `token` after a password change). A password change needs a login within 15 minutes or
   * `current_password` (step-up, decision 022). Errors: 400; 403 stepUpRequired / stepUpWrongPassword.
   */
  @Endpoint(E.updateUserProfile)
  async update(@CurrentUser() user: AuthUser, @ValidBody(E.updateUserProfile) dto: EndpointRequest<typeof E.updateUserProfile>) {
    if (dto.password !== undefined) await this.stepUp.assert(user, dto.current_password);
    const { message, details, token } = await this.profile.update(user.id, dto);
    return ok(message, { body: details, ...(token ? { token } : {}) });
  }
}
