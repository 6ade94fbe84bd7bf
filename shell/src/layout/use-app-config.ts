import { useEndpointQuery } from '@portal/kit';
import { AUTH_ENDPOINTS } from '@portal/contracts';

/** GET /api/getAppConfig body (docs/decisions/001). */
export type AppConfig = { support_email?: string; public_site_url?: string };

/** Links to the product's public site; null when no public site is configured (PUBLIC_SITE_URL). */
export type ExternalLinks = { publicSite: string | null; webSeries: string | null; faq: string | null };

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

/**
 * The drawer's links to the public site, from getAppConfig through the kit's data layer
 * (docs/decisions/025): asked once per page (a failure leaves them out and is asked again at the next
 * mount); no public site until the answer arrives.
 */
export function useExternalLinks(): ExternalLinks {
  const query = useEndpointQuery(AUTH_ENDPOINTS.getAppConfig, {}, { silent: true, staleTime: Infinity });
  return externalLinksOf(query.data?.body ?? {});
}
