import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How long a load token is accepted after `/remotes.json` issued it (seconds). A page reports its load
 * within seconds, a render crash of a lazy part later; a tab kept open longer reports nothing more.
 */
export const LOAD_TOKEN_TTL_SECONDS = 6 * 3600;

/** What a valid load token proves: the server served `version` of `remote` to `browser` (a random id) before `expires`. */
export type LoadTokenClaims = { remote: string; version: string; browser: string; expires: number };

/**
 * Load tokens of the shell's beacon (docs/decisions/029): proof that this server served a version of a
 * remote to one browser. `payload.signature`, where payload is base64url JSON `[remote, version,
 * browser, expires (epoch seconds)]` and signature the base64url HMAC-SHA256 of `remote-load:<payload>`
 * under the server's secret (JWT_SECRET; the prefix keeps it from ever verifying as another token).
 * Stateless, so any instance verifies what another one issued.
 */
export class LoadTokens {
  constructor(private readonly secret: string) {}

  /** The token for `browser` loading `version` of `remote`, valid LOAD_TOKEN_TTL_SECONDS from `now` (ms). */
  issue(remote: string, version: string, browser: string, now = Date.now()): string {
    const payload = Buffer.from(JSON.stringify([remote, version, browser, Math.floor(now / 1000) + LOAD_TOKEN_TTL_SECONDS])).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /**
   * The claims of `token` when its signature is valid, it has not expired and it was issued for exactly
   * `remote` and `version`; null otherwise (malformed, forged, altered, expired, another version or remote).
   */
  verify(token: string | undefined, remote: string, version: string, now = Date.now()): LoadTokenClaims | null {
    if (!token || token.length > 2048) return null;
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(claims) || claims.length !== 4) return null;
    const [r, v, browser, expires] = claims as unknown[];
    if (r !== remote || v !== version || typeof browser !== 'string' || !browser || typeof expires !== 'number') return null;
    if (expires * 1000 <= now) return null;
    return { remote, version, browser, expires };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.secret).update(`remote-load:${payload}`).digest('base64url');
  }
}

/** What is stored of a browser id with its reports: a hash (32 hex), never the cookie's value itself. */
export function browserKey(browser: string): string {
  return createHash('sha256').update(`remote-load-browser:${browser}`).digest('hex').slice(0, 32);
}
