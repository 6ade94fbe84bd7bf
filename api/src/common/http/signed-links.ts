import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a signed file link works: long enough to play a track, short enough not to matter in a log. */
export const SIGNED_LINK_TTL_SECONDS = 600;

/**
 * Short-lived links to one private file (docs/decisions/026: the login token never travels in a URL). The
 * signature is an HMAC-SHA256 (base64url) of `<scope>:<name>:<expires>` with the server's secret, so a
 * link names exactly one file of one kind and stops working at `expires` (epoch seconds).
 */
export class SignedLinks {
  constructor(private readonly secret: string) {}

  /** `{ expires (epoch s), sig }` for `name` in `scope`, valid `ttlSeconds` from `now` (epoch ms). */
  sign(scope: string, name: string, now = Date.now(), ttlSeconds = SIGNED_LINK_TTL_SECONDS): { expires: number; sig: string } {
    const expires = Math.floor(now / 1000) + ttlSeconds;
    return { expires, sig: this.mac(scope, name, expires) };
  }

  /**
   * The query of a signed link to `name` in `scope`, `expires=<epoch s>&sig=<signature>` (what verify
   * reads back), and its `expires` (epoch s). Valid SIGNED_LINK_TTL_SECONDS from now.
   */
  signQuery(scope: string, name: string): { query: string; expires: number } {
    const { expires, sig } = this.sign(scope, name);
    return { query: `expires=${expires}&sig=${sig}`, expires };
  }

  /** Whether `sig` signs `name` in `scope` until `expires`, and that time has not passed. */
  verify(scope: string, name: string, expires: number | undefined, sig: string | undefined, now = Date.now()): boolean {
    if (!expires || !sig || expires * 1000 <= now) return false;
    const expected = Buffer.from(this.mac(scope, name, expires));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private mac(scope: string, name: string, expires: number): string {
    return createHmac('sha256', this.secret).update(`file-link:${scope}:${name}:${expires}`).digest('base64url');
  }
}
