import { Controller, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { AUTH_ENDPOINTS as E, SERVER_MESSAGES } from '@portal/contracts';
import { ok } from '../common/envelope';
import { RETRY_AFTER_SECONDS } from '../common/exception.filter';
import { Endpoint } from '../common/http/endpoint.decorator';
import { ShutdownState } from '../common/http/graceful-shutdown';
import { ReadinessProbe } from './readiness-probe';

/**
 * Liveness and readiness (docs/decisions/026, 030; @nestjs/terminus). Liveness says the process answers;
 * readiness answers 503 with `database: 'down'` and Retry-After while the database is unreachable, so a
 * load balancer takes the instance out instead of sending it traffic. The database's state comes from
 * a background ping (ReadinessProbe): a check never queues behind the requests of a busy pool, so a
 * busy but working instance stays in the rotation (decision 030).
 */
@Controller()
export class HealthController {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly probe: ReadinessProbe,
    private readonly shutdown: ShutdownState,
  ) {}

  /**
   * GET /api/health (readiness) → body `{ database: 'up', engine }`, or 503 with Retry-After:
   * `{ database: 'down', engine }` while the database is unreachable, `{ database: 'draining', engine }`
   * once the process began its graceful shutdown (decision 022).
   */
  @Endpoint(E.health)
  async ready(@Res({ passthrough: true }) res: Response) {
    return this.readiness(res);
  }

  /** GET /api/health/ready: the same readiness check under its own name. */
  @Endpoint(E.healthReady)
  async readyAlias(@Res({ passthrough: true }) res: Response) {
    return this.readiness(res);
  }

  /** GET /api/health/live (liveness) → body `{ process: 'up', uptime_s }`; never touches the database. */
  @Endpoint(E.healthLive)
  live() {
    return ok('OK', { body: { process: 'up', uptime_s: Math.round(process.uptime()) } });
  }

  private async readiness(res: Response) {
    const engine = String(this.db.options.type);
    if (this.shutdown.draining) {
      res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
      return { status: 503, message: SERVER_MESSAGES.draining, body: { database: 'draining', engine } };
    }
    if ((await this.probe.state()) === 'up') return ok('OK', { body: { database: 'up', engine } });
    res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS));
    return { status: 503, message: SERVER_MESSAGES.unavailable, body: { database: 'down', engine } };
  }
}
