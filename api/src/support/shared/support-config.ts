import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';

/**
 * Settings of the support area, read once at boot. `PORTAL_URL` is the absolute address of the
 * portal used in e-mailed links (invite sign-up link, ticket link); default `http://localhost:<PORT>`.
 * A value that is not an http(s) URL stops the start with a message naming the variable.
 */
@Injectable()
export class SupportConfig {
  readonly portalUrl: string;
  readonly supportEmail: string;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    const raw = (process.env.PORTAL_URL ?? '').trim();
    if (raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        throw new Error(`PORTAL_URL must be an absolute http(s) URL (got "${raw}").`);
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`PORTAL_URL must be an absolute http(s) URL (got "${raw}").`);
      this.portalUrl = url.origin + url.pathname.replace(/\/+$/, '');
    } else {
      this.portalUrl = `http://localhost:${config.port || 8080}`;
    }
    this.supportEmail = config.supportEmail;
  }

  /** Absolute URL of a portal path: `link('/signup', { name: 'Asha' })`. */
  link(path: string, query: Record<string, string> = {}): string {
    const qs = new URLSearchParams(query).toString();
    return `${this.portalUrl}${path}${qs ? `?${qs}` : ''}`;
  }
}
