import 'reflect-metadata';
import { Module, type DynamicModule, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigModule } from '../config/config.module';
import type { AppConfig } from '../config/app-config';
import { DatabaseModule } from '../database/database.module';
import { RemoteRegistryCoreModule } from './remote-registry-core.module';
import { RemoteCanaryService } from './canary/canary.service';
import { RemoteRegistryService } from './remote-registry.service';

/** Just what the on-server command needs: config, database (migrations run), the registry's core. */
@Module({})
class RemoteCliModule {
  static forRoot(config: AppConfig): DynamicModule {
    // The registry's core only: no controllers, staff or Redis (the HTTP side is RemoteRegistryModule's).
    return { module: RemoteCliModule, imports: [ConfigModule.forRoot(config), DatabaseModule, RemoteRegistryCoreModule] };
  }
}

/**
 * Boot the `npm run remote` command's Nest context on `config`'s database and version store; the caller
 * closes `app`. Loaded by the command only for on-server work, so a deploy over HTTP from a team's CI
 * never loads Nest or TypeORM (docs/decisions/021).
 */
export async function openRemoteCli(config: AppConfig): Promise<{ app: INestApplicationContext; registry: RemoteRegistryService; canary: RemoteCanaryService }> {
  const app = await NestFactory.createApplicationContext(RemoteCliModule.forRoot(config), { logger: ['error', 'warn'] });
  return { app, registry: app.get(RemoteRegistryService), canary: app.get(RemoteCanaryService) };
}
