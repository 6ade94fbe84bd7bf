import type { NextFunction, Request, Response } from 'express';
import { PortalLogger } from './portal-logger';
import { currentRequestId, requestId } from './request-context';

/** Run `fn` as the requestId middleware's `next`, for a request carrying `X-Request-Id: id`. */
function inRequest(id: string, fn: () => void): void {
  const req = { header: (name: string) => (name.toLowerCase() === 'x-request-id' ? id : undefined) } as unknown as Request;
  const res = { setHeader: () => undefined } as unknown as Response;
  requestId(req, res, fn as NextFunction);
}

describe('PortalLogger', () => {
  let lines: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    lines = [];
    spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      lines.push(String(chunk));
      return true;
    });
  });
  afterEach(() => spy.mockRestore());

  it('adds the request id to text and object lines written while a request is served', () => {
    const logger = new PortalLogger('Test', { json: true, colors: false });
    inRequest('req-123', () => {
      expect(currentRequestId()).toBe('req-123');
      logger.log('plain text');
      logger.log({ msg: 'structured', user_id: 7 });
    });
    const parsed = lines.map((l) => JSON.parse(l) as { message: { msg: string; request_id?: string } });
    expect(parsed.map((p) => p.message)).toEqual([
      { msg: 'plain text', request_id: 'req-123' },
      { msg: 'structured', user_id: 7, request_id: 'req-123' },
    ]);
  });

  it('leaves lines outside a request as they are', () => {
    const logger = new PortalLogger('Test', { json: true, colors: false });
    logger.log('booting');
    expect(currentRequestId()).toBeUndefined();
    expect((JSON.parse(lines[0]) as { message: unknown }).message).toBe('booting');
  });
});
