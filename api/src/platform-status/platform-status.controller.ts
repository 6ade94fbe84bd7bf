import { Controller, Inject } from '@nestjs/common';
import { AUTH_ENDPOINTS as E } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ok } from '../common/envelope';
import { Endpoint } from '../common/http/endpoint.decorator';
import { PlatformStatusService } from './platform-status.service';

/** Platform-wide state the browser reads: away mode (core §3, §6) and public settings. */
@Controller()
export class PlatformStatusController {
  constructor(
    private readonly platform: PlatformStatusService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** GET /api/checkAwayStatus → body `{ status: 'yes' | 'no', text }` (core §3, §6). */
  @Endpoint(E.checkAwayStatus)
  async away() {
    return ok('Away status.', { body: await this.platform.away() });
  }

  /** GET /api/getAppConfig (public) → body `{ support_email, public_site_url }` for texts with {email}. */
  @Endpoint(E.getAppConfig)
  appConfig() {
    return ok('App config.', { body: { support_email: this.config.supportEmail, public_site_url: this.config.publicSiteUrl } });
  }
}
