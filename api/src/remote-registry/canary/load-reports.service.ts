import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, LessThan, MoreThanOrEqual } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobsService } from '../../jobs/jobs.service';
import { NotificationsService } from '../../notifications/notifications.service';
import { StaffService } from '../../staff/staff.service';
import { RemoteLiveEntity, RemoteLoadReportEntity } from '../remote-registry.entities';
import { remoteName, RemoteRegistryService } from '../remote-registry.service';
import { RemoteCanaryService } from './canary.service';
import { browserKey, LoadTokens } from './load-tokens';
import { observe } from '../../observability/metrics';

/** The actor of automatic rollbacks in every audit row. */
export const AUTO_ROLLBACK_ACTOR = 'auto-rollback';
/** Reports recently stored by this process (`remote/version/browser/outcome`): a replay flood never reaches the database. */
const SEEN_MAX = 50_000;

/** The repeatable job that removes old load reports (they only count within the window; nothing older than a day is kept). */
export const LOAD_REPORTS_SWEEP_JOB = 'remotes.load-reports-sweep';
declare module '../../jobs/job-map' {
  interface JobMap {
    'remotes.load-reports-sweep': { data: Record<string, never>; result: { removed: number } };
  }
}
/** How often the sweep runs, ms. */
const SWEEP_EVERY_MS = 3600_000;

/** Distinct browsers that reported a load of one version, and how many of them a failure. */
export type BrowserCounts = { loads: number; failures: number };

/**
 * Load reports of the shell's beacon and the automatic rollback (docs/decisions/021, 029). A report counts
 * only with a load token the server issued in `/remotes.json` for that remote, version and browser
 * (load-tokens.ts), and only for the live or canary version; each browser counts once per version and
 * outcome (a unique row; `ok`, `load_error`, `render_error`). When a canary, or a live version activated
 * within the window, has at least `minLoads` browsers reporting in the window (REMOTE_AUTO_ROLLBACK_*), of
 * which at least `minFailedBrowsers` and `failureRate` reported a failure, it is marked bad and rolled back
 * (a canary is stopped), audited as `auto-rollback`, and every admin gets a notification.
 */
