import type { CliCommand } from '../common/cli-command';
import { JobsService } from './jobs.service';

/**
 * Operator commands of the job queue (docs/decisions/018-scale-out.md):
 * - `jobs failed`: the failed jobs (kept a week), one line each: id, name, attempts, failed at, reason.
 * - `jobs retry <id>`: run a failed job again from its first attempt (an API instance takes it).
 * Both need REDIS_URL: without it jobs run inside the API process, whose failures are in its log
 * (`job failed`) and are not reachable from another process.
 */
export const JOBS_CLI_COMMANDS: CliCommand[] = [
  {
    name: 'jobs',
    usage: 'jobs failed | jobs retry <id>   (the job queue on REDIS_URL: failed jobs, retry one)',
    run: async (app, [sub, id]) => {
      const jobs = app.get(JobsService);
      if (!jobs.distributed) throw new Error('jobs: REDIS_URL is not set; without Redis jobs run inside the API process and its failures are in its log ("job failed")');
      if (sub === 'failed') {
        const failed = await jobs.failed();
        if (!failed.length) return 'no failed jobs';
        return failed
          .map((f) => `${f.id}\t${f.name}\tattempts=${f.attempts}\t${f.failedAt ? new Date(f.failedAt).toISOString() : '-'}\t${f.reason}`)
          .join('\n');
      }
      if (sub === 'retry' && id) {
        if (!(await jobs.retry(id))) throw new Error(`no failed job ${id}`);
        return `retrying ${id}`;
      }
      throw new Error('usage: jobs failed | jobs retry <id>');
    },
  },
];
