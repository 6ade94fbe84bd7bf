import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { MIGRATIONS } from '../../src/database/migrations';
import { SupportDesk1765400000000 } from '../../src/database/migrations/1765400000000-support-desk';
import { ENGINES } from '../helpers/test-app';
import { scratchMysqlDatabase } from '../infra/services';

/**
 * The support desk's migration (docs/decisions/023-staff-desks.md "Support desk") on a database that
 * already holds tickets: the last word and its time come from each ticket's thread.
 */
describe.each(ENGINES)('support desk migration on %s', (engine) => {
  let options: DataSourceOptions;
  let cleanup: () => Promise<void>;
  const upTo = MIGRATIONS.indexOf(SupportDesk1765400000000);

  beforeAll(async () => {
    if (engine === 'mysql') {
      const db = await scratchMysqlDatabase('supportdesk_mig');
      options = { type: 'mysql', url: db.url, timezone: 'Z' };
      cleanup = db.drop;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'supportdesk-mig-'));
      options = { type: 'better-sqlite3', database: join(dir, 'db.sqlite') };
      cleanup = async () => rmSync(dir, { recursive: true, force: true });
    }
  });
  afterAll(async () => cleanup?.());

  it('fills last_by and last_message_at from the existing threads', async () => {
    const before = new DataSource({ ...options, migrations: MIGRATIONS.slice(0, upTo) });
    await before.initialize();
    await before.runMigrations();
    const insert = (table: string, row: Record<string, unknown>) => before.createQueryBuilder().insert().into(table).values(row).execute();
    const at = (s: string) => new Date(`2026-03-0${s}T10:00:00Z`);
    await insert('users', { id: 9, name: 'Asha', email: 'asha@example.com', phone: '9999999999', address: 'Pune', password_hash: 'x' });
    for (const id of [1, 2, 3]) await insert('tickets', { id, user_id: 9, reason: 'Others', reply: `Concern ${id}`, status: 0, created_at: at('1'), updated_at: at('1') });
    // 1: support answered last; 2: the artist wrote after support; 3: no message yet.
    await insert('ticket_messages', { id: 1, ticket_id: 1, user_id: 9, sent_by: 'support', reply: 'Answer', created_at: at('2') });
    await insert('ticket_messages', { id: 2, ticket_id: 2, user_id: 9, sent_by: 'support', reply: 'Answer', created_at: at('2') });
    await insert('ticket_messages', { id: 3, ticket_id: 2, user_id: 9, sent_by: 'user', reply: 'Thanks, but', created_at: at('3') });
    await before.destroy();

    // Up to this migration only: later ones (another feature's) are not this test's subject.
    const after = new DataSource({ ...options, migrations: MIGRATIONS.slice(0, upTo + 1) });
    await after.initialize();
    expect((await after.runMigrations()).map((m) => m.name)).toEqual(['SupportDesk1765400000000']);
    const rows = (await after.query('SELECT id, last_by, last_message_at, assigned_to FROM tickets ORDER BY id')) as Array<{ id: number; last_by: string; last_message_at: string | Date; assigned_to: number | null }>;
    const iso = (v: string | Date) => new Date(typeof v === 'string' && !v.endsWith('Z') ? `${v.replace(' ', 'T')}Z` : v).toISOString();
    expect(rows.map((r) => [Number(r.id), r.last_by, iso(r.last_message_at), r.assigned_to])).toEqual([
      [1, 'support', at('2').toISOString(), null],
      [2, 'user', at('3').toISOString(), null],
      [3, 'user', at('1').toISOString(), null],
    ]);
    await after.undoLastMigration();
    await after.destroy();
  });
});
