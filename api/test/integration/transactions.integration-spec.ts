import { DataSource } from 'typeorm';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { NotificationEntity } from '../../src/notifications/notification.entity';
import { createVerifiedUser } from '../helpers/accounts';
import { UserEntity } from '../../src/users/user.entity';

/**
 * Overlapping transactions keep their own writes (SQLite has one connection per process, so they are
 * queued there; MySQL runs them on pooled connections): one that fails rolls back only itself.
 */
describe.each(ENGINES)('overlapping transactions on %s', (engine) => {
  let t: TestApp;
  let userId: number;
  beforeAll(async () => {
    t = await bootTestApp(engine);
    const u = await createVerifiedUser(t);
    userId = (await t.app.get(DataSource).getRepository(UserEntity).findOneByOrFail({ email: u.email.toLowerCase() })).id;
  });
  afterAll(async () => t?.close());

  it('commits the good ones and rolls back only the failing one, and a nested one still works', async () => {
    const db = t.app.get(DataSource);
    const tick = () => new Promise((r) => setTimeout(r, 5));
    const write = (text: string, fail: boolean) =>
      db.transaction(async (m) => {
        await m.insert(NotificationEntity, { user_id: userId, notification: `${text} 1` });
        await tick();
        await m.insert(NotificationEntity, { user_id: userId, notification: `${text} 2` });
        if (fail) throw new Error('refused');
      });
    const outcomes = await Promise.allSettled([write('a', false), write('b', true), write('c', false), write('d', true), write('e', false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    const rows = (await db.getRepository(NotificationEntity).findBy({ user_id: userId })).map((r) => r.notification).sort();
    expect(rows).toEqual(['a 1', 'a 2', 'c 1', 'c 2', 'e 1', 'e 2']);
    // A transaction opened inside another one does not wait for itself.
    await db.transaction(async (m) => {
      await m.insert(NotificationEntity, { user_id: userId, notification: 'outer' });
      await db.transaction(async (inner) => inner.insert(NotificationEntity, { user_id: userId, notification: 'inner' }));
    });
    expect(await db.getRepository(NotificationEntity).countBy({ user_id: userId })).toBe(8);
  });
});
