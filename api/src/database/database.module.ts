import { Global, Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { dirname } from 'node:path';
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { APP_CONFIG, ConfigError, type AppConfig } from '../config/app-config';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { Keyring } from '../sealing/keyring';
import { keyringFromConfig } from '../sealing/sealing.config';
import { assertSealKeys, bindSealing } from '../sealing/sealed-columns';
import { MIGRATIONS } from './migrations/index';
import { beginImmediate, Transactions } from './transactions';
import { runMigrationsLocked } from './migration-lock';
import { SealRotateCommand } from './sealing.cli';
import { XmlTextScanCommand } from './xml-text-scan';

/**
 * Create the SQLite file readable by its owner only (0600; decision 022), or narrow an existing one:
 * it holds password hashes, sessions and bank details. SQLite gives its -wal and -shm files the same mode.
 */
function ownerOnly(path: string): void {
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
}

/** Where the options carry the keyring of the sealed columns to the data source factory (decision 032). */
const SEALING = Symbol('portal.sealing');

/**
 * TypeORM options for the configured engine, never `synchronize` (DESIGN "Data"). Migrations run at
 * start, by the module's data source factory under the migration lock (runMigrationsLocked), not by
 * TypeORM's `migrationsRun`, which has none. A configuration error found there (a seal key that does not
 * open the database's values) is not retried.
 */
export function typeOrmOptions(config: AppConfig): TypeOrmModuleOptions {
  const common = {
    autoLoadEntities: true,
    migrations: MIGRATIONS,
    migrationsRun: false,
    synchronize: false,
    logging: ['error'] as 'error'[],
    retryAttempts: 3,
    toRetry: (e: unknown) => !(e instanceof ConfigError),
    [SEALING]: keyringFromConfig(config.sealing),
  };
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

/**
 * Open the database of `options` (from typeOrmOptions) as the module does: the sealed columns bound to
 * the configured keys before anything reads them (the migrations too), migrations one instance at a time
 * (MariaDB GET_LOCK), the check that every sealed value opens (decision 032; a ConfigError naming
 * SEAL_KEY otherwise), then `BEGIN IMMEDIATE` for SQLite's transactions (beginImmediate; the queue of one
 * writer at a time is Transactions', docs/decisions/034). The data source is destroyed again when any step fails.
 */
export async function openDatabase(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  try {
    bindSealing(dataSource, (options as unknown as Record<symbol, Keyring>)[SEALING]);
    await runMigrationsLocked(dataSource);
    await assertSealKeys(dataSource, (m) => new ConfigError(m));
  } catch (e) {
    await dataSource.destroy().catch(() => undefined);
    throw e;
  }
  return beginImmediate(dataSource);
}

/** The data source (TypeORM) and Transactions, the one way to run a transaction (docs/decisions/034), for every module. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => typeOrmOptions(config),
      dataSourceFactory: (options) => openDatabase(options!),
    }),
  ],
  providers: [Transactions, SealRotateCommand, XmlTextScanCommand],
  exports: [Transactions],
})
export class DatabaseModule {}
