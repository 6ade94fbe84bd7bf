import { Global, Module } from '@nestjs/common';
import { JobsService } from './jobs.service';

/** Provides JobsService to every module (docs/decisions/018-scale-out.md). */
@Global()
@Module({ providers: [JobsService], exports: [JobsService] })
export class JobsModule {}
