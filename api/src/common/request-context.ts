import { context, createContextKey, trace } from '@opentelemetry/api';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';

/** The authenticated caller attached by AuthGuard; `loginAt`: when the session's login happened (epoch ms), for step-up checks. */
export type AuthUser = { id: number; sessionId: string; kind: 'login' | 'reset'; loginAt: number };
export type PortalRequest = Request & { id: string; user?: AuthUser };

/** The request being served, for code that has no `req` at hand (services' log lines). */
const requestStore = new AsyncLocalStorage<{ id: string }>();
/**
 * The same, carried in OpenTelemetry's context when tracing is on (`requestIdInTraceContext`): one async
 * context per request instead of two (each one enabled costs every promise of the process a little).
 */
const REQUEST_ID = createContextKey('portal.request_id');

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
export const currentRequestId = (): string | undefined =>
  requestStore.getStore()?.id ?? (context.active().getValue(REQUEST_ID) as string | undefined) ?? activeTraceId();

/**
 * Give every request an id for logs and error answers (docs/conventions.md §6), returned as X-Request-Id,
 * and run the rest of the request inside an async context that carries it: the caller's X-Request-Id
 * (letters, digits, `-`, `_`) or a new UUID. With tracing on, `requestIdInTraceContext` takes its place.
 */
export function requestId(req: Request, res: Response, next: NextFunction): void {
  const id = giveId(req, res, callerOrNewId(req));
  requestStore.run({ id }, next);
}

/** The caller's X-Request-Id when it is letters, digits, `-` and `_` (at most 64), else a new UUID. */
function callerOrNewId(req: Request): string {
  const incoming = req.header('x-request-id');
  return incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
}

/** Attach `id` to the request (`req.id`) and the answer (X-Request-Id); returns it. */
function giveId(req: Request, res: Response, id: string): string {
  (req as PortalRequest).id = id;
  res.setHeader('x-request-id', id);
  return id;
}

/**
 * `requestId` when tracing is on (observability/tracing.ts, after `traceRequest`): the id is the request's
 * trace id, which the span's context already carries (currentRequestId reads it); a request that is not
 * traced (health probes) gets the caller's id or a UUID carried in the same OpenTelemetry context, so the
 * process runs one async context per request, not two.
 */
export function requestIdInTraceContext(req: Request, res: Response, next: NextFunction): void {
  const traceId = activeTraceId();
  const id = giveId(req, res, traceId ?? callerOrNewId(req));
  if (traceId) next();
  else context.with(context.active().setValue(REQUEST_ID, id), next);
}
