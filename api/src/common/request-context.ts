import { trace } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The authenticated caller attached by AuthGuard; `loginAt`: when the session's login happened (epoch ms), for step-up checks. */
export type AuthUser = { id: number; sessionId: string; kind: 'login' | 'reset'; loginAt: number };
export type PortalRequest = Request & { id: string; user?: AuthUser };

/** The request being served, for code that has no `req` at hand (services' log lines). */
const requestStore = new AsyncLocalStorage<{ id: string }>();

/**
 * The trace id of the active span when tracing is on (docs/decisions/038-observability.md), else
 * undefined; costs a context lookup (no span) when tracing is off.
 */
export function activeTraceId(): string | undefined {
  const span = trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId } = span.spanContext();
  return traceId && traceId !== '00000000000000000000000000000000' ? traceId : undefined;
}

/**
 * The id of the request this code runs for (the request's trace id when tracing is on), else the trace
 * id of the job being run (its trace started with the request that queued it), or undefined (CLI, boot).
 */
export const currentRequestId = (): string | undefined => requestStore.getStore()?.id ?? activeTraceId();

/**
 * Give every request an id for logs and error answers (docs/conventions.md §6), returned as X-Request-Id,
 * and run the rest of the request inside an async context that carries it. With tracing on, the id is
 * the request's trace id (docs/decisions/038), so a log line, an error answer and a trace meet on one id;
 * otherwise the caller's X-Request-Id (letters, digits, `-`, `_`) or a new UUID.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const traceId = activeTraceId();
  const id = traceId ?? (incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID());
  (req as PortalRequest).id = id;
  res.setHeader('x-request-id', id);
  // Traced: the span's context already carries the id (currentRequestId reads it); one async context is enough.
  if (traceId) next();
  else requestStore.run({ id }, next);
}
