import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The authenticated caller attached by AuthGuard; `loginAt`: when the session's login happened (epoch ms), for step-up checks. */
export type AuthUser = { id: number; sessionId: string; kind: 'login' | 'reset'; loginAt: number };
export type PortalRequest = Request & { id: string; user?: AuthUser };

/** The request being served, for code that has no `req` at hand (services' log lines). */
const requestStore = new AsyncLocalStorage<{ id: string }>();

/** The id of the request this code runs for, or undefined outside a request (CLI, boot). */
export const currentRequestId = (): string | undefined => requestStore.getStore()?.id;

/**
 * Give every request an id (from X-Request-Id or new) for logs and error answers (docs/conventions.md §6),
 * and run the rest of the request inside an async context that carries it.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const id = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
  (req as PortalRequest).id = id;
  res.setHeader('x-request-id', id);
  requestStore.run({ id }, next);
}
