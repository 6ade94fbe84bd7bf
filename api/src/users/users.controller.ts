import { Controller, Get, Inject } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ok } from '../common/envelope';
import type { AuthUser } from '../common/request-context';
import { CurrentUser, Public } from '../common/auth.decorators';
import { PlatformStatusService } from '../platform-status/platform-status.service';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(
    private readonly users: UsersService,
    private readonly platform: PlatformStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/getUserDetails → body `{ user_id, name, email, phone, address, revenue (USD), conversionRate }`. */
  @Get('getUserDetails')
  @ApiOperation({ summary: 'The caller’s profile, revenue (USD) and USD→INR conversion rate' })
  async details(@CurrentUser() user: AuthUser) {
    return ok('User details.', { body: await this.users.details(user.id) });
  }

  /** GET /api/checkAwayStatus → body `{ status: 'yes' | 'no', text }` (core §3, §6). */
  @Get('checkAwayStatus')
  @ApiOperation({ summary: 'Away / maintenance mode and its text' })
  async away() {
    return ok('Away status.', { body: await this.platform.away() });
  }

  /** GET /api/checkUserRevokeStatus → top-level `revoked: 0 | 1` (core §3, §6). */
  @Get('checkUserRevokeStatus')
  @ApiOperation({ summary: 'Whether the caller is revoked (1 blocks release creation)' })
  async revoked(@CurrentUser() user: AuthUser) {
    const revoked = (await this.users.isRevoked(user.id)) ? 1 : 0;
    return ok('Revoke status.', { revoked, body: { revoked } });
  }

  /** GET /api/getAppConfig (public) → body `{ support_email, public_site_url }` for texts with {email}. */
  @Public()
  @Get('getAppConfig')
  @ApiOperation({ summary: 'Public settings the browser needs (support address)' })
  appConfig() {
    return ok('App config.', { body: { support_email: this.config.supportEmail, public_site_url: this.config.publicSiteUrl } });
  }
}
