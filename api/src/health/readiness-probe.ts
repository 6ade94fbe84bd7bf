import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** How often the background probe pings the database, ms. */
export const READINESS_PROBE_EVERY_MS = 1000;
/**
 * How long a passed ping keeps the instance ready without another one, ms; also the longest one ping
 * may take before it counts as failed (a database that accepts connections but never answers).
 * A ping queued behind a saturated pool is slow, not failed: the instance stays ready while it waits.
 */
export const READINESS_FRESH_MS = 10_000;
/** How long a readiness request waits for a ping when it has to run one (no recent pass, or the last one failed), ms. */
export const READINESS_WAIT_MS = 1500;

/** What readiness says about the database: up, down (unreachable or not initialised). */
export type DatabaseReadiness = 'up' | 'down';

/**
 * The database half of readiness, answered from memory (docs/decisions/030): a background ping every
 * READINESS_PROBE_EVERY_MS (one at a time, never piled up) records when the database last answered.
 * A readiness request costs no database round trip while the last ping passed within
 * READINESS_FRESH_MS, so a balancer's check is not queued behind the load of the pool it checks and a
 * busy instance is not ejected. It is `down` at once when the data source is closed, and when the last
 * ping failed (a connection refused or reset fails fast); then each check waits up to
 * READINESS_WAIT_MS for a new ping, so the instance is back on the first ping that passes.
 */
@Injectable()
export class ReadinessProbe implements OnApplicationBootstrap, OnApplicationShutdown {
  private lastOkAt = 0;
  private lastFailedAt = 0;
  private inFlight: Promise<boolean> | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly health: HealthCheckService,
    private readonly typeorm: TypeOrmHealthIndicator,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.ping(), READINESS_PROBE_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * `up` or `down`. From memory when the last ping passed within READINESS_FRESH_MS; otherwise waits
   * up to READINESS_WAIT_MS for a ping (shared with any ping already running) and answers its outcome
   * (still running at the end of the wait: `down`).
   */
  async state(now = Date.now()): Promise<DatabaseReadiness> {
    if (!this.db.isInitialized) return 'down';
    const lastPassed = this.lastOkAt > this.lastFailedAt;
    if (lastPassed && now - this.lastOkAt <= READINESS_FRESH_MS) return 'up';
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READINESS_WAIT_MS)));
    const ok = await Promise.race([this.ping(), waited]);
    clearTimeout(timer);
    return ok ? 'up' : 'down';
  }

  /** One ping (SELECT 1 through the app's own data source, at most READINESS_FRESH_MS), shared by concurrent callers. */
  private ping(): Promise<boolean> {
    if (this.inFlight) return this.inFlight;
    if (!this.db.isInitialized) return Promise.resolve(false);
    const started = Date.now();
    this.inFlight = this.health
      .check([() => this.typeorm.pingCheck('database', { connection: this.db, timeout: READINESS_FRESH_MS })])
      .then(
        () => {
          this.lastOkAt = Date.now();
          return true;
        },
        () => {
          this.lastFailedAt = Math.max(Date.now(), started + 1);
          return false;
        },
      )
      .finally(() => (this.inFlight = null));
    return this.inFlight;
  }
}
