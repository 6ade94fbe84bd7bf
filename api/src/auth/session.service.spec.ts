import { JwtService } from '@nestjs/jwt';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { SessionService, SESSION_CACHE_TTL_MS } from './session.service';
import { SessionOverError } from '../common/domain-error';
import type { SessionEntity } from './session.entity';
import { InstanceEvents } from '../redis/instance-events';

/** An in-memory session table counting its reads. */
function fakeRepository() {
  const rows = new Map<string, SessionEntity>();
  const repo = {
    reads: 0,
    // created_at as the table's default fills it.
    insert: async (row: SessionEntity) => void rows.set(row.id, { ...row, created_at: new Date() }),
    findOne: async ({ where }: { where: { id: string } }) => {
      repo.reads += 1;
      const row = rows.get(where.id);
      return row && !row.revoked_at ? row : null;
    },
    update: async (where: { id?: string; user_id?: number }, fields: Partial<SessionEntity>) => {
      for (const row of rows.values()) if ((where.id && row.id === where.id) || (where.user_id !== undefined && row.user_id === where.user_id)) Object.assign(row, fields);
    },
  };
  return repo;
}

describe('SessionService cache (docs/decisions/010)', () => {
  let repo: ReturnType<typeof fakeRepository>;
  let sessions: SessionService;
  beforeEach(() => {
    repo = fakeRepository();
    sessions = new SessionService({ modules: { auth: { sessionTtlHours: 1 } } } as unknown as AppConfig, new JwtService({ secret: 'test-secret' }), repo as unknown as Repository<SessionEntity>, new InstanceEvents());
  });
  afterEach(() => jest.useRealTimers());

  it('reads the session row once per TTL for repeated calls with one token', async () => {
    const token = await sessions.issue(7, 'login');
    const first = await sessions.authenticate(token, 'login');
    expect(await sessions.authenticate(token, 'login')).toEqual(first);
    expect(repo.reads).toBe(1);
    jest.useFakeTimers({ now: Date.now() + SESSION_CACHE_TTL_MS + 1 });
    await sessions.authenticate(token, 'login');
    expect(repo.reads).toBe(2);
  });

  it('refuses a cached token at once after logout (revoke) and after a password change (revokeAll)', async () => {
    const a = await sessions.issue(7, 'login');
    const b = await sessions.issue(7, 'login');
    const c = await sessions.issue(8, 'login');
    const userA = await sessions.authenticate(a, 'login');
    await sessions.authenticate(b, 'login');
    await sessions.authenticate(c, 'login');
    await sessions.revoke(userA.sessionId);
    await expect(sessions.authenticate(a, 'login')).rejects.toBeInstanceOf(SessionOverError);
    await sessions.authenticate(b, 'login');
    await sessions.revokeAll(7);
    await expect(sessions.authenticate(b, 'login')).rejects.toBeInstanceOf(SessionOverError);
    await expect(sessions.authenticate(c, 'login')).resolves.toMatchObject({ id: 8 });
  });

  it('does not answer a login token for a reset-only route from the cache', async () => {
    const token = await sessions.issue(7, 'login');
    await sessions.authenticate(token, 'login');
    await expect(sessions.authenticate(token, 'reset')).rejects.toBeInstanceOf(SessionOverError);
  });
});
