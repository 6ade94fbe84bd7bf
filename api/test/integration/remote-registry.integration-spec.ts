import request from 'supertest';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { RemoteActivationEntity, RemoteLiveEntity } from '../../src/remote-registry/remote-registry.entities';
import { OpsAccessPolicy } from '../../src/remote-registry/ops-access.policy';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { AuditService } from '../../src/audit/audit.service';

const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', 'react-router': '7.18.5', 'react-router-dom': '7.18.5', 'styled-components': '6.6.0', zustand: '5.1.0', '@portal/kit': '0.1.0' };

/** A built remote as the webpack plugin leaves it: version.json, mf-manifest.json, a hashed chunk. */
function makeBundle(root: string, version: string, shared: Record<string, string> = SHELL, name = 'mfe_releases'): string {
  const dir = join(root, `${name}-${version}-${Math.random().toString(16).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ name, version, buildId: version.split('-')[1], commit: 'abc123', shared }));
  const chunk = `465.${version.split('-')[1]}.js`;
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: Object.entries(shared).map(([n, v]) => ({ name: n, version: v, singleton: true })),
      exposes: [{ path: './CatalogPage', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
    }),
  );
  writeFileSync(join(dir, 'remoteEntry.js'), `/* ${name} ${version} */`);
  writeFileSync(join(dir, `465.${version.split('-')[1]}.js`), `console.log(${JSON.stringify(version)})`);
  return dir;
}

describe.each(ENGINES)('remote registry on %s', (engine) => {
  let t: TestApp;
  let work: string;
  let registry: RemoteRegistryService;
  const live = async () => (await request(t.http).get('/remotes.json').expect(200)).body as Record<string, string>;

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-registry-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    t = await bootTestApp(engine, { SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'), REMOTE_KEEP_VERSIONS: '5' });
    registry = t.app.get(RemoteRegistryService);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('serves /remotes.json with no-store, from build folders until a version is deployed', async () => {
    const res = await request(t.http).get('/remotes.json').expect(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
      mfe_releases: '/remotes/mfe-releases/mf-manifest.json',
      mfe_support: '/remotes/mfe-support/mf-manifest.json',
      mfe_tools_rights: '/remotes/mfe-tools-rights/mf-manifest.json',
      mfe_ops: '/remotes/mfe-ops/mf-manifest.json',
    });
  });

  it('deploys into an immutable version folder, activates it and audits who did it', async () => {
    const r = await registry.deploy(makeBundle(work, '1.0.0-aaaa000001'), 'asha@ops');
    expect(r).toMatchObject({ remote: 'mfe_releases', from: null, to: '1.0.0-aaaa000001', stored: true });
    expect((await live()).mfe_releases).toBe('/remotes/mfe-releases/1.0.0-aaaa000001/mf-manifest.json');
    expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', '1.0.0-aaaa000001', 'mf-manifest.json'))).toBe(true);

    const manifest = await request(t.http).get('/remotes/mfe-releases/1.0.0-aaaa000001/mf-manifest.json').expect(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await request(t.http).get('/remotes/mfe-releases/1.0.0-aaaa000001/465.aaaa000001.js').expect(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // Same version with other bytes: refused, the folder stays as it was.
    const tampered = makeBundle(work, '1.0.0-aaaa000001');
    writeFileSync(join(tampered, 'remoteEntry.js'), '/* other */');
    await expect(registry.deploy(tampered, 'asha@ops')).rejects.toMatchObject({ httpStatus: 409, message: expect.stringContaining('immutable') });

    const [audit] = await registry.activations('mfe_releases');
    expect(audit).toMatchObject({ action: 'deploy', from_version: null, to_version: '1.0.0-aaaa000001', outcome: 'activated', actor: 'asha@ops' });
  });

  it('rolls back to the previous version, or to a named one, and lists versions with the live marker', async () => {
    await registry.deploy(makeBundle(work, '1.0.1-bbbb000002'), 'ravi@ops');
    expect((await live()).mfe_releases).toContain('/1.0.1-bbbb000002/');

    const back = await registry.rollback('mfe-releases', 'ravi@ops');
    expect(back).toMatchObject({ from: '1.0.1-bbbb000002', to: '1.0.0-aaaa000001' });
    expect((await live()).mfe_releases).toContain('/1.0.0-aaaa000001/');
    await expect(registry.rollback('mfe_releases', 'ravi@ops')).rejects.toMatchObject({ httpStatus: 404 });

    await registry.rollback('mfe_releases', 'ravi@ops', { to: '1.0.1-bbbb000002' });
    const list = await registry.list('mfe_releases');
    expect(list.map((v) => [v.version, v.live, v.deployed_by])).toEqual([
      ['1.0.1-bbbb000002', true, 'ravi@ops'],
      ['1.0.0-aaaa000001', false, 'asha@ops'],
    ]);
    await expect(registry.rollback('mfe_releases', 'ravi@ops', { to: '9.9.9-nope' })).rejects.toMatchObject({ httpStatus: 404 });

    const audit = await registry.activations('mfe_releases');
    expect(audit.slice(0, 3).map((a) => [a.action, a.from_version, a.to_version, a.outcome])).toEqual([
      ['rollback', '1.0.0-aaaa000001', '1.0.1-bbbb000002', 'activated'],
      ['rollback', '1.0.1-bbbb000002', '1.0.0-aaaa000001', 'activated'],
      ['deploy', '1.0.0-aaaa000001', '1.0.1-bbbb000002', 'activated'],
    ]);
  });

  it('lets exactly one of two concurrent activations win, with no half state', async () => {
    const before = (await registry.live('mfe_releases'))!;
    const a = makeBundle(work, '2.0.0-cccc000003');
    const b = makeBundle(work, '2.0.0-dddd000004');
    const outcomes = await Promise.allSettled([
      registry.deploy(a, 'first@ops', { expectedRevision: before.revision }),
      registry.deploy(b, 'second@ops', { expectedRevision: before.revision }),
    ]);
    const won = outcomes.filter((o) => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    // The second deploy finds the first one's claim (or, had it started later, a moved revision): 409 naming the winner.
    expect(lost[0]!.reason).toMatchObject({ httpStatus: 409, code: expect.stringMatching(/^(deploy_in_progress|activation_conflict)$/) });

    const winner = (won[0] as PromiseFulfilledResult<{ to: string }>).value.to;
    expect(lost[0]!.reason.message).toMatch(new RegExp(`Another (deploy|activation) of mfe_releases won: ${winner.replace(/\./g, '\\.')} by (first|second)@ops`));
    const row = await t.app.get(DataSource).getRepository(RemoteLiveEntity).findOneByOrFail({ remote: 'mfe_releases' });
    // The live row is whole: the winner's version, its own manifest URL and shared list, one revision on.
    expect(row).toMatchObject({ version: winner, manifest_url: `/remotes/mfe-releases/${winner}/mf-manifest.json`, revision: before.revision + 1 });
    expect(JSON.parse(row.shared)).toEqual(SHELL);
    const audit = await t.app.get(DataSource).getRepository(RemoteActivationEntity).find({ where: { remote: 'mfe_releases' }, order: { id: 'DESC' }, take: 2 });
    expect(audit.map((x) => x.outcome).sort()).toEqual(['activated', 'conflict']);
    expect(audit.find((x) => x.outcome === 'activated')!.to_version).toBe(winner);
  });

  it('refuses a candidate built against another React major, naming both versions; the live version stays', async () => {
    const liveBefore = (await live()).mfe_releases;
    const bundle = makeBundle(work, '3.0.0-eeee000005', { ...SHELL, react: '18.3.1', 'react-dom': '18.3.1' });
    const refusal = registry.deploy(bundle, 'mallory@ops');
    await expect(refusal).rejects.toMatchObject({ httpStatus: 422, code: 'incompatible_remote' });
    await expect(refusal).rejects.toThrow('react 18.3.1 (the shell has react 19.3.1)');
    expect((await live()).mfe_releases).toBe(liveBefore);
    expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', '3.0.0-eeee000005'))).toBe(false);
    const [audit] = await registry.activations('mfe_releases');
    expect(audit).toMatchObject({ to_version: '3.0.0-eeee000005', outcome: 'refused', actor: 'mallory@ops', reason: expect.stringContaining('react-dom 18.3.1') });
  });

  it('keeps the last 5 versions in the store and refuses to activate a pruned one', async () => {
    for (let i = 6; i <= 9; i++) await registry.deploy(makeBundle(work, `4.0.${i}-ffff00000${i}`), 'ci');
    const list = await registry.list('mfe_releases', { all: true });
    const kept = list.filter((v) => !v.pruned).map((v) => v.version);
    expect((await registry.list('mfe_releases')).map((v) => v.version)).toEqual(kept);
    expect(kept).toHaveLength(5);
    expect(list.find((v) => v.version === '1.0.0-aaaa000001')!.pruned).toBe(true);
    expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', '1.0.0-aaaa000001'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', '4.0.9-ffff000009'))).toBe(true);
    await expect(registry.rollback('mfe_releases', 'ci', { to: '1.0.0-aaaa000001' })).rejects.toMatchObject({ httpStatus: 404, code: 'pruned_version' });
    // Other remotes are untouched by this one's deploys.
    expect((await live()).mfe_support).toBe('/remotes/mfe-support/mf-manifest.json');
  });

  it('answers 403 to an artist on /api/ops/remotes*, and lists and rolls back for an admin of the console', async () => {
    const artist = await createVerifiedUser(t);
    const admin = await createVerifiedUser(t);
    const as = (token: string) => ({ Authorization: `Bearer ${token}` });
    for (const call of [
      request(t.http).get('/api/ops/remotes').set(as(artist.token)),
      request(t.http).get('/api/ops/remotes/activations').set(as(artist.token)),
      request(t.http).post('/api/ops/remotes/rollback').set(as(artist.token)).send({ remote: 'mfe_releases' }),
    ]) {
      const res = await call;
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'ops_admin_required' });
    }
    await request(t.http).get('/api/ops/remotes').expect(401);

    // Until staff sessions exist nobody is an admin; the console issue swaps the policy. Here: one user.
    const adminId = (await request(t.http).get('/api/getUserDetails').set(as(admin.token))).body.body.user_id as number;
    const policy = jest.spyOn(t.app.get(OpsAccessPolicy), 'isAdmin').mockImplementation(async (user) => user.id === adminId);
    try {
      const list = await request(t.http).get('/api/ops/remotes?remote=mfe_releases').set(as(admin.token)).expect(200);
      expect(list.body.total).toBe(list.body.body.length);
      const liveRow = list.body.body.find((v: { live: boolean }) => v.live);
      expect(liveRow).toMatchObject({ remote: 'mfe_releases', version: '4.0.9-ffff000009', deployed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), shared: expect.any(Object), activated_at: expect.stringMatching(/^\d{4}-/) });
      expect(list.body.body.filter((v: { activated_at: string | null }) => v.activated_at !== null)).toHaveLength(1);
      const back = await request(t.http).post('/api/ops/remotes/rollback').set(as(admin.token)).send({ remote: 'mfe_releases' }).expect(200);
      expect(back.body.body).toMatchObject({ remote: 'mfe_releases', from: '4.0.9-ffff000009', to: '4.0.8-ffff000008' });
      expect((await live()).mfe_releases).toContain('/4.0.8-ffff000008/');
      const audit = await request(t.http).get('/api/ops/remotes/activations?remote=mfe_releases').set(as(admin.token)).expect(200);
      expect(audit.body.body[0]).toMatchObject({ action: 'rollback', outcome: 'activated', actor: admin.email.toLowerCase(), to_version: '4.0.8-ffff000008' });
      // The console's own audit has it too, with before and after.
      const [row] = (await t.app.get(AuditService).list({ action: 'remote.rollback', limit: 10, offset: 0 })).rows;
      expect(row).toMatchObject({ actor_email: admin.email.toLowerCase(), object_type: 'remote', object_id: 'mfe_releases' });
      expect([JSON.parse(row.before!).version, JSON.parse(row.after!).version]).toEqual(['4.0.9-ffff000009', '4.0.8-ffff000008']);
      await request(t.http).post('/api/ops/remotes/rollback').set(as(admin.token)).send({ remote: 'mfe_releases', to: '1.0.0-aaaa000001' }).expect(404);
      const bad = await request(t.http).post('/api/ops/remotes/rollback').set(as(admin.token)).send({ remote: 'Not a remote!' }).expect(400);
      expect(bad.body.message).toBe('Remote must be a name like mfe_releases.');
    } finally {
      policy.mockRestore();
    }
  });
});
