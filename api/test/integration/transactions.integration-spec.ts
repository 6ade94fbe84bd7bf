import { DataSource } from 'typeorm';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { NotificationEntity } from '../../src/notifications/notification.entity';
import { createVerifiedUser } from '../helpers/accounts';
import { UserEntity } from '../../src/users/user.entity';
import { Transactions } from '../../src/database/transactions';

/**
 * The one transaction owner (docs/decisions/034). Overlapping transactions keep their own writes
 * (SQLite has one connection per process, so they are queued there; MySQL runs them on pooled
 * connections): one that fails rolls back only itself. One isolation policy on MySQL/MariaDB
 * (READ COMMITTED) for every module; a nested run is a savepoint of the outer transaction.
 */
describe.each(ENGINES)('transactions on %s', (engine) => {
  let t: TestApp;
  let userId: number;
  let tx: Transactions;
  let db: DataSource;
  const tick = () => new Promise((r) => setTimeout(r, 5));
  beforeAll(async () => {
    t = await bootTestApp(engine);
    const u = await createVerifiedUser(t);
    db = t.app.get(DataSource);
    tx = t.app.get(Transactions);
    userId = (await db.getRepository(UserEntity).findOneByOrFail({ email: u.email.toLowerCase() })).id;
  });
  afterAll(async () => t?.close());
  beforeEach(async () => {
    await db.getRepository(NotificationEntity).delete({ user_id: userId });
  });
  const notes = async () => (await db.getRepository(NotificationEntity).findBy({ user_id: userId })).map((r) => r.notification).sort();

  it('commits the good ones and rolls back only the failing one', async () => {
    const write = (text: string, fail: boolean) =>
      tx.run(async (m) => {
        await m.insert(NotificationEntity, { user_id: userId, notification: `${text} 1` });
        await tick();
        await m.insert(NotificationEntity, { user_id: userId, notification: `${text} 2` });
        if (fail) throw new Error('refused');
      });
    const outcomes = await Promise.allSettled([write('a', false), write('b', true), write('c', false), write('d', true), write('e', false)]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'rejected', 'fulfilled']);
    expect(await notes()).toEqual(['a 1', 'a 2', 'c 1', 'c 2', 'e 1', 'e 2']);
  });

  it('runs a nested transaction as a savepoint of the outer one: it sees the outer writes and its rollback keeps them', async () => {
    await tx.run(async (m) => {
      await m.insert(NotificationEntity, { user_id: userId, notification: 'outer' });
      // Sees the outer's uncommitted row (same connection), does not wait for it.
      const seen = await tx.run((inner) => inner.countBy(NotificationEntity, { user_id: userId }));
      expect(seen).toBe(1);
      await expect(
        tx.run(async (inner) => {
          await inner.insert(NotificationEntity, { user_id: userId, notification: 'inner, rolled back' });
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await tx.run((inner) => inner.insert(NotificationEntity, { user_id: userId, notification: 'inner' }));
    });
    expect(await notes()).toEqual(['inner', 'outer']);
  });

  it('queues work a finished transaction left running (it is not nested in a transaction that has ended)', async () => {
    let late: Promise<unknown> = Promise.resolve();
    await tx.run(async (m) => {
      await m.insert(NotificationEntity, { user_id: userId, notification: 'first' });
      // Started inside, runs after the commit: a transaction of its own, beside another one.
      late = tick().then(() => tx.run((later) => later.insert(NotificationEntity, { user_id: userId, notification: 'late' })));
    });
    const other = tx.run(async (m) => {
      await m.insert(NotificationEntity, { user_id: userId, notification: 'other 1' });
      await tick();
      await tick();
      await m.insert(NotificationEntity, { user_id: userId, notification: 'other 2' });
      throw new Error('refused');
    });
    await expect(other).rejects.toThrow('refused');
    await late;
    expect(await notes()).toEqual(['first', 'late']);
  });

  it('uses one isolation policy on MySQL/MariaDB, READ COMMITTED: a later read sees what another connection committed meanwhile', async () => {
    if (!tx.isMysql) return; // SQLite: one writer at a time (the queue above), serializable.
    const seen = await tx.run(async (m) => {
      const first = await m.countBy(NotificationEntity, { user_id: userId });
      // Committed by another pooled connection while this transaction is open.
      await db.getRepository(NotificationEntity).insert({ user_id: userId, notification: 'committed meanwhile' });
      return [first, await m.countBy(NotificationEntity, { user_id: userId })];
    });
    expect(seen).toEqual([0, 1]);
  });
});
