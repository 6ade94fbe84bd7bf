import { DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from './config/app-config';
import './settings'; // registers every module's settings before loadConfig runs (docs/decisions/035)
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { MailModule } from './mail/mail.module';
import { JobsModule } from './jobs/jobs.module';
import { UsersModule } from './users/users.module';
import { AuthModule } from './auth/auth.module';
import { PlatformStatusModule } from './platform-status/platform-status.module';
import { HealthModule } from './health/health.module';
import { ObservabilityModule } from './observability/observability.module';
import { SignedLinksModule } from './common/http/signed-links.module';
import { NotificationsModule } from './notifications/notifications.module';
import { FEATURE_MODULES } from './feature-modules';
import { authThrottlers } from './auth/auth-throttler.guard';
import { createSharedState, SharedStateModule } from './redis/shared-state.module';

/** The modular monolith: core modules plus one module per area (docs/conventions.md §1). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // Rate-limit counts and instance events: in this process, or in Redis shared by every instance (docs/decisions/018).
    const shared = createSharedState(config);
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        SharedStateModule.forRoot(shared),
        ThrottlerModule.forRoot({ throttlers: authThrottlers(config), storage: shared.counters }),
        DatabaseModule,
        JobsModule,
        MailModule,
        PlatformStatusModule,
        UsersModule,
        AuthModule,
        NotificationsModule,
        HealthModule,
        ObservabilityModule,
        SignedLinksModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
