import { useEffect, useState } from 'react';
import { api } from '@portal/kit';
import { AUTH_ENDPOINTS } from '@portal/contracts';

/** GET /api/getAppConfig body (docs/decisions/001). */
export type AppConfig = { support_email?: string; public_site_url?: string };

export type ExternalLinks = { publicSite: string; webSeries: string; faq: string };

let cached: Promise<AppConfig> | null = null;

function loadConfig(): Promise<AppConfig> {
  cached ??= api
    .call(AUTH_ENDPOINTS.getAppConfig, {}, { silent: true })
    .then((envelope) => envelope.body ?? {})
    .catch(() => {
      cached = null;
      return {};
    });
  return cached;
}

/** The product's public pages, under `public_site_url` of getAppConfig (this origin until it answers). */
export function externalLinksOf(config: AppConfig, origin: string): ExternalLinks {
  const base = (config.public_site_url || origin).replace(/\/+$/, '');
  return { publicSite: base, webSeries: `${base}/web-series`, faq: `${base}/faq` };
}

export function useExternalLinks(): ExternalLinks {
  const [config, setConfig] = useState<AppConfig>({});
  useEffect(() => {
    let active = true;
    loadConfig().then((value) => {
      if (active) setConfig(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return externalLinksOf(config, window.location.origin);
}
