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

/** What a route asks of the caller: nothing (@Public), or a live session of a kind. */
type Needs = { public: true } | { public: false; kind: 'login' | 'reset' };

/**
 * Global guard: every route needs a live login session unless marked @Public(); routes marked
 * @RequireTokenKind('reset') need a live reset session instead. Failure → HTTP 401, status 0.
 *
 * Hot path (docs/decisions/042): what a handler needs is read from its metadata once, and a token the
 * session cache already vouches for is answered synchronously (no promise for Nest to wait on).
 */
@Injectable()
export class AuthGuard implements CanActivate {
  /** By controller class, then handler: a handler inherited by two classes may carry different class metadata. */
  private readonly needs = new WeakMap<object, WeakMap<object, Needs>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionService,
  ) {}

  canActivate(ctx: ExecutionContext): boolean | Promise<boolean> {
    const needs = this.needsOf(ctx);
    if (needs.public) return true;
    const req = ctx.switchToHttp().getRequest<PortalRequest>();
    const token = bearerToken(req);
    const known = this.sessions.cached(token, needs.kind);
    if (known) {
      req.user = known;
      return true;
    }
    return this.sessions.authenticate(token, needs.kind).then((user) => {
      req.user = user;
      return true;
    });
  }

  private needsOf(ctx: ExecutionContext): Needs {
    const handler = ctx.getHandler();
    const controller = ctx.getClass();
    let byHandler = this.needs.get(controller);
    if (!byHandler) this.needs.set(controller, (byHandler = new WeakMap()));
    let needs = byHandler.get(handler);
    if (!needs) {
      const targets = [handler, controller];
      needs = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)
        ? { public: true }
        : { public: false, kind: this.reflector.getAllAndOverride<'login' | 'reset'>(TOKEN_KIND, targets) ?? 'login' };
      byHandler.set(handler, needs);
    }
    return needs;
  }
}