@Injectable()
export class RemoteLoadReportsService {
  private readonly logger = new Logger(RemoteLoadReportsService.name);
  private readonly rollingBack = new Set<string>();
  private readonly tokens: LoadTokens;
  private readonly seen = new Set<string>();

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RemoteRegistryService,
    private readonly canary: RemoteCanaryService,
    private readonly staff: StaffService,
    private readonly notifications: NotificationsService,
    jobs: JobsService,
  ) {
    this.tokens = new LoadTokens(config.jwtSecret);
    jobs.register(LOAD_REPORTS_SWEEP_JOB, async () => ({ removed: await this.sweep() }));
    jobs.repeat(LOAD_REPORTS_SWEEP_JOB, SWEEP_EVERY_MS);
  }

  /** Remove the reports older than the window (at least a day); answers how many went. */
  async sweep(): Promise<number> {
    const keepSeconds = Math.max(this.config.remoteStore.autoRollback.windowSeconds, 86_400);
    const r = await this.db.getRepository(RemoteLoadReportEntity).delete({ created_at: LessThan(new Date(Date.now() - keepSeconds * 1000)) });
    return r.affected ?? 0;
  }

  /**
   * Record one beacon report. Counts it when `token` is a valid load token for exactly `remote` and
   * `version` (unexpired), the version is the remote's live or canary one, and this browser has not
   * reported this outcome of it yet; otherwise nothing happens. Resolves to whether it was counted and
   * whether it triggered an automatic rollback (for logs and tests: the HTTP answer never says).
   */
  async record(remote: string, version: string, outcome: string, token: string | undefined): Promise<{ counted: boolean; rolledBack: boolean }> {
    const name = remoteName(remote);
    const claims = this.tokens.verify(token, name, version);
    if (!claims) return { counted: false, rolledBack: false };
    const browser = browserKey(claims.browser);
    const key = `${name}/${version}/${browser}/${outcome}`;
    if (this.seen.has(key)) return { counted: false, rolledBack: false };
    const live = await this.db.getRepository(RemoteLiveEntity).findOneBy({ remote: name });
    if (!live || (version !== live.version && version !== live.canary_version)) return { counted: false, rolledBack: false };
    const repo = this.db.getRepository(RemoteLoadReportEntity);
    // INSERT OR IGNORE / INSERT IGNORE on the unique (remote, version, browser, outcome): the first report of a browser counts, on any instance.
    const [sql, params] = repo.createQueryBuilder().insert().into(RemoteLoadReportEntity).values({ remote: name, version, browser, outcome, created_at: new Date() }).orIgnore().getQueryAndParameters();
    const runner = this.db.createQueryRunner();
    let inserted: boolean;
    try {
      inserted = ((await runner.query(sql, params, true)) as { affected?: number }).affected === 1;
    } finally {
      await runner.release();
    }
    if (this.seen.size >= SEEN_MAX) this.seen.clear();
    this.seen.add(key);
    if (!inserted) return { counted: false, rolledBack: false };
    // Per remote and version (bounded: only a live or canary version of a known remote gets here, once per browser).
    observe.remoteLoad(name, version, outcome === 'ok' ? 'ok' : 'failed');
    return { counted: true, rolledBack: outcome === 'ok' ? false : await this.evaluate(live, version) };
  }

  /** Per `remote/version` within the window: distinct browsers that reported a load, and those that reported a failure. */
  async windowCounts(): Promise<Map<string, BrowserCounts>> {
    const since = new Date(Date.now() - this.config.remoteStore.autoRollback.windowSeconds * 1000);
    const rows = await this.db.getRepository(RemoteLoadReportEntity).find({ where: { created_at: MoreThanOrEqual(since) }, select: { remote: true, version: true, browser: true, outcome: true } });
    const browsers = new Map<string, { all: Set<string>; failed: Set<string> }>();
    for (const r of rows) {
      const key = `${r.remote}/${r.version}`;
      const c = browsers.get(key) ?? { all: new Set<string>(), failed: new Set<string>() };
      c.all.add(r.browser);
      if (r.outcome !== 'ok') c.failed.add(r.browser);
      browsers.set(key, c);
    }
    return new Map([...browsers].map(([key, c]) => [key, { loads: c.all.size, failures: c.failed.size }]));
  }

  /** Distinct browsers that reported a load of `remote` `version` since `from`, and those that reported a failure (SQL COUNT DISTINCT). */
  private async browserCounts(remote: string, version: string, from: Date): Promise<BrowserCounts> {
    const row = await this.db
      .getRepository(RemoteLoadReportEntity)
      .createQueryBuilder('r')
      .select('COUNT(DISTINCT r.browser)', 'loads')
      .addSelect("COUNT(DISTINCT CASE WHEN r.outcome <> 'ok' THEN r.browser END)", 'failures')
      .where('r.remote = :remote AND r.version = :version AND r.created_at >= :from', { remote, version, from })
      .getRawOne<{ loads: string | number; failures: string | number }>();
    return { loads: Number(row?.loads ?? 0), failures: Number(row?.failures ?? 0) };
  }

  private async evaluate(live: RemoteLiveEntity, version: string): Promise<boolean> {
    const { windowSeconds, failureRate, minLoads, minFailedBrowsers } = this.config.remoteStore.autoRollback;
    const isCanary = version === live.canary_version;
    const since = new Date(isCanary ? live.canary_since! : live.activated_at);
    const windowStart = new Date(Date.now() - windowSeconds * 1000);
    if (!isCanary && since < windowStart) return false; // not a new live version any more
    const from = since > windowStart ? since : windowStart;
    const { loads, failures } = await this.browserCounts(live.remote, version, from);
    if (loads < minLoads || failures < minFailedBrowsers || failures / loads < failureRate) return false;
    const key = `${live.remote}/${version}`;
    if (this.rollingBack.has(key)) return false;
    this.rollingBack.add(key);
    try {
      const reason = `automatic rollback: ${failures} of ${loads} browsers failed to load it within ${windowSeconds} s (threshold ${Math.round(failureRate * 100)} % and ${minFailedBrowsers} browsers)`;
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
