import { Inject, Injectable } from '@nestjs/common';
import { fillMessage, RELEASE_MESSAGES as M } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { PlatformStatusService } from '../../platform-status/platform-status.service';
import { UsersService } from '../../users/users.service';

/**
 * The gates of core §1 and §6 on the server: release creation and editing are blocked while away
 * mode is on, and for a revoked user. Checked in the wizard's order: away first, then revoked.
 */
@Injectable()
export class ReleaseGateService {
  constructor(
    private readonly platform: PlatformStatusService,
    private readonly users: UsersService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Throws 403 with the away text (or RELEASE_MESSAGES.awayBlocked when the text is empty) while away
   * mode is on; 403 with the revoked text of core §6 ({email} filled with SUPPORT_EMAIL) for a revoked user.
   */
  async assertCanCreate(userId: number): Promise<void> {
    const away = await this.platform.away();
    if (away.status === 'yes') throw DomainError.forbidden(away.text.trim() || M.awayBlocked);
    if (await this.users.isRevoked(userId)) throw DomainError.forbidden(fillMessage(M.revoked, { email: this.config.supportEmail }));
  }
}
