import { readdirSync } from 'node:fs';
import { DataSource } from 'typeorm';
import { RELEASE_MESSAGES as M } from '@portal/contracts';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { media, ReleasesClient, releaseInfo } from '../helpers/releases-fixtures';
import { UploadEntity } from '../../src/releases/entities/upload.entity';
import { UploadSweeper } from '../../src/releases/uploads/upload-sweeper';

/** Upload abuse (docs/decisions/026): a per-user upload rate, a storage quota, and automatic removal of abandoned uploads. */
describe.each(ENGINES)('upload limits on %s', (engine) => {
  let t: TestApp;
  const client = async () => new ReleasesClient(t, (await createVerifiedUser(t)).token);
  const rows = () => t.app.get(DataSource).getRepository(UploadEntity);
  const storedFiles = () => readdirSync(t.config.uploadsDir, { recursive: true }).filter((f) => !String(f).includes('.partial')).length;

  beforeAll(async () => {
    t = await bootTestApp(engine, { UPLOAD_RATE_PER_MINUTE: '3', UPLOAD_QUOTA_MB: '1', UPLOAD_GRACE_HOURS: '48' });
  });
  afterAll(async () => t?.close());

  it('refuses the upload past the per-minute rate with 429 and Retry-After', async () => {
    const a = await client();
    for (let i = 0; i < 3; i++) await a.upload(media.png(), `c${i}.png`, 'artwork').expect(200);
    const res = await a.upload(media.png(), 'c4.png', 'artwork').expect(429);
    expect(res.body.message).toBe(M.uploadRateLimited);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // Another user is not affected.
    await (await client()).upload(media.png(), 'other.png', 'artwork').expect(200);
  });

  it('refuses an upload that would pass the storage quota, leaving nothing behind', async () => {
    const a = await client();
    const png = media.png();
    const big = Buffer.concat([png, Buffer.alloc(700 * 1024 - png.length)]);
    const first = await a.upload(big, 'big1.png', 'artwork').expect(200);
    const userId = (await rows().findOneByOrFail({ filename: first.body.body.filename })).user_id;
    const before = { rows: await rows().countBy({ user_id: userId }), files: storedFiles() };
    const res = await a.upload(big, 'big2.png', 'artwork').expect(413);
    expect(res.body.message).toBe(M.uploadQuotaFull);
    expect({ rows: await rows().countBy({ user_id: userId }), files: storedFiles() }).toEqual(before);
  });

  it('removes uploads nothing references once the grace period passed, keeping referenced and recent ones', async () => {
    const a = await client();
    const artist = await a.artist('Sweep');
    const used = await a.file(media.png(), 'used.png', 'artwork');
    await a.draft(releaseInfo(artist, { album_artwork: used }));
    const abandoned = await a.file(media.png(), 'abandoned.png', 'artwork');
    const recent = await a.file(media.png(), 'recent.png', 'artwork');
    const old = new Date(Date.now() - 49 * 3600_000);
    await rows().update({ filename: used }, { created_at: old });
    await rows().update({ filename: abandoned }, { created_at: old });
    expect(await t.app.get(UploadSweeper).sweep()).toBeGreaterThanOrEqual(1);
    expect(await rows().existsBy({ filename: abandoned })).toBe(false);
    expect(await rows().existsBy({ filename: used })).toBe(true);
    expect(await rows().existsBy({ filename: recent })).toBe(true);
  });
});
