import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The authenticated caller attached by AuthGuard. */
export type AuthUser = { id: number; sessionId: string; kind: 'login' | 'reset' };
export type PortalRequest = Request & { id: string; user?: AuthUser };

/** Give every request an id (from X-Request-Id or new) for logs and error answers (CONVENTIONS §6). */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  (req as PortalRequest).id = id;
  res.setHeader('x-request-id', id);
  next();
}
