import type { EventEmitter } from 'node:events';
import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from './request-context';

/**
 * What a process does with an error nobody handled (decision 022):
 * - an uncaught exception is logged first, with the id of the request whose code threw (the async
 *   context survives into the handler) and its stack, then `exit(reason)` runs — the API drains briefly
 *   and exits 1, and `npm start` (scripts/start.js) starts a new process, because state after an
 *   uncaught exception cannot be trusted;
 * - a promise rejected without a handler is logged the same way and the process keeps serving.
 * `proc` is the process (an EventEmitter standing in for it in the unit spec).
 */
export function installFatalHandlers(logger: LoggerService, exit: (reason: string) => void, proc: EventEmitter = process): void {
  proc.on('uncaughtException', (err: Error, origin?: string) => {
    logger.error({ msg: 'uncaught exception', origin, request_id: currentRequestId(), err: err?.message, stack: err?.stack });
    exit('uncaughtException');
  });
  proc.on('unhandledRejection', (reason: unknown) => {
    const err = reason instanceof Error ? reason : new Error(String(reason));
    logger.error({ msg: 'unhandled rejection', request_id: currentRequestId(), err: err.message, stack: err.stack });
  });
}
