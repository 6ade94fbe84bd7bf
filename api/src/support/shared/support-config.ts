import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, defaultPortalUrl, type AppConfig } from '../../config/app-config';
import { PlatformStatusService } from '../../platform-status/platform-status.service';

/**
 * Settings of the support area. `portalUrl` is the absolute address used in e-mailed links (invite
 * sign-up link, ticket link): PORTAL_URL as the config module read it, else `http://localhost:<PORT>` —
 * which the server publishes at boot, so an operator command run without PORTAL_URL mails the same
 * links as the server it administers (decision 022).
 */
@Injectable()
export class SupportConfig implements OnApplicationBootstrap {
  portalUrl: string;
  readonly supportEmail: string;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly platform: PlatformStatusService,
  ) {
    this.portalUrl = defaultPortalUrl(config);
    this.supportEmail = config.supportEmail;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.runsAs === 'cli') {
      if (!this.config.portalUrl) this.portalUrl = (await this.platform.publishedPortalUrl()) ?? this.portalUrl;
      return;
    }
    await this.platform.publishPortalUrl(this.portalUrl);
  }

  /** Absolute URL of a portal path: `link('/signup', { name: 'Asha' })`. */
  link(path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query).toString();
    return `${this.portalUrl}${path}${qs ? `?${qs}` : ''}`;
  }
}
