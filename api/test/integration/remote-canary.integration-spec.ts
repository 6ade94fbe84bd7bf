import request from 'supertest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { OpsAccessPolicy } from '../../src/remote-registry/ops-access.policy';
import { StaffService } from '../../src/staff/staff.service';
import { CLI_ACTOR } from '../../src/audit/audit.service';
import { NotificationsService } from '../../src/notifications/notifications.service';
import { LOAD_REPORTS_SWEEP_JOB, RemoteLoadReportsService } from '../../src/remote-registry/canary/load-reports.service';
import { JobsService } from '../../src/jobs/jobs.service';
import { REMOTE_BEACON_TEXT } from '@portal/contracts';
import { makeBundle, SHELL } from '../helpers/remote-bundles';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';


describe.each(ENGINES)('canary, staff pins, beacon and automatic rollback on %s', (engine) => {
  let t: TestApp;
  let work: string;
  let registry: RemoteRegistryService;
  let admin: { token: string; email: string };
  let adminId: number;
  let policy: jest.SpyInstance;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  /** /remotes.json as a browser with `cookie` sees it: mfe_releases' version and the cookie it was given, if any. */
  const registryAs = async (cookie?: string) => {
    const res = await request(t.http).get('/remotes.json').set(cookie ? { Cookie: cookie } : {}).expect(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0];
    return { version: /\/([^/]+)\/mf-manifest\.json$/.exec(res.body.mfe_releases)?.[1], cookie: setCookie };
  };
  /**
   * A new browser loading a page and reporting `outcome` for `version` with the load token its /remotes.json
   * answer issued (docs/decisions/029); it keeps loading pages until it is served `version` (a canary share).
   */
  const beacon = async (version: string, outcome: string, remote = 'mfe_releases') => {
    let token: string | undefined;
    for (let i = 0; i < 200 && !token; i++) {
      const res = await request(t.http).get('/remotes.json').expect(200);
      if (String(res.body[remote]).includes(`/${version}/`)) token = JSON.parse(res.headers['portal-load-tokens'] ?? '{}')[remote];
    }
    return request(t.http).post('/api/remotes/beacon').send({ remote, version, outcome, token }).expect(200);
  };
  const reported = async (version: string) => (await t.app.get(RemoteLoadReportsService).windowCounts()).get(`mfe_releases/${version}`) ?? { loads: 0, failures: 0 };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-canary-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    t = await bootTestApp(engine, { SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'), REMOTE_AUTO_ROLLBACK_MIN_LOADS: '4', REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT: '50', REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS: '60' });
    registry = t.app.get(RemoteRegistryService);
    admin = await createVerifiedUser(t);
    adminId = (await request(t.http).get('/api/getUserDetails').set(as(admin.token))).body.body.user_id as number;
    await t.app.get(StaffService).add(admin.email, 'admin', CLI_ACTOR);
    policy = jest.spyOn(t.app.get(OpsAccessPolicy), 'isAdmin').mockImplementation(async (user) => user.id === adminId);
    await registry.deploy(makeBundle(work, '1.0.0-live'), 'ci');
    await registry.deploy(makeBundle(work, '1.1.0-canary'), 'ci');
    await registry.rollback('mfe_releases', 'ci');
  });
  afterAll(async () => {
    policy?.mockRestore();
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves a 50 % canary to about half of the browsers, each keeping its own version', async () => {
    const start = await request(t.http).post('/api/ops/remotes/canary').set(as(admin.token)).send({ remote: 'mfe_releases', version: '1.1.0-canary', percent: 50 }).expect(200);
    expect(start.body.body).toEqual({ remote: 'mfe_releases', live: '1.0.0-live', canary: '1.1.0-canary', percent: 50 });
    const seen = { '1.0.0-live': 0, '1.1.0-canary': 0 } as Record<string, number>;
    for (let i = 0; i < 40; i++) {
      const first = await registryAs();
      expect(first.cookie).toMatch(/^portal_browser=[A-Za-z0-9_-]{22}$/);
      seen[first.version!] += 1;
      // The same browser again (its cookie): the same version, no new cookie.
      const again = await registryAs(first.cookie);
      expect(again).toEqual({ version: first.version, cookie: undefined });
    }
    expect(seen['1.0.0-live']).toBeGreaterThan(8);
    expect(seen['1.1.0-canary']).toBeGreaterThan(8);
    const list = await request(t.http).get('/api/ops/remotes?remote=mfe_releases').set(as(admin.token)).expect(200);
    expect(list.body.body.find((v: { version: string }) => v.version === '1.1.0-canary')).toMatchObject({ canary_percent: 50, live: false });
    const bad = await request(t.http).post('/api/ops/remotes/canary').set(as(admin.token)).send({ remote: 'mfe_releases', version: '1.1.0-canary', percent: 100 }).expect(400);
    expect(bad.body.message).toBe('Percent must be a whole number from 1 to 99.');
  });

  it('lets an admin pin their own browser to a stored version; a forged pin does nothing', async () => {
    const pin = await request(t.http).post('/api/ops/remotes/pin').set(as(admin.token)).send({ remote: 'mfe_releases', version: '1.0.0-live' }).expect(200);
    const cookie = ([] as string[]).concat(pin.headers['set-cookie'])[0]!.split(';')[0]!;
    expect(cookie).toMatch(/^portal_remote_pins=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // Pinned: whatever its canary share, this browser loads the pinned version.
    for (let i = 0; i < 6; i++) {
      const browser = (await registryAs()).cookie!;
      expect((await registryAs(`${browser}; ${cookie}`)).version).toBe('1.0.0-live');
    }
    const forged = `portal_remote_pins=${Buffer.from(JSON.stringify({ mfe_releases: '1.1.0-canary' })).toString('base64url')}.${cookie.split('.')[1]}`;
    const browsers = await Promise.all(Array.from({ length: 12 }, () => registryAs()));
    const live = browsers.find((b) => b.version === '1.0.0-live')!;
    expect((await registryAs(`${live.cookie}; ${forged}`)).version).toBe('1.0.0-live');
    await request(t.http).post('/api/ops/remotes/pin').set(as(admin.token)).send({ remote: 'mfe_releases', version: '9.9.9-none' }).expect(404);
    const artist = await createVerifiedUser(t);
    await request(t.http).post('/api/ops/remotes/pin').set(as(artist.token)).send({ remote: 'mfe_releases', version: '1.0.0-live' }).expect(403);
  });

  it('counts beacon reports of live and canary versions only, one per browser, and refuses a bad body', async () => {
    expect((await beacon('1.0.0-live', 'ok')).body).toEqual({ status: 200, message: REMOTE_BEACON_TEXT.received });
    expect(await reported('1.0.0-live')).toEqual({ loads: 1, failures: 0 });
    // A version that is neither live nor canary: the same answer, nothing counted.
    expect((await request(t.http).post('/api/remotes/beacon').send({ remote: 'mfe_releases', version: '0.0.1-old', outcome: 'load_error' }).expect(200)).body.message).toBe(REMOTE_BEACON_TEXT.received);
    expect(await reported('0.0.1-old')).toEqual({ loads: 0, failures: 0 });
    const bad = await request(t.http).post('/api/remotes/beacon').send({ remote: 'mfe_releases', version: '1.0.0-live', outcome: 'exploded' }).expect(400);
    expect(bad.body.message).toBe('Outcome must be ok, load_error or render_error.');
    await request(t.http).post('/api/remotes/beacon').send({ remote: 'mfe_releases' }).expect(400);
  });

  it('rolls a failing canary back by itself: stopped, marked bad, audited, admins notified', async () => {
    await beacon('1.1.0-canary', 'ok');
    await beacon('1.1.0-canary', 'load_error');
    await beacon('1.1.0-canary', 'render_error');
    expect((await registry.list('mfe_releases')).find((v) => v.version === '1.1.0-canary')!.bad).toBeNull(); // 2 of 3 browsers: too few yet
    await beacon('1.1.0-canary', 'load_error'); // 3 of 4 browsers ≥ 50 %
    for (let i = 0; i < 10; i++) expect((await registryAs((await registryAs()).cookie)).version).toBe('1.0.0-live');
    const row = (await registry.list('mfe_releases')).find((v) => v.version === '1.1.0-canary')!;
    expect(row.bad).toMatchObject({ by: 'auto-rollback', reason: expect.stringContaining('3 of 4 browsers failed to load it within 60 s (threshold 50 % and 3 browsers)') });
    const audit = (await registry.activations('mfe_releases')).slice(0, 2).map((a) => [a.action, a.outcome, a.to_version, a.actor]);
    expect(audit).toEqual([
      ['canary', 'marked', '1.1.0-canary', 'auto-rollback'],
      ['mark-bad', 'marked', '1.1.0-canary', 'auto-rollback'],
    ]);
    const notes = await t.app.get(NotificationsService).page(adminId, 0);
    expect(JSON.stringify(notes.rows)).toContain('mfe_releases: its canary 1.1.0-canary was stopped and marked bad');
  });

  it('rolls a failing new live version back to the one before by itself', async () => {
    await registry.deploy(makeBundle(work, '1.2.0-new'), 'ci');
    for (let i = 0; i < 4; i++) await beacon('1.2.0-new', 'load_error');
    expect((await registryAs()).version).toBe('1.0.0-live');
    expect((await registry.activations('mfe_releases'))[0]).toMatchObject({ action: 'auto-rollback', from_version: '1.2.0-new', to_version: '1.0.0-live', actor: 'auto-rollback' });
  });

  it('keeps load reports no longer than a day (the hourly sweep job of the runners)', async () => {
    const { RemoteLoadReportEntity } = await import('../../src/remote-registry/remote-registry.entities');
    const repo = t.app.get(RemoteRegistryService)['db'].getRepository(RemoteLoadReportEntity);
    await repo.insert({ remote: 'mfe_releases', version: '1.0.0-live', browser: 'old-browser', outcome: 'ok', created_at: new Date(Date.now() - 2 * 86_400_000) });
    await beacon('1.0.0-live', 'ok');
    // What the repeatable job does every hour on a runner (docs/decisions/034 "Jobs").
    expect(await t.app.get(JobsService).run(LOAD_REPORTS_SWEEP_JOB, {})).toEqual({ removed: 1 });
    expect(await repo.count({ where: { version: '1.0.0-live' } })).toBeGreaterThan(0);
    expect((await repo.find()).every((r: { created_at: Date }) => Date.now() - new Date(r.created_at).getTime() < 86_400_000)).toBe(true);
  });

  it('answers every report the same, with no per-address limit (behind a balancer every browser may share one address)', async () => {
    for (let i = 0; i < 130; i++) expect((await request(t.http).post('/api/remotes/beacon').send({ remote: 'mfe_releases', version: '1.0.0-live', outcome: 'ok', token: 'x' })).status).toBe(200);
    expect((await beacon('1.0.0-live', 'load_error')).status).toBe(200);
  });
});
