import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';
import { JOBS_COMMANDS } from './jobs.cli';

/** Provides JobsService to every module (docs/decisions/018-scale-out.md). */
@Global()
@Module({ providers: [JobsService, ...JOBS_COMMANDS], exports: [JobsService] })
export class JobsModule {}
