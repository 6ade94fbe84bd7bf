import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

/** Name of the MariaDB/MySQL user lock held while migrations run (per server: the database name is added). */
const LOCK_PREFIX = 'portal_migrations';
/** Longest an instance waits for another instance's migrations, seconds. */
export const MIGRATION_LOCK_WAIT_SECONDS = 300;

/**
 * Run the pending migrations of `dataSource`, one instance at a time (docs/decisions/018-scale-out.md,
 * "Migrations"). TypeORM has no lock of its own: two instances started at once on a fresh MariaDB both
 * read "nothing applied" and the second fails on CREATE TABLE (MariaDB's DDL is not transactional, so a
 * half-run migration could even be left behind). On MariaDB/MySQL the migrations run while this
 * connection holds `GET_LOCK('portal_migrations:<database>')`; the others wait for it (up to
 * MIGRATION_LOCK_WAIT_SECONDS), then find nothing pending. The lock is the connection's: a crashed
 * instance releases it. SQLite needs none here (one API process per file migrates at boot; decision 012).
 * Logs `migrations applied` with `count` (0 when another instance had run them). Throws when the lock
 * is not obtained in time (the message names the wait) or a migration fails.
 */
export async function runMigrationsLocked(dataSource: DataSource, logger = new Logger('Database')): Promise<number> {
  if (dataSource.options.type !== 'mysql' && dataSource.options.type !== 'mariadb') {
    const ran = await dataSource.runMigrations({ transaction: 'all' });
    if (ran.length) logger.log({ msg: 'migrations applied', count: ran.length });
    return ran.length;
  }
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [{ db }] = (await runner.query('SELECT DATABASE() AS db')) as Array<{ db: string }>;
    // MySQL limits lock names to 64 characters.
    const name = `${LOCK_PREFIX}:${db}`.slice(0, 64);
    const started = Date.now();
    const [{ got }] = (await runner.query('SELECT GET_LOCK(?, ?) AS got', [name, MIGRATION_LOCK_WAIT_SECONDS])) as Array<{ got: number | string | null }>;
    if (Number(got) !== 1) throw new Error(`migrations: another instance held the migration lock "${name}" for over ${MIGRATION_LOCK_WAIT_SECONDS} s; is one stuck? (SELECT IS_USED_LOCK('${name}') names its connection)`);
    const waitedMs = Date.now() - started;
    try {
      const ran = await dataSource.runMigrations({ transaction: 'all' });
      logger.log({ msg: 'migrations applied', count: ran.length, waited_for_lock_ms: waitedMs });
      return ran.length;
    } finally {
      await runner.query('SELECT RELEASE_LOCK(?)', [name]).catch(() => undefined);
    }
  } finally {
    await runner.release();
  }
}
