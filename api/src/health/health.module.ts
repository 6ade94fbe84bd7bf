import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ShutdownState } from '../common/http/graceful-shutdown';
import { HealthController } from './health.controller';

/** Liveness and readiness endpoints; readiness also says when the process drains (decision 022). */
@Module({ imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController], providers: [ShutdownState], exports: [ShutdownState] })
export class HealthModule {}
