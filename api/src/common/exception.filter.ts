import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { SERVER_MESSAGES, SESSION_OVER_STATUS } from '@portal/contracts';
import { codeOfStatus, DomainError, SessionOverError } from './domain-error';
import type { PortalRequest } from './request-context';

/** Seconds a client should wait before retrying while the database is down. */
export const RETRY_AFTER_SECONDS = 5;

const CONNECTION_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE',
  'PROTOCOL_CONNECTION_LOST', 'PROTOCOL_SEQUENCE_TIMEOUT', 'ER_CON_COUNT_ERROR', 'ER_SERVER_SHUTDOWN', 'ER_ACCESS_DENIED_ERROR',
  'SQLITE_BUSY', 'SQLITE_CANTOPEN', 'SQLITE_IOERR',
]);

/** TypeORM's errors for a data source that is not connected (closed pool, failed connect). */
const NOT_CONNECTED_ERRORS = new Set(['CannotExecuteNotConnectedError', 'ConnectionIsNotSetError', 'CannotGetEntityManagerNotConnectedError']);

/**
 * Whether an error means the database cannot be reached (connection refused or lost, pool closed,
 * server shutting down, SQLite file busy or unreadable) rather than a bad query: the answer is then
 * 503 with Retry-After (docs/decisions/026), not a generic 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error as { name?: unknown; code?: unknown; driverError?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; depth++) {
    if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.name === 'string' && NOT_CONNECTED_ERRORS.has(e.name)) return true;
    if (typeof e.message === 'string' && /Pool is closed|connection is in closed state|Can't add new command when connection is in closed state|Driver not Connected|DataSource is not initialized|Connection is not established with (mysql|sqlite|better-sqlite3) database|Connection with sqlite database is not established|The database connection is not open/i.test(e.message)) return true;
    e = (e.driverError ?? e.cause) as typeof e;
  }
  return false;
}

/**
 * Maps every error to the envelope (DESIGN "Wire contract"): DomainError → its status and message;
 * SessionOverError → HTTP 401 with status 0; Nest HTTP errors (404 route, 413 body, 429 throttle) →
 * their status with a plain message; anything else → a logged 500 with the request id, never a stack.
 */
@Catch()
export class EnvelopeExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<PortalRequest>();
    if (res.headersSent) return;
    const request_id = req.id;

    if (error instanceof DomainError) {
      for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
      res.status(error.httpStatus).json({ status: error.httpStatus, message: error.message, code: error.code, ...error.extra, request_id });
      return;
    }
    if (error instanceof SessionOverError) {
      res.status(401).json({ status: SESSION_OVER_STATUS, message: SERVER_MESSAGES.unauthorized, code: 'session_over', request_id });
      return;
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const message =
        status === 429 ? SERVER_MESSAGES.tooManyRequests : status === 404 ? SERVER_MESSAGES.notFound : status >= 500 ? SERVER_MESSAGES.internal : error.message;
      if (status >= 500) this.logger.error({ msg: error.message, request_id, path: req.originalUrl });
      res.status(status).json({ status, message, code: codeOfStatus(status), request_id });
      return;
    }
    const e = error as Error & { type?: string; status?: number };
    if (isDatabaseUnavailable(error)) {
      this.logger.error({ msg: 'database unavailable', error: e?.message, request_id, path: req.originalUrl });
      res.setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      res.status(503).json({ status: 503, message: SERVER_MESSAGES.unavailable, code: 'unavailable', request_id });
      return;
    }
    // body-parser errors (malformed JSON, body too large) carry a status of their own.
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      res.status(e.status).json({ status: e.status, message: e.status === 413 ? SERVER_MESSAGES.bodyTooLarge : SERVER_MESSAGES.malformed, code: e.status === 413 ? 'too_large' : 'malformed', request_id });
      return;
    }
    this.logger.error({ msg: e?.message ?? String(error), name: e?.name, code: (e as { code?: unknown })?.code, stack: e?.stack, request_id, path: req.originalUrl });
    res.status(500).json({ status: 500, message: SERVER_MESSAGES.internal, code: 'internal', request_id });
  }
}
