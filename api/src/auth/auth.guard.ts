import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { PortalRequest } from '../common/request-context';
import { IS_PUBLIC, TOKEN_KIND } from '../common/auth.decorators';
import { SessionService } from './session.service';

/** Read the token from `Authorization: Bearer <jwt>` (a bare token is accepted too, core §6). */
export function bearerToken(req: PortalRequest): string | undefined {
  const header = req.header('authorization')?.trim();
  if (!header) return undefined;
  return header.toLowerCase().startsWith('bearer ') ? header.slice(7).trim() : header;
}

/**
 * Global guard: every route needs a live login session unless marked @Public(); routes marked
 * @RequireTokenKind('reset') need a live reset session instead. Failure → HTTP 401, status 0.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const targets = [ctx.getHandler(), ctx.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const kind = this.reflector.getAllAndOverride<'login' | 'reset'>(TOKEN_KIND, targets) ?? 'login';
    const req = ctx.switchToHttp().getRequest<PortalRequest>();
    req.user = await this.sessions.authenticate(bearerToken(req), kind);
    return true;
  }
}
