import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { letTimePass } from '../helpers/wait-for';
import { JobsService } from '../../src/jobs/jobs.service';
import { DeliveryEntity } from '../../src/distribution/delivery/delivery.entities';
import { StatementImportEntity } from '../../src/royalties/shared/royalty.entities';
import { pollUntil, startRedis, type Service } from './services';

/**
 * RUN_JOBS governs every schedule (docs/decisions/034 "Jobs"): a web-only instance (RUN_JOBS=false)
 * runs none of them, not the delivery poller (which used to run in any process serving HTTP), nor the
 * start-up pick-up of left-over statement imports; a runner on the same database and Redis does both.
 * Real redis-server, real database (SQLite; MariaDB too with MYSQL_URL).
 */
describe.each(ENGINES)('schedules on %s: only instances that run jobs run them', (engine) => {
  let redis: Service;
  let web: TestApp;
  let runner: TestApp | undefined;
  let db: DataSource;
  let deliveryId: number;
  let importId: number;

  beforeAll(async () => {
    redis = await startRedis(engine === 'mysql' ? 47712 : 47711);
    web = await bootTestApp(engine, { REDIS_URL: redis.url, RUN_JOBS: 'false' });
    db = web.app.get(DataSource);
    // Left by a process that died: a delivery stuck `delivering` for an hour, an import still `queued`.
    const hourAgo = new Date(Date.now() - 3600_000);
    const file = join(web.dataDir, 'left-over.csv');
    writeFileSync(file, 'isrc,amount\n');
    deliveryId = (await db.getRepository(DeliveryEntity).insert({ release_id: 1, target_id: 1, store: 'nowhere', kind: 'release', status: 'delivering', updated_at: hourAgo })).identifiers[0]!.id as number;
    importId = (
      await db.getRepository(StatementImportEntity).insert({ file_name: 'left-over.csv', file_sha256: 'f'.repeat(64), file_path: file, status: 'queued', created_at: hourAgo })
    ).identifiers[0]!.id as number;
  }, 60_000);
  afterAll(async () => {
    await runner?.close();
    await web?.close();
    await redis?.stop();
  });

  const deliveryStatus = async () => (await db.getRepository(DeliveryEntity).findOneByOrFail({ id: deliveryId })).status;
  const importStatus = async () => (await db.getRepository(StatementImportEntity).findOneByOrFail({ id: importId })).status;

  it('a web-only instance runs no schedule: the stuck delivery and the left-over import stay as they were', async () => {
    expect(web.app.get(JobsService).runsJobs).toBe(false);
    // Kept on purpose: longer than the poll's first run (at once) and the import pick-up (1 s after start).
    await letTimePass(2500);
    expect(await deliveryStatus()).toBe('delivering');
    expect(await importStatus()).toBe('queued');
  }, 30_000);

  it('a runner on the same database and Redis runs them: the delivery is queued again and tried, the import picked up', async () => {
    runner = await bootTestApp(engine, { REDIS_URL: redis.url, RUN_JOBS: 'true', DATA_DIR: web.dataDir, ...(web.config.database.type === 'mysql' ? { DATABASE_URL: web.config.database.url } : {}) });
    await pollUntil('the delivery poller took the stuck row', async () => (await deliveryStatus()) !== 'delivering' || (await db.getRepository(DeliveryEntity).findOneByOrFail({ id: deliveryId })).attempts > 0, 20_000);
    await pollUntil('the left-over import was picked up', async () => (await importStatus()) !== 'queued', 20_000);
  }, 60_000);

  it('types job names, data and results by the job map', () => {
    const jobs = web.app.get(JobsService);
    // Compile-time only (never called): a misspelt name, wrong data and a wrong result type fail `npm run typecheck`.
    const misuse = () => {
      // @ts-expect-error -- no job of that name in the JobMap
      void jobs.enqueue('mail.sned', { to: 'a@example.com', subject: 's', text: 't' });
      // @ts-expect-error -- the delivery job takes { delivery_id: number }
      void jobs.enqueue('distribution.deliver', { delivery: 1 });
      // @ts-expect-error -- the renditions job answers { bytes } | { unreadable } | { missing }, not a string
      jobs.register('artwork.renditions', async () => 'done');
    };
    expect(typeof misuse).toBe('function');
  });
});
