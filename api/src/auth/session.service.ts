import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { AUTH_LIMITS } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionOverError } from '../common/domain-error';
import type { AuthUser } from '../common/request-context';
import { SessionEntity } from './session.entity';
import { InstanceEvents } from '../redis/instance-events';
import { authSettings } from './auth.settings';

/** InstanceEvents topic of revocations (several instances on one Redis): `{ sessionId }` or `{ userId }`. */
export const SESSION_REVOKED_TOPIC = 'session.revoked';
type Revoked = { sessionId?: string; userId?: number };

type Claims = { sub: number; kind: 'login' | 'reset'; jti: string };

/** How long a checked token is believed without reading its session row again (docs/decisions/010, hot path). */
export const SESSION_CACHE_TTL_MS = 5000;
/** Entries kept at most; past it the cache starts over (a cheap bound, not an LRU). */
const SESSION_CACHE_MAX = 10_000;

type Cached = { user: AuthUser; kind: 'login' | 'reset'; until: number; expiresAt: number };

/**
 * Issues and checks tokens. A token is a JWT whose `jti` names a session row, so logout and a used
 * reset token end it on the server (issue "Logout invalidates the token on the server").
 */
@Injectable()
export class SessionService implements OnModuleDestroy {
  /**
   * token → the session it proved, for SESSION_CACHE_TTL_MS: an authenticated call then costs neither
   * the JWT signature check nor the session query. `revoke` and `revokeAll` (logout, password change,
   * spent reset token) drop the entries of this process at once; another process (a second instance,
   * the CLI) is seen within the TTL at worst. With REDIS_URL the other instances are told through Redis
   * pub/sub before the revoking call answers, and drop theirs too (docs/decisions/018-scale-out.md).
   */
  private readonly cache = new Map<string, Cached>();
  /** Bumped by every revocation: a check that started before one does not cache what it read. */
  private revocations = 0;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
    private readonly events: InstanceEvents,
  ) {
    this.unsubscribe = events.subscribe(SESSION_REVOKED_TOPIC, (payload) => void this.forgetRevoked(payload as Revoked, false));
  }

  private readonly unsubscribe: () => void;

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /** Open a session and sign its token. Login sessions last SESSION_TTL_HOURS; reset sessions 15 minutes. */
  async issue(userId: number, kind: 'login' | 'reset'): Promise<string> {
    const id = randomUUID();
    const ttlSeconds = kind === 'login' ? authSettings.of(this.config).sessionTtlHours * 3600 : AUTH_LIMITS.resetTokenTtlMinutes * 60;
    await this.sessions.insert({ id, user_id: userId, kind, expires_at: new Date(Date.now() + ttlSeconds * 1000), revoked_at: null });
    return this.jwt.signAsync({ sub: userId, kind } satisfies Omit<Claims, 'jti'>, { jwtid: id, expiresIn: ttlSeconds });
  }

  /**
   * The caller of `token` when a check of it within SESSION_CACHE_TTL_MS still vouches for it (same kind,
   * session not expired, no revocation since), else undefined: then `authenticate` decides. Synchronous,
   * for the guard's hot path (docs/decisions/042).
   */
  cached(token: string | undefined, kind: 'login' | 'reset'): AuthUser | undefined {
    if (!token) return undefined;
    const hit = this.cache.get(token);
    if (!hit) return undefined;
    const now = Date.now();
    if (hit.until > now && hit.expiresAt > now) return hit.kind === kind ? hit.user : undefined;
    this.cache.delete(token);
    return undefined;
  }

  /** Check a bearer token of the wanted kind. Throws SessionOverError (→ HTTP 401, status 0) otherwise. */
  async authenticate(token: string | undefined, kind: 'login' | 'reset'): Promise<AuthUser> {
    if (!token) throw new SessionOverError();
    const known = this.cached(token, kind);
    if (known) return known;
    const revocationsBefore = this.revocations;
    let claims: Claims;
    try {
      claims = await this.jwt.verifyAsync<Claims>(token);
    } catch {
      throw new SessionOverError();
    }
    if (claims.kind !== kind || !claims.jti) throw new SessionOverError();
    const session = await this.sessions.findOne({ where: { id: claims.jti, revoked_at: IsNull() } });
    if (!session || session.user_id !== claims.sub || session.expires_at.getTime() <= Date.now()) throw new SessionOverError();
    const user: AuthUser = { id: session.user_id, sessionId: session.id, kind, loginAt: session.created_at.getTime() };
    if (revocationsBefore !== this.revocations) return user;
    if (this.cache.size >= SESSION_CACHE_MAX) this.cache.clear();
    this.cache.set(token, { user, kind, until: Date.now() + SESSION_CACHE_TTL_MS, expiresAt: session.expires_at.getTime() });
    return user;
  }

  /**
   * Forget cached checks matching `match`. Called before and after the revocation is written: a check
   * running meanwhile may have cached the still-live row again.
   */
  private forget(match: (user: AuthUser) => boolean): void {
    this.revocations += 1;
    for (const [token, entry] of this.cache) if (match(entry.user)) this.cache.delete(token);
  }

  /** Forget the cached checks of a revocation here and, when `tell`, in the other instances (resolves once Redis took it). */
  private async forgetRevoked(revoked: Revoked, tell: boolean): Promise<void> {
    if (typeof revoked.sessionId === 'string') this.forget((u) => u.sessionId === revoked.sessionId);
    else if (typeof revoked.userId === 'number') this.forget((u) => u.id === revoked.userId);
    else return;
    if (tell) await this.events.publish(SESSION_REVOKED_TOPIC, revoked);
  }

  /** End one session (logout, a spent reset token). */
  async revoke(sessionId: string): Promise<void> {
    void this.forgetRevoked({ sessionId }, false);
    await this.sessions.update({ id: sessionId, revoked_at: IsNull() }, { revoked_at: new Date() });
    await this.forgetRevoked({ sessionId }, true);
  }
  /** End every session of a user (after a password change). */
  async revokeAll(userId: number): Promise<void> {
    void this.forgetRevoked({ userId }, false);
    await this.sessions.update({ user_id: userId, revoked_at: IsNull() }, { revoked_at: new Date() });
    await this.forgetRevoked({ userId }, true);
  }
}
