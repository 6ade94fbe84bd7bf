import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import { IsNull, Repository } from 'typeorm';
import { AUTH_LIMITS } from '@portal/contracts';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SessionOverError } from '../common/domain-error';
import type { AuthUser } from '../common/request-context';
import { SessionEntity } from './session.entity';

type Claims = { sub: number; kind: 'login' | 'reset'; jti: string };

/**
 * Issues and checks tokens. A token is a JWT whose `jti` names a session row, so logout and a used
 * reset token end it on the server (issue "Logout invalidates the token on the server").
 */
@Injectable()
export class SessionService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly jwt: JwtService,
    @InjectRepository(SessionEntity) private readonly sessions: Repository<SessionEntity>,
  ) {}

  /** Open a session and sign its token. Login sessions last SESSION_TTL_HOURS; reset sessions 15 minutes. */
  async issue(userId: number, kind: 'login' | 'reset'): Promise<string> {
    const id = randomUUID();
    const ttlSeconds = kind === 'login' ? this.config.sessionTtlHours * 3600 : AUTH_LIMITS.resetTokenTtlMinutes * 60;
    await this.sessions.insert({ id, user_id: userId, kind, expires_at: new Date(Date.now() + ttlSeconds * 1000), revoked_at: null });
    return this.jwt.signAsync({ sub: userId, kind } satisfies Omit<Claims, 'jti'>, { jwtid: id, expiresIn: ttlSeconds });
  }

  /** Check a bearer token of the wanted kind. Throws SessionOverError (→ HTTP 401, status 0) otherwise. */
  async authenticate(token: string | undefined, kind: 'login' | 'reset'): Promise<AuthUser> {
    if (!token) throw new SessionOverError();
    let claims: Claims;
    try {
      claims = await this.jwt.verifyAsync<Claims>(token);
    } catch {
      throw new SessionOverError();
    }
    if (claims.kind !== kind || !claims.jti) throw new SessionOverError();
    const session = await this.sessions.findOne({ where: { id: claims.jti, revoked_at: IsNull() } });
    if (!session || session.user_id !== claims.sub || session.expires_at.getTime() <= Date.now()) throw new SessionOverError();
    return { id: session.user_id, sessionId: session.id, kind };
  }

  /** End one session (logout, a spent reset token). */
  async revoke(sessionId: string): Promise<void> {
    await this.sessions.update({ id: sessionId, revoked_at: IsNull() }, { revoked_at: new Date() });
  }
  /** End every session of a user (after a password change). */
  async revokeAll(userId: number): Promise<void> {
    await this.sessions.update({ user_id: userId, revoked_at: IsNull() }, { revoked_at: new Date() });
  }
}
