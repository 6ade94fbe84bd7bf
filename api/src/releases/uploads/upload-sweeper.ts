import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UploadsService } from './uploads.service';
import { JobsService } from '../../jobs/jobs.service';

/** The repeatable job of the sweep (JobsService: once per deployment, not per instance). */
export const UPLOAD_SWEEP_JOB = 'uploads.sweep';
declare module '../../jobs/job-map' {
  interface JobMap {
    'uploads.sweep': { data: Record<string, never>; result: { removed: number } };
  }
}

/**
 * Removes uploads that no release or track references once they are UPLOAD_GRACE_HOURS old, every
 * UPLOAD_SWEEP_MINUTES (0: off), so abandoned files do not wait for an operator (docs/decisions/026). The CLI's
 * `purge-uploads` does the same on demand. A repeatable job (UPLOAD_SWEEP_JOB): with REDIS_URL it runs
 * once per period for the whole deployment, on whichever instance takes it (docs/decisions/018-scale-out.md).
 */
@Injectable()
export class UploadSweeper {
  private readonly logger = new Logger(UploadSweeper.name);

  constructor(
    private readonly uploads: UploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    jobs: JobsService,
  ) {
    jobs.register(UPLOAD_SWEEP_JOB, async () => ({ removed: await this.sweep() }));
    // 0 turns the sweep off (and removes a schedule an earlier start left in Redis).
    jobs.repeat(UPLOAD_SWEEP_JOB, config.uploads.sweepMinutes * 60_000);
  }

  /** One pass; answers how many uploads went. Never throws (a failed pass is logged and retried next time). */
  async sweep(): Promise<number> {
    try {
      const removed = await this.uploads.purgeAbandoned(this.config.uploads.graceHours);
      if (removed) this.logger.log({ msg: 'abandoned uploads removed', removed });
      return removed;
    } catch (e) {
      this.logger.warn({ msg: 'upload sweep failed', err: (e as Error).message });
      return 0;
    }
  }
}
