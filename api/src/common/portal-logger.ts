import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { redact } from './log-redaction';
import { currentRequestId } from './request-context';

/**
 * Nest's console logger (pretty or JSON) that adds the current request's id to every line written
 * while a request is served (docs/conventions.md §6), so a service's `this.logger.warn(...)` can be traced to
 * the request like the request logger's own line. Object messages get a `request_id` field; text
 * messages become `{ msg, request_id }`. Outside a request (boot, CLI) lines are unchanged. With tracing
 * on, the id is the trace id, also in a job's lines (docs/decisions/038). Secrets are redacted from every
 * line (passwords, tokens, IBANs: common/log-redaction.ts).
 */
export class PortalLogger extends ConsoleLogger {
  protected printMessages(messages: unknown[], context?: string, logLevel?: LogLevel, writeStreamType?: 'stdout' | 'stderr', errorStack?: unknown): void {
    const request_id = currentRequestId();
    const tagged = (
      request_id
        ? messages.map((m) => (m && typeof m === 'object' && !Array.isArray(m) ? ('request_id' in m ? m : { ...m, request_id }) : { msg: m, request_id }))
        : messages
    ).map((m) => redact(m));
    super.printMessages(tagged, context, logLevel, writeStreamType, errorStack);
  }
}
