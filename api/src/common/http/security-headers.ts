import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { AppConfig } from '../../config/app-config';

/** The privacy-enhanced YouTube host the dashboard embeds its update videos from (areas §2 Dashboard). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** Origins of the URLs (remote manifests, version stores) on other hosts; same-origin paths need none. */
export function remoteOrigins(urls: readonly string[]): string[] {
  const origins = new Set<string>();
  for (const url of urls) {
    try {
      if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
    } catch {
      // A relative or malformed entry is same-origin or unusable; it adds nothing.
    }
  }
  return [...origins];
}

/**
 * The Content-Security-Policy the portal works under (docs/decisions/026): scripts, chunks and manifests from
 * this origin and the remotes' origins only (the Module Federation runtime loads remoteEntry.js as a
 * script and fetches mf-manifest.json); styles inline (styled-components injects <style>); images
 * and media from here, data: and blob: (previews before upload); the captcha's proof-of-work worker
 * from blob:; frames only from youtube-nocookie; nothing may frame the portal (`frame-ancestors 'none'`).
 */
export function contentSecurityPolicy(config: AppConfig, liveOrigins: readonly string[] = []): Record<string, string[]> {
  // The registry's remotes on other hosts: REMOTES_JSON's manifests and REMOTE_ORIGINS' version stores,
  // and the origins the live registry names now (docs/decisions/021: a remote moved to its own origin
  // by a deploy, without an API restart).
  const remotes = [...new Set([...remoteOrigins([...Object.values(config.remotes), ...Object.values(config.remoteStore.origins)]), ...liveOrigins])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...remotes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...remotes],
    'font-src': ["'self'", 'data:', ...remotes],
    'connect-src': ["'self'", ...remotes],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'", 'blob:'],
    'frame-src': [YOUTUBE_EMBED_ORIGIN],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers of every answer, shell, remotes and API (docs/decisions/026), from helmet: the CSP above,
 * `Referrer-Policy: strict-origin-when-cross-origin`, `X-Content-Type-Options: nosniff`,
 * `X-Frame-Options: DENY`, and HSTS (one year) only on a request that arrived over TLS. The OpenAPI
 * page (/api/docs) gets a CSP that lets Swagger UI's own inline script run. Other /api answers (JSON,
 * artwork, media: never a document that runs anything) get the OWASP REST set only (docs/decisions/010, hot
 * path): `Content-Security-Policy: default-src 'none'; frame-ancestors 'none'`, nosniff, DENY, the
 * referrer policy and CORP; the document-only headers (COOP, Origin-Agent-Cluster, X-XSS-Protection,
 * X-DNS-Prefetch-Control, X-Download-Options, X-Permitted-Cross-Domain-Policies) would only add bytes.
 */
export function securityHeaders(config: AppConfig): (req: Request, res: Response, next: NextFunction) => void {
  const common = {
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
    strictTransportSecurity: false as const,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' as const },
    frameguard: { action: 'deny' as const },
  };
  const directives = { ...contentSecurityPolicy(config), 'upgrade-insecure-requests': null };
  const portal = fixedHeaders(helmet({ ...common, contentSecurityPolicy: { useDefaults: false, directives } }));
  const docs = fixedHeaders(
    helmet({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: { ...directives, 'script-src': ["'self'", "'unsafe-inline'"], 'img-src': ["'self'", 'data:', 'https:'] } },
    }),
  );
  const api = fixedHeaders(
    helmet({
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
      crossOriginOpenerPolicy: false,
      originAgentCluster: false,
      xXssProtection: false,
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
    }),
  );
  return (req, res, next) => {
    if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const path = req.path;
    const headers = !path.startsWith('/api/') ? portal : path.startsWith('/api/docs') ? docs : api;
    for (let i = 0; i < headers.length; i++) res.setHeader(headers[i]![0], headers[i]![1]);
    next();
  };
}

/**
 * The document CSP header value for a registry that names `liveOrigins` (absolute origins of its manifest
 * URLs, docs/decisions/021), or null when the fixed policy of securityHeaders already covers them all.
 * Computed once per distinct set of origins.
 */
export function livePortalCsp(config: AppConfig): (liveOrigins: readonly string[]) => string | null {
  const fixed = new Set(remoteOrigins([...Object.values(config.remotes), ...Object.values(config.remoteStore.origins)]));
  const cache = new Map<string, string>();
  return (liveOrigins) => {
    const extra = [...new Set(liveOrigins)].filter((o) => !fixed.has(o)).sort();
    if (!extra.length) return null;
    const key = extra.join(' ');
    let value = cache.get(key);
    if (!value) {
      const directives = { ...contentSecurityPolicy(config, extra), 'upgrade-insecure-requests': null };
      value = fixedHeaders(helmet({ contentSecurityPolicy: { useDefaults: false, directives } })).find(([name]) => name.toLowerCase() === 'content-security-policy')![1];
      if (cache.size > 64) cache.clear();
      cache.set(key, value);
    }
    return value;
  };
}

/**
 * The headers a helmet middleware sets, computed once (docs/decisions/010, hot path): with fixed options helmet
 * sets the same names and values on every answer, so running its dozen middlewares per request is
 * wasted work. Throws if the middleware does anything but set headers synchronously.
 */
export function fixedHeaders(middleware: (req: Request, res: Response, next: (err?: unknown) => void) => void): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  let done = false;
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => headers.set(name, String(value)),
    removeHeader: (name: string) => headers.delete(name),
    getHeader: (name: string) => headers.get(name),
  };
  middleware({ secure: false, headers: {}, method: 'GET', url: '/', path: '/' } as unknown as Request, res as unknown as Response, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  if (!done) throw new Error('security headers: helmet did not finish synchronously');
  return [...headers];
}

/** API answers are not cached unless a route says otherwise (public artwork, logos): no-store protects authenticated answers. */
export function noStoreByDefault(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Cache-Control', 'no-store');
  next();
}
