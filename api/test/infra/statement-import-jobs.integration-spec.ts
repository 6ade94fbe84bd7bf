import { Queue } from 'bullmq';
import { bootTestApp, type TestApp } from '../helpers/test-app';
import { createStaff } from '../helpers/staff';
import { approvedRelease, as, balanceCents, DISTROKID_HEADER, distrokidRow, newArtist, runImport, statementText, TUNECORE_HEADER } from '../helpers/royalties-fixtures';
import { JobsService } from '../../src/jobs/jobs.service';
import { STATEMENT_IMPORT_JOB } from '../../src/royalties/import/import-runner';
import { startRedis, type Service } from './services';

/**
 * Statement imports as jobs of the JobsService on Redis (docs/decisions/018-scale-out.md; docs/decisions/019):
 * the console's start queues a `statements.import` job in BullMQ, a worker runs it, the console reads
 * its progress and outcome from the import row as before. A failed import is the row's `failed` with
 * its message (not a failed job: the job recorded the outcome). The in-process transport is what every
 * royalties spec under test/integration runs on.
 */
describe('statement imports on the BullMQ job queue', () => {
  let redis: Service;
  let t: TestApp;
  let queue: Queue;

  beforeAll(async () => {
    redis = await startRedis();
    t = await bootTestApp('sqlite', { REDIS_URL: redis.url });
    queue = new Queue(STATEMENT_IMPORT_JOB, { connection: { host: '127.0.0.1', port: redis.port }, prefix: 'portal:jobs' });
  }, 120_000);
  afterAll(async () => {
    await queue?.close();
    await t?.close();
    await redis?.stop();
  }, 60_000);

  it('runs an import as a queued job: applied, credited, progress in the console; a failing one ends failed on its row, not as a failed job', async () => {
    expect(t.app.get(JobsService).distributed).toBe(true);
    const finance = await createStaff(t, 'finance');
    const reviewer = await createStaff(t, 'reviewer');
    const artist = await newArtist(t);
    const single = await approvedRelease(t, artist, reviewer.token, 1);
    const before = await balanceCents(t, artist.id);
    const rows = [distrokidRow({ month: '2026-04', store: 'Spotify', isrc: single.tracks[0].isrc, amount: '12.345678' }), distrokidRow({ month: '2026-04', store: 'Spotify', isrc: 'QZZZZ2600009', amount: '1' })];
    const { started, row } = await runImport(t, finance.token, statementText(DISTROKID_HEADER, rows, '\t'), 'dk-jobs.tsv', { format: 'distrokid', month: '2026-04', confirmed: true });
    expect(started!.body.body).toMatchObject({ status: 'queued' });
    expect(row).toMatchObject({ status: 'applied', rows_read: 2, rows_matched: 1, rows_unmatched: 1, matched_micros: 12_345_678 });
    expect(await balanceCents(t, artist.id)).toBe(before + 1235);
    expect(await queue.getCompletedCount()).toBe(1);
    const list = (await as(t, finance.token).get('ops/statements')).body.body as Array<{ import_id: number; status: string; rows_read: number }>;
    expect(list.find((r) => r.import_id === row!.import_id)).toMatchObject({ status: 'applied', rows_read: 2 });

    const tunecore = ['2026-01', '2026-03-15', 'Spotify', 'DE', 'Asha', 'Single', 'R', 'S', 'L', '', '', '123', single.tracks[0].isrc, 'Stream', 10, '0.1', '3.00', 'EUR', '1', '3.00', 'EUR'];
    const failed = await runImport(t, finance.token, statementText(TUNECORE_HEADER, [tunecore]), 'tc-jobs.csv', { format: 'tunecore', month: '2026-04' });
    expect(failed.row).toMatchObject({ status: 'failed', error: expect.stringContaining('EUR') });
    expect(await queue.getCompletedCount()).toBe(2);
    expect(await t.app.get(JobsService).failed()).toEqual([]);
  }, 120_000);
});
