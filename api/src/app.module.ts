import { DynamicModule, Module } from '@nestjs/common';
import { ThrottlerModule } from '@nestjs/throttler';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { MailModule } from './mail/mail.module';
import { UsersModule } from './users/users.module';
import { AuthModule } from './auth/auth.module';
import { PlatformStatusModule } from './platform-status/platform-status.module';
import { HealthModule } from './health/health.module';
import { SignedLinksModule } from './common/http/signed-links.module';
import { NotificationsModule } from './notifications/notifications.module';
import { FEATURE_MODULES } from './feature-modules';
import { authThrottlers } from './auth/auth-throttler.guard';
import { ClusterModule } from './cluster/cluster.module';
import { SharedCounters } from './cluster/shared-counters';

/** The modular monolith: core modules plus one module per area (CONVENTIONS §1). */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    // One store of rate-limit counts per app, shared with the other workers in cluster mode.
    const counters = new SharedCounters();
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        ClusterModule.forRoot(counters),
        ThrottlerModule.forRoot({ throttlers: authThrottlers(config), storage: counters }),
        DatabaseModule,
        MailModule,
        PlatformStatusModule,
        UsersModule,
        AuthModule,
        NotificationsModule,
        HealthModule,
        SignedLinksModule,
        ...FEATURE_MODULES,
      ],
    };
  }
}
