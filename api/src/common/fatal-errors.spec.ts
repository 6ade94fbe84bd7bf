import { EventEmitter } from 'node:events';
import type { LoggerService } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { installFatalHandlers } from './fatal-errors';
import { requestId } from './request-context';

/** Runs `fn` inside the async context the request-id middleware gives a request with X-Request-Id `id`. */
function inRequest(id: string, fn: () => void): void {
  const req = { header: (name: string) => (name === 'x-request-id' ? id : undefined) } as unknown as Request;
  const res = { setHeader: () => undefined } as unknown as Response;
  requestId(req, res, fn as NextFunction);
}

describe('installFatalHandlers', () => {
  const setup = () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = { error: (line: Record<string, unknown>) => lines.push(line), log: () => undefined, warn: () => undefined } as unknown as LoggerService;
    const exits: string[] = [];
    const proc = new EventEmitter();
    installFatalHandlers(logger, (reason) => exits.push(reason), proc);
    return { lines, exits, proc };
  };

  it('logs an uncaught exception with the request id of the code that threw, then asks to exit', async () => {
    const { lines, exits, proc } = setup();
    await new Promise<void>((resolve) =>
      inRequest('req-abc', () => {
        setTimeout(() => {
          proc.emit('uncaughtException', new Error('boom'), 'uncaughtException');
          resolve();
        }, 1);
      }),
    );
    expect(lines).toEqual([expect.objectContaining({ msg: 'uncaught exception', request_id: 'req-abc', err: 'boom' })]);
    expect(exits).toEqual(['uncaughtException']);
  });

  it('logs an unhandled rejection with its request id and keeps the process', () => {
    const { lines, exits, proc } = setup();
    inRequest('req-xyz', () => proc.emit('unhandledRejection', 'not an Error'));
    expect(lines).toEqual([expect.objectContaining({ msg: 'unhandled rejection', request_id: 'req-xyz', err: 'not an Error' })]);
    expect(exits).toEqual([]);
  });
});
