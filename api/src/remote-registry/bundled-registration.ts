import { Inject, Injectable, Logger } from '@nestjs/common';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { JobsService } from '../jobs/jobs.service';
import { LocalRemoteStore, RemoteStore, VERSION_FILE } from './store/remote-store';
import { remoteDir, RemoteRegistryService } from './remote-registry.service';

/** How often the API looks for remotes still without a live version, and for how long after its start. */
const EVERY_MS = 10_000;
const FOR_MS = 15 * 60_000;
/** The actor of these registrations in the activation audit. */
export const BUNDLED_ACTOR = 'bundled-registration';
/** The job of one registration pass; it queues the next pass (EVERY_MS later) while remotes wait, until `until` (epoch ms). */
export const BUNDLED_REGISTRATION_JOB = 'remotes.register-bundled';
declare module '../jobs/job-map' {
  interface JobMap {
    'remotes.register-bundled': { data: { until: number }; result: { waiting: string[] } };
  }
}

/**
 * First start of the containers (docs/decisions/021 "Containers"): with REMOTE_REGISTER_BUNDLED, each
 * remote that has no live version yet gets the newest version its container published into the store
 * (by version.json's `builtAt`), through the ordinary deploy (gate, pre-activation check, claim), so
 * `docker compose up` gives a working portal with no deploy command. A remote with a live version is
 * never touched: later versions go live by `remote deploy` as before. Local store only.
 */
@Injectable()
export class BundledRegistration {
  private readonly logger = new Logger(BundledRegistration.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly registry: RemoteRegistryService,
    private readonly store: RemoteStore,
    private readonly jobs: JobsService,
  ) {
    // Runners only (RUN_JOBS), at start: passes every EVERY_MS for FOR_MS while a remote has no live version.
    jobs.register(BUNDLED_REGISTRATION_JOB, async ({ until }) => {
      const waiting = await this.registerOnce().catch((error: unknown) => {
        this.logger.warn({ msg: 'bundled registration failed', error: String(error) });
        return ['?'];
      });
      // Not awaited: in a single process enqueue waits for the first attempt, which runs after this one.
      if (waiting.length && Date.now() < until) void this.jobs.enqueue(BUNDLED_REGISTRATION_JOB, { until }, { delayMs: EVERY_MS }).catch(() => undefined);
      return { waiting };
    });
    if (config.remoteStore.registerBundled && store instanceof LocalRemoteStore) jobs.afterStart(BUNDLED_REGISTRATION_JOB, 0, { until: Date.now() + FOR_MS });
  }

  /** One pass: registers what it can; resolves to the remotes still without a live version. */
  async registerOnce(): Promise<string[]> {
    const waiting: string[] = [];
    for (const name of Object.keys(this.config.remotes)) {
      if (name in this.config.remotesOverride || (await this.registry.live(name))) continue;
      const dir = remoteDir(name);
      let newest: { version: string; builtAt: string } | null = null;
      for (const version of await this.store.versions(dir)) {
        const file = await this.store.readFile(dir, version, VERSION_FILE).catch(() => null);
        const builtAt = file ? String((JSON.parse(file.body.toString('utf8')) as { builtAt?: unknown }).builtAt ?? '') : '';
        if (!newest || builtAt > newest.builtAt) newest = { version, builtAt };
      }
      if (!newest) {
        waiting.push(name);
        continue;
      }
      try {
        const r = await this.registry.deploy(join((this.store as LocalRemoteStore).root, dir, newest.version), BUNDLED_ACTOR, { remote: name });
        this.logger.log({ msg: 'bundled version registered', remote: name, version: r.to });
      } catch (error) {
        this.logger.warn({ msg: 'bundled version not registered yet', remote: name, version: newest.version, error: (error as Error).message });
        waiting.push(name);
      }
    }
    return waiting;
  }
}
