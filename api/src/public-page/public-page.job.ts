import { Injectable } from '@nestjs/common';
import { JobsService } from '../jobs/jobs.service';
import { PublicPageService } from './public-page.service';

/** The release-day job of the pre-save lists (JobsService: once per deployment per period, RUN_JOBS instances only). */
export const PUBLIC_PAGE_RELEASE_DAY_JOB = 'public-page.release-day';
declare module '../jobs/job-map' {
  interface JobMap {
    'public-page.release-day': { data: Record<string, never>; result: { mailed: number; purged: number } };
  }
}
/** How often the job looks for releases whose day has come (ms): a fan hears within this of the release date. */
export const RELEASE_DAY_EVERY_MS = 10 * 60_000;

/**
 * Schedules PublicPageService.releaseDay every RELEASE_DAY_EVERY_MS, and at start (a deployment that was
 * down at midnight mails when it is back). Idempotent: each address is claimed before it is mailed, so a
 * retry, an overlap or two instances mail it once.
 */
@Injectable()
export class PublicPageReleaseDayJob {
  constructor(pages: PublicPageService, jobs: JobsService) {
    jobs.register(PUBLIC_PAGE_RELEASE_DAY_JOB, () => pages.releaseDay(), { attempts: 3, backoffMs: 30_000 });
    jobs.repeat(PUBLIC_PAGE_RELEASE_DAY_JOB, RELEASE_DAY_EVERY_MS, {}, { atStart: true });
  }
}
