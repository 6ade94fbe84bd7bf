import { useEffect, useState } from 'react';
import { api } from '@portal/kit';
import { AUTH_ENDPOINTS } from '@portal/contracts';

/** GET /api/getAppConfig body (docs/decisions/001). */
export type AppConfig = { support_email?: string; public_site_url?: string };

/** Links to the product's public site; null when no public site is configured (PUBLIC_SITE_URL). */
export type ExternalLinks = { publicSite: string | null; webSeries: string | null; faq: string | null };

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

/**
 * The product's public pages, under `public_site_url` of getAppConfig (PUBLIC_SITE_URL, an absolute
 * http(s) URL). Without one (the default, or before the API answered) there is no public site: the
 * drawer leaves out FAQ and Distribute Web Series instead of linking to pages this portal does not
 * have (docs/decisions/010: they used to open /login/faq, a 404).
 */
export function externalLinksOf(config: AppConfig): ExternalLinks {
  const url = config.public_site_url ?? '';
  if (!/^https?:\/\/[^/]/i.test(url)) return { publicSite: null, webSeries: null, faq: null };
  const base = url.replace(/\/+$/, '');
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
  return externalLinksOf(config);
}
