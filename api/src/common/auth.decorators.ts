import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser, PortalRequest } from './request-context';

export const IS_PUBLIC = 'portal:public';
export const TOKEN_KIND = 'portal:token-kind';

/** The route needs no token (login, signup, captcha, health...). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
/** The route takes a session of this kind instead of a login session (ChangeUserPassword takes 'reset'). */
export const RequireTokenKind = (kind: 'login' | 'reset') => SetMetadata(TOKEN_KIND, kind);
/** The authenticated caller: `{ id, sessionId, kind }`. */
export const CurrentUser = createParamDecorator((_: unknown, ctx: ExecutionContext): AuthUser => ctx.switchToHttp().getRequest<PortalRequest>().user!);
