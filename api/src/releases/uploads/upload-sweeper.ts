import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UploadsService } from './uploads.service';

/**
 * Removes uploads that no release or track references once they are UPLOAD_GRACE_HOURS old, every
 * UPLOAD_SWEEP_MINUTES (0: off), so abandoned files do not wait for an operator (issue 13). The CLI's
 * `purge-uploads` does the same on demand. In cluster mode only worker 0 sweeps.
 */
@Injectable()
export class UploadSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadSweeper.name);
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly uploads: UploadsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const minutes = this.config.uploads.sweepMinutes;
    if (!minutes) return;
    this.timer = setInterval(() => void this.sweep(), minutes * 60_000);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
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
