import { Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { dirname } from 'node:path';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { DataSource } from 'typeorm';
import { MIGRATIONS } from './migrations/index';
import { serialiseSqliteTransactions } from './serial-sqlite-transactions';
import { runMigrationsLocked } from './migration-lock';

/**
 * Create the SQLite file readable by its owner only (0600; decision 022), or narrow an existing one:
 * it holds password hashes, sessions and bank details. SQLite gives its -wal and -shm files the same mode.
 */
function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/**
 * TypeORM options for the configured engine, never `synchronize` (DESIGN "Data"). Migrations run at
 * start, by the module's data source factory under the migration lock (runMigrationsLocked), not by
 * TypeORM's `migrationsRun`, which has none.
 */
export function typeOrmOptions(config: AppConfig): TypeOrmModuleOptions {
  const common = { autoLoadEntities: true, migrations: MIGRATIONS, migrationsRun: false, synchronize: false, logging: ['error'] as ('error')[], retryAttempts: 3 };
  if (config.database.type === 'mysql') {
    return { ...common, type: 'mysql', url: config.database.url, charset: 'utf8mb4_unicode_ci', timezone: 'Z', connectTimeout: 10_000, extra: { connectionLimit: 10 } };
  }
  if (config.database.path !== ':memory:') {
    mkdirSync(dirname(config.database.path), { recursive: true });
    ownerOnly(config.database.path);
  }
  return {
    ...common,
    type: 'better-sqlite3',
    database: config.database.path,
    // WAL lets readers run beside the single writer; busy_timeout waits instead of failing on a lock.
    prepareDatabase: (db: { pragma(s: string): unknown }) => {
      db.pragma('journal_mode = WAL');
      db.pragma('busy_timeout = 5000');
      db.pragma('foreign_keys = ON');
    },
  } as TypeOrmModuleOptions;
}

@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => typeOrmOptions(config),
      // Migrations one instance at a time (MariaDB GET_LOCK), then one transaction at a time on SQLite's
      // single connection (see serialiseSqliteTransactions).
      dataSourceFactory: async (options) => {
        const dataSource = await new DataSource(options!).initialize();
        try {
          await runMigrationsLocked(dataSource);
        } catch (e) {
          await dataSource.destroy().catch(() => undefined);
          throw e;
        }
        return serialiseSqliteTransactions(dataSource);
      },
    }),
  ],
})
export class DatabaseModule {}
