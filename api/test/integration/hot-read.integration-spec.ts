import { DataSource, QueryFailedError } from 'typeorm';
import { hotRead } from '../../src/database/hot-read';
import { Transactions } from '../../src/database/transactions';
import { scrape } from '../../src/observability/metrics';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import request from 'supertest';
import { createVerifiedUser } from '../helpers/accounts';

/**
 * hotRead (docs/decisions/042): the hot path's reads answer exactly what TypeORM's `query` answers, see
 * what the surrounding transaction wrote, and fail the way a TypeORM query fails (QueryFailedError,
 * counted in portal_db_query_errors_total), on SQLite (prepared statement) and MariaDB (TypeORM).
 */
describe.each(ENGINES)('hotRead on %s', (engine) => {
  let t: TestApp;
  let db: DataSource;
  let userId: number;

  beforeAll(async () => {
    t = await bootTestApp(engine);
    db = t.app.get(DataSource);
    await createVerifiedUser(t, { email: 'hot-read@example.com' });
    userId = Number((await db.manager.query('SELECT id FROM users WHERE email = ?', ['hot-read@example.com']))[0].id);
  });
  afterAll(() => t.close());

  const accountSql = 'SELECT id, name, email FROM users WHERE id = ?';

  it('answers the rows TypeORM answers, again and again (the prepared statement is reused)', async () => {
    const viaTypeorm = await db.manager.query(accountSql, [userId]);
    for (let i = 0; i < 3; i++) expect(await hotRead(db.manager, accountSql, [userId])).toEqual(viaTypeorm);
    expect(await hotRead(db.manager, accountSql, [userId + 1000])).toEqual([]);
    const [row] = await hotRead<{ email: string }>(db.manager, accountSql, [userId]);
    expect(row.email).toBe('hot-read@example.com');
  });

  it("inside a transaction reads that transaction's own uncommitted writes", async () => {
    await t.app.get(Transactions).run(async (m) => {
      await m.query('UPDATE users SET name = ? WHERE id = ?', ['Renamed Inside', userId]);
      const [inside] = await hotRead<{ name: string }>(m, accountSql, [userId]);
      expect(inside.name).toBe('Renamed Inside');
      throw new Error('roll back');
    }).catch((e: Error) => expect(e.message).toBe('roll back'));
    const [after] = await hotRead<{ name: string }>(db.manager, accountSql, [userId]);
    expect(after.name).not.toBe('Renamed Inside');
  });

  it('a failing read rejects with QueryFailedError and counts in portal_db_query_errors_total', async () => {
    const errors = async () => Number(/^portal_db_query_errors_total (\d+)/m.exec((await scrape()).body)?.[1] ?? 0);
    const before = await errors();
    await expect(hotRead(db.manager, 'SELECT nope FROM no_such_table WHERE id = ?', [1])).rejects.toBeInstanceOf(QueryFailedError);
    expect(await errors()).toBe(before + 1);
  });

  it('getUserDetails still answers the account with the ledger balance', async () => {
    const { token } = await createVerifiedUser(t, { email: 'hot-read-2@example.com' });
    const res = await request(t.http).get('/api/getUserDetails').set('authorization', `Bearer ${token}`).expect(200);
    expect(res.body.body).toMatchObject({ email: 'hot-read-2@example.com', revenue: 0 });
  });
});
