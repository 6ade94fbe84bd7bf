import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { ShutdownState } from '../common/http/graceful-shutdown';
import { HealthController } from './health.controller';
import { ReadinessProbe } from './readiness-probe';

/** Liveness and readiness endpoints; readiness also says when the process drains (decision 022). */
@Module({ imports: [TerminusModule.forRoot({ logger: false })], controllers: [HealthController], providers: [ShutdownState, ReadinessProbe], exports: [ShutdownState] })
export class HealthModule {}
