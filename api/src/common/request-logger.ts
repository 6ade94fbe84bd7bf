import { Logger } from '@nestjs/common';
import type { NextFunction, Response } from 'express';
import type { PortalRequest } from './request-context';

const logger = new Logger('HTTP');

/** One structured line per API request: method, path, status, duration (ms), request id, user id. */
export function requestLogger(req: PortalRequest, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.log({ method: req.method, path: req.originalUrl.split('?')[0], status: res.statusCode, ms: Math.round(ms * 10) / 10, request_id: req.id, user_id: req.user?.id });
  });
  next();
}
