import { Command } from 'nest-commander';
import { OperatorCommand } from '../common/cli/operator-command';
import { JobsService } from './jobs.service';

/**
 * `jobs failed | jobs retry <id>`, the job queue on REDIS_URL (docs/decisions/018-scale-out.md):
 * - `jobs failed`: the failed jobs (kept a week), one line each: id, name, attempts, failed at, reason.
 * - `jobs retry <id>`: run a failed job again from its first attempt (an API instance takes it).
 * Both need REDIS_URL: without it jobs run inside the API process, whose failures are in its log
 * (`job failed`) and are not reachable from another process.
 */
@Command({ name: 'jobs', arguments: '<action> [id]', description: 'the job queue on REDIS_URL: "jobs failed" lists failed jobs, "jobs retry <id>" runs one again' })
export class JobsCommand extends OperatorCommand {
  constructor(private readonly jobs: JobsService) {
    super();
  }

  async answer([sub, id]: string[]): Promise<string> {
    if (!this.jobs.distributed) throw new Error('jobs: REDIS_URL is not set; without Redis jobs run inside the API process and its failures are in its log ("job failed")');
    if (sub === 'failed') {
      const failed = await this.jobs.failed();
      if (!failed.length) return 'no failed jobs';
      return failed.map((f) => `${f.id}\t${f.name}\tattempts=${f.attempts}\t${f.failedAt ? new Date(f.failedAt).toISOString() : '-'}\t${f.reason}`).join('\n');
    }
    if (sub === 'retry' && id) {
      if (!(await this.jobs.retry(id))) throw new Error(`no failed job ${id}`);
      return `retrying ${id}`;
    }
    throw new Error('usage: jobs failed | jobs retry <id>');
  }
}

/** Operator commands of the job queue, providers of JobsModule. */
export const JOBS_COMMANDS = [JobsCommand];
