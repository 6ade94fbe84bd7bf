import { Controller } from '@nestjs/common';
import { SUPPORT_ENDPOINTS as E, type UpdateProfileDto } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import { ValidBody } from '../../common/http/validation.pipe';
import type { AuthUser } from '../../common/request-context';
import { ProfileService } from './profile.service';

/** The caller's profile edits (areas §2, §5, §7 updateUserProfile). */
@Controller()
export class ProfileController {
  constructor(private readonly profile: ProfileService) {}

  /** POST /api/updateUserProfile `{phone}` | `{address}` | `{password, confirmPassword}` → body UserDetails (+ `token` after a password change). Errors: 400. */
  @Endpoint(E.updateUserProfile)
  async update(@CurrentUser() user: AuthUser, @ValidBody(E.updateUserProfile) dto: UpdateProfileDto) {
    const { message, details, token } = await this.profile.update(user.id, dto);
    return ok(message, { body: details, ...(token ? { token } : {}) });
  }
}
