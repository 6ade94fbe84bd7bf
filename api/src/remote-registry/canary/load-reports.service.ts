import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DomainError } from '../../common/domain-error';
import { NotificationsService } from '../../notifications/notifications.service';
import { StaffService } from '../../ops/staff/staff.service';
import { RemoteLiveEntity, RemoteLoadReportEntity } from '../remote-registry.entities';
import { remoteName, RemoteRegistryService } from '../remote-registry.service';
import { RemoteCanaryService } from './canary.service';

/** Beacon reports one client address may send per minute (the shell sends one per remote and page, plus errors). */
const REPORTS_PER_MINUTE = 120;
/** The actor of automatic rollbacks in every audit row. */
export const AUTO_ROLLBACK_ACTOR = 'auto-rollback';

/**
 * Load reports of the shell's beacon and the automatic rollback (docs/decisions/021): each report is one
 * load of a remote version, `ok`, `load_error` or `render_error`, counted only for the live or canary
 * version. When a canary, or a live version activated within the window, has at least `minLoads` reports
 * in the window (REMOTE_AUTO_ROLLBACK_*) and failures reach `failureRate`, it is marked bad and rolled back
 * (a canary is stopped), audited as `auto-rollback`, and every admin gets a notification.
 */
@Injectable()
export class RemoteLoadReportsService {
  private readonly logger = new Logger(RemoteLoadReportsService.name);
  private readonly perClient = new Map<string, { count: number; resetAt: number }>();
  private readonly rollingBack = new Set<string>();
  /** When old reports are next removed: they only count within the window, so nothing older than a day is kept. */
  private nextSweep = 0;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RemoteRegistryService,
    private readonly canary: RemoteCanaryService,
    private readonly staff: StaffService,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Record one report from `client` (its address, used only for the rate limit, never stored). Resolves to
   * whether it was counted and whether it triggered an automatic rollback. DomainError 429 over the limit.
   */
  async record(client: string, remote: string, version: string, outcome: string): Promise<{ counted: boolean; rolledBack: boolean }> {
    this.limit(client);
    const name = remoteName(remote);
    const live = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
    if (!live || (version !== live.version && version !== live.canary_version)) return { counted: false, rolledBack: false };
    const repo = this.db.getRepository(RemoteLoadReportEntity);
    await repo.insert({ remote: name, version, outcome, created_at: new Date() });
    if (Date.now() >= this.nextSweep) {
      this.nextSweep = Date.now() + 3600_000;
      const keepSeconds = Math.max(this.config.remoteStore.autoRollback.windowSeconds, 86_400);
      await repo.delete({ created_at: LessThan(new Date(Date.now() - keepSeconds * 1000)) });
    }
    return { counted: true, rolledBack: outcome === 'ok' ? false : await this.evaluate(live, version) };
  }

  /** Reports per `remote/version` within the window: `{ loads, failures }`. */
  async windowCounts(): Promise<Map<string, { loads: number; failures: number }>> {
    const since = new Date(Date.now() - this.config.remoteStore.autoRollback.windowSeconds * 1000);
    const rows = await this.db.getRepository(RemoteLoadReportEntity).find({ where: { created_at: MoreThanOrEqual(since) }, select: { remote: true, version: true, outcome: true } });
    const out = new Map<string, { loads: number; failures: number }>();
    for (const r of rows) {
      const c = out.get(`${r.remote}/${r.version}`) ?? { loads: 0, failures: 0 };
      c.loads += 1;
      if (r.outcome !== 'ok') c.failures += 1;
      out.set(`${r.remote}/${r.version}`, c);
    }
    return out;
  }

  private limit(client: string): void {
    const now = Date.now();
    const entry = this.perClient.get(client);
    if (!entry || entry.resetAt <= now) {
      if (this.perClient.size > 10_000) this.perClient.clear();
      this.perClient.set(client, { count: 1, resetAt: now + 60_000 });
      return;
    }
    entry.count += 1;
    if (entry.count > REPORTS_PER_MINUTE) throw new DomainError(429, 'Too many load reports: try again in a minute.', { code: 'too_many_reports', headers: { 'Retry-After': String(Math.ceil((entry.resetAt - now) / 1000)) } });
  }

  private async evaluate(live: RemoteLiveEntity, version: string): Promise<boolean> {
    const { windowSeconds, failureRate, minLoads } = this.config.remoteStore.autoRollback;
    const isCanary = version === live.canary_version;
    const since = new Date(isCanary ? live.canary_since! : live.activated_at);
    const windowStart = new Date(Date.now() - windowSeconds * 1000);
    if (!isCanary && since < windowStart) return false; // not a new live version any more
    const from = since > windowStart ? since : windowStart;
    const rows = await this.db.getRepository(RemoteLoadReportEntity).find({ where: { remote: live.remote, version, created_at: MoreThanOrEqual(from) }, select: { outcome: true } });
    const failures = rows.filter((r) => r.outcome !== 'ok').length;
    if (rows.length < minLoads || failures / rows.length < failureRate) return false;
    const key = `${live.remote}/${version}`;
    if (this.rollingBack.has(key)) return false;
    this.rollingBack.add(key);
    try {
      const reason = `automatic rollback: ${failures} of ${rows.length} reported loads failed within ${windowSeconds} s (threshold ${Math.round(failureRate * 100)} %)`;
      await this.registry.markBad(live.remote, version, reason, AUTO_ROLLBACK_ACTOR);
      let outcome: string;
      if (isCanary) {
        await this.canary.stop(live.remote, AUTO_ROLLBACK_ACTOR, reason);
        outcome = `its canary ${version} was stopped`;
      } else {
        const r = await this.registry.rollback(live.remote, AUTO_ROLLBACK_ACTOR, { action: 'auto-rollback' });
        outcome = `${version} was rolled back to ${r.to}`;
      }
      this.logger.warn({ msg: 'remote rolled back automatically', remote: live.remote, version, reason });
      const text = `${live.remote}: ${outcome} and marked bad (${reason}).`;
      for (const admin of await this.staff.holdersOf('admin')) await this.notifications.notify(admin, text);
      return true;
    } catch (error) {
      // Another report (or an operator) got there first, or nothing is left to go back to: logged, never thrown at the beacon.
      this.logger.warn({ msg: 'automatic rollback not done', remote: live.remote, version, error: (error as Error).message });
      return false;
    } finally {
      this.rollingBack.delete(key);
    }
  }
}
