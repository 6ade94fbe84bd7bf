import { Controller } from '@nestjs/common';
import { CONSOLE_NAV_ENDPOINTS as E, CONSOLE_NAV_MESSAGES as M } from '@portal/contracts';
import { CurrentUser } from '../../common/auth.decorators';
import { ok } from '../../common/envelope';
import { Endpoint } from '../../common/http/endpoint.decorator';
import type { AuthUser } from '../../common/request-context';
import { ConsoleHomeService } from './console-home.service';

/**
 * The console home's counts (docs/decisions/040): any staff role after TOTP; each queue only for its
 * role, so the role check is the service's (StaffGuard checks one role per route).
 */
@Controller()
export class ConsoleHomeController {
  constructor(private readonly home: ConsoleHomeService) {}

  /** GET /api/ops/console/home → ConsoleHome (queues with count, oldest_at, oldest_age_minutes; artist_use). Errors: 401, 403. */
  @Endpoint(E.consoleHome)
  async get(@CurrentUser() user: AuthUser) {
    return ok(M.home, { body: await this.home.home(user) });
  }
}
