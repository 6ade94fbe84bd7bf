import request from 'supertest';
import { createServer } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { pack } from 'tar-stream';
import { OpsAccessPolicy } from '../../src/remote-registry/ops-access.policy';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { AuditService } from '../../src/audit/audit.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { createVerifiedUser } from '../helpers/accounts';
import { runRemoteCommand } from '../../src/remote-registry/remote-registry.cli';
import { REMOTE_DEPLOY_MESSAGES } from '@portal/contracts/server';

const mkdirp = (dir: string) => (mkdirSync(dir, { recursive: true }), dir);

const SHELL = { react: '19.3.1', 'react-dom': '19.3.1', zustand: '5.1.0' };

type Entry = { name: string; body?: string | Buffer; type?: 'file' | 'directory' | 'symlink' | 'link'; linkname?: string };

/** The files of a built remote (version.json, manifest, remoteEntry.js, one chunk), under `prefix`. */
function bundleEntries(version: string, name = 'mfe_releases', prefix = ''): Entry[] {
  const chunk = `465.${version.replace(/\W/g, '')}.js`;
  return [
    { name: `${prefix}version.json`, body: JSON.stringify({ name, version, buildId: version, commit: 'c1', shared: SHELL }) },
    {
      name: `${prefix}mf-manifest.json`,
      body: JSON.stringify({
        name,
        metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
        shared: Object.entries(SHELL).map(([n, v]) => ({ name: n, version: v, singleton: true })),
        exposes: [{ path: './CatalogPage', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
      }),
    },
    { name: `${prefix}remoteEntry.js`, body: `var ${name};` },
    { name: `${prefix}${chunk}`, body: `console.log(${JSON.stringify(version)})` },
  ];
}

/** A tarball of `entries` (gzip unless `gzip` is false), as `tar -czf` of a dist/ folder would be. */
async function tarball(entries: Entry[], gzip = true): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on('data', (c) => chunks.push(c as Buffer));
  const done = new Promise<void>((r) => p.on('end', () => r()));
  for (const e of entries) {
    if (e.type === 'symlink' || e.type === 'link') p.entry({ name: e.name, type: e.type, linkname: e.linkname ?? '/etc/passwd' });
    else if (e.type === 'directory') p.entry({ name: e.name, type: 'directory' });
    else p.entry({ name: e.name }, e.body ?? '');
  }
  p.finalize();
  await done;
  const tar = Buffer.concat(chunks);
  return gzip ? gzipSync(tar) : tar;
}

describe.each(ENGINES)('deploy over HTTP with deploy tokens on %s', (engine) => {
  let t: TestApp;
  let work: string;
  let releasesToken: string;
  let authToken: string;
  let adminToken: string;
  let policy: jest.SpyInstance;
  const as = (token: string) => ({ Authorization: `Bearer ${token}` });
  const versionsOf = (dir: string) => (existsSync(join(t.dataDir, 'remotes', dir)) ? readdirSync(join(t.dataDir, 'remotes', dir)).filter((f) => !f.startsWith('.')) : []);
  const live = async () => (await request(t.http).get('/remotes.json').expect(200)).body as Record<string, string>;
  // The bytes as they are, whatever the Content-Type (superagent would otherwise JSON-encode a Buffer sent as application/json).
  const upload = (remote: string, body: Buffer, token: string, type = 'application/gzip') =>
    request(t.http).post(`/api/ops/remotes/${remote}/versions`).set(as(token)).set('Content-Type', type).serialize((b: Buffer) => b as never).send(body);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-http-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    t = await bootTestApp(engine, { SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'), REMOTE_UPLOAD_MAX_MB: '1' });
    const admin = await createVerifiedUser(t);
    adminToken = admin.token;
    const adminId = (await request(t.http).get('/api/getUserDetails').set(as(admin.token))).body.body.user_id as number;
    policy = jest.spyOn(t.app.get(OpsAccessPolicy), 'isAdmin').mockImplementation(async (user) => user.id === adminId);
  });
  afterAll(async () => {
    policy?.mockRestore();
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('lets an admin create deploy tokens scoped to one remote, shown once and stored hashed; an artist gets 403', async () => {
    const created = await request(t.http).post('/api/ops/remotes/tokens/create').set(as(adminToken)).send({ remote: 'mfe-releases', name: 'releases CI' }).expect(200);
    expect(created.body.body).toMatchObject({ remote: 'mfe_releases', name: 'releases CI', revoked_at: null, token: expect.stringMatching(/^rdt_[A-Za-z0-9_-]{43}$/) });
    releasesToken = created.body.body.token;
    authToken = (await request(t.http).post('/api/ops/remotes/tokens/create').set(as(adminToken)).send({ remote: 'mfe_auth', name: 'auth CI' }).expect(200)).body.body.token;
    const list = await request(t.http).get('/api/ops/remotes/tokens').set(as(adminToken)).expect(200);
    expect(list.body.body.map((r: { name: string }) => r.name)).toEqual(['auth CI', 'releases CI']);
    expect(JSON.stringify(list.body)).not.toContain(releasesToken);
    // Not in the database either: only its sha256.
    const rows = await t.app.get(RemoteRegistryService)['db'].query('SELECT token_hash FROM remote_deploy_tokens');
    expect(JSON.stringify(rows)).not.toContain(releasesToken.slice(4));
    const [audit] = (await t.app.get(AuditService).list({ action: 'remote.token.create', limit: 10, offset: 0 })).rows;
    expect(audit).toMatchObject({ object_type: 'remote_deploy_token' });
    expect(audit!.after).not.toContain('rdt_');

    const artist = await createVerifiedUser(t);
    await request(t.http).post('/api/ops/remotes/tokens/create').set(as(artist.token)).send({ remote: 'mfe_releases', name: 'x' }).expect(403);
    await request(t.http).get('/api/ops/remotes/tokens').set(as(artist.token)).expect(403);
    const bad = await request(t.http).post('/api/ops/remotes/tokens/create').set(as(adminToken)).send({ remote: 'mfe_releases' }).expect(400);
    expect(bad.body.message).toBe('Name is required.');
  });

  it('deploys a tarball with the remote’s token: live, audited with the token’s name', async () => {
    const res = await upload('mfe_releases', await tarball(bundleEntries('1.0.0-ci1')), releasesToken).expect(200);
    expect(res.body.body).toMatchObject({ remote: 'mfe_releases', from: null, to: '1.0.0-ci1', sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: expect.any(Number) });
    expect((await live()).mfe_releases).toBe('/remotes/mfe-releases/1.0.0-ci1/mf-manifest.json');
    const [a] = await t.app.get(RemoteRegistryService).activations('mfe_releases');
    expect(a).toMatchObject({ action: 'deploy', outcome: 'activated', actor: 'deploy-token:releases CI' });
    // Packed under dist/ and uncompressed: the same.
    await upload('mfe_releases', await tarball(bundleEntries('1.0.0-ci2', 'mfe_releases', 'dist/'), false), releasesToken, 'application/x-tar').expect(200);
    expect((await live()).mfe_releases).toContain('/1.0.0-ci2/');
  });

  it('answers 403 to a token of another remote and 401 without a live token; nothing is stored', async () => {
    const body = await tarball(bundleEntries('2.0.0-x', 'mfe_auth'));
    const other = await upload('mfe_auth', body, releasesToken).expect(403);
    expect(other.body.message).toBe('This deploy token is for mfe_releases, not mfe_auth.');
    await upload('mfe_auth', body, 'rdt_not-a-token').expect(401);
    await request(t.http).post('/api/ops/remotes/mfe_auth/versions').set('Content-Type', 'application/gzip').send(body).expect(401);
    // A login session is not a deploy token.
    await upload('mfe_auth', body, adminToken).expect(401);
    await request(t.http).post('/api/ops/remotes/mfe_auth/rollback').set(as(releasesToken)).send({}).expect(403);
    expect(versionsOf('mfe-auth')).toEqual([]);
  });

  it('refuses a tarball with a path leaving its folder, an absolute path or a link (400), storing nothing', async () => {
    const before = versionsOf('mfe-releases');
    const cases: Array<[Entry, RegExp]> = [
      [{ name: '../escape.js', body: 'x' }, /leaves its folder/],
      [{ name: 'static/../../escape.js', body: 'x' }, /leaves its folder/],
      [{ name: '/etc/cron.d/x', body: 'x' }, /unsafe path/],
      [{ name: 'evil-link', type: 'symlink', linkname: '/etc/passwd' }, /symlink entry .* no links/],
      [{ name: 'hard-link', type: 'link', linkname: 'remoteEntry.js' }, /link entry .* no links/],
    ];
    for (const [evil, message] of cases) {
      const res = await upload('mfe_releases', await tarball([...bundleEntries('3.0.0-evil'), evil]), releasesToken);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect(versionsOf('mfe-releases')).toEqual(before);
    expect(existsSync(join(t.dataDir, 'escape.js'))).toBe(false);
    expect(existsSync(join(t.dataDir, 'tmp', 'escape.js'))).toBe(false);
    expect(readdirSync(join(t.dataDir, 'tmp', 'remote-uploads'))).toEqual([]);
    expect((await live()).mfe_releases).toContain('/1.0.0-ci2/');
  });

  it('refuses another content type (415), a body over the limit (413) and a body that is not a tarball (400)', async () => {
    await upload('mfe_releases', Buffer.from('{}'), releasesToken, 'application/json').expect(415);
    const big = await upload('mfe_releases', await tarball([...bundleEntries('4.0.0-big'), { name: 'big.bin', body: randomBytes(1_200_000) }]), releasesToken);
    expect([big.status, big.body.message]).toEqual([413, 'The bundle is larger than 1 MB.']);
    const junk = await upload('mfe_releases', Buffer.from('not a tarball at all'), releasesToken);
    expect(junk.status).toBe(400);
    expect(versionsOf('mfe-releases')).not.toContain('4.0.0-big');
  });

  it('answers a tarball sent as application/json 415 with its message, not a JSON parser error (issue 34 §7)', async () => {
    const body = await tarball(bundleEntries('4.1.0-json'));
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/x-www-form-urlencoded']) {
      const res = await upload('mfe_releases', body, releasesToken, type);
      expect([res.status, res.body.message, res.body.code]).toEqual([415, REMOTE_DEPLOY_MESSAGES.bundleType, 'bad_bundle_type']);
    }
    expect(versionsOf('mfe-releases')).not.toContain('4.1.0-json');
  });

  it('names no path of the server when a bundle holds another remote or lacks a file (issue 34 §7)', async () => {
    const other = await upload('mfe_releases', await tarball(bundleEntries('4.2.0-other', 'mfe_auth')), releasesToken);
    expect([other.status, other.body.message]).toEqual([400, 'the uploaded bundle holds mfe_auth, not mfe_releases.']);
    const missing = await upload('mfe_releases', await tarball(bundleEntries('4.3.0-half').filter((e) => e.name !== 'mf-manifest.json')), releasesToken);
    expect([missing.status, missing.body.message]).toEqual([400, 'mf-manifest.json is missing from the uploaded bundle: build the remote first (npm run build -w <remote>).']);
    const junk = await upload('mfe_releases', await tarball(bundleEntries('4.4.0-junk').map((e) => (e.name === 'version.json' ? { ...e, body: '{ nope' } : e))), releasesToken);
    expect([junk.status, junk.body.message]).toEqual([400, 'version.json of the uploaded bundle is not valid JSON.']);
    for (const res of [other, missing, junk]) {
      expect(JSON.stringify(res.body)).not.toContain(t.dataDir);
      expect(JSON.stringify(res.body)).not.toMatch(/\/(tmp|remote-uploads)\//);
    }
  });

  it('lets one of two deploys sent at the same time win without any flag: one 200, one 409 naming the winner', async () => {
    const [a, b] = await Promise.all([
      upload('mfe_releases', await tarball(bundleEntries('5.0.0-a')), releasesToken),
      upload('mfe_releases', await tarball(bundleEntries('5.0.0-b')), releasesToken),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    const winner = a.status === 200 ? a : b;
    expect(loser.body.message).toMatch(/^Another deploy of mfe_releases won: .* by deploy-token:releases CI.*nothing changed\.$/);
    expect((await live()).mfe_releases).toContain(`/${winner.body.body.to}/`);
    expect(versionsOf('mfe-releases')).not.toContain(winner.body.body.to === '5.0.0-a' ? '5.0.0-b' : '5.0.0-a');
  });

  it('deploys and rolls back with `npm run remote -- deploy <remote> --to <url>` from a build folder', async () => {
    // A listening server of its own (supertest keeps using t.http).
    const server = createServer(t.app.getHttpAdapter().getInstance());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
      const dist = join(work, 'cli-dist');
      for (const e of bundleEntries('6.0.0-cli')) writeFileSync(join(mkdirp(dist), e.name), e.body as string);
      const cli = (...args: string[]) => runRemoteCommand(args, { root: work, cwd: work, env: { DATA_DIR: join(work, 'nodb'), NODE_ENV: 'test', REMOTE_DEPLOY_TOKEN: releasesToken } });
      expect(await cli('deploy', 'mfe-releases', '--from', dist, '--to', url)).toMatch(/^mfe_releases 6\.0\.0-cli deployed\. \(was 5\.0\.0-[ab]\) → \/remotes\/mfe-releases\/6\.0\.0-cli\/mf-manifest\.json$/);
      expect((await live()).mfe_releases).toContain('/6.0.0-cli/');
      expect(await cli('rollback', 'mfe-releases', '--api', url)).toMatch(/^mfe_releases rolled back to 5\.0\.0-[ab]\./);
      await expect(cli('deploy', 'mfe-auth', '--from', dist, '--to', url)).rejects.toThrow('This deploy token is for mfe_releases, not mfe_auth. (HTTP 403)');
    } finally {
      server.close();
    }
  });

  it('rolls back and activates with the token; revoked tokens are refused', async () => {
    await request(t.http).post('/api/ops/remotes/mfe_releases/activate').set(as(releasesToken)).send({ version: '1.0.0-ci2' }).expect(200);
    const current = /\/([^/]+)\/mf-manifest/.exec((await live()).mfe_releases!)![1];
    const back = await request(t.http).post('/api/ops/remotes/mfe_releases/rollback').set(as(releasesToken)).send({}).expect(200);
    expect(back.body.body).toMatchObject({ from: current, to: expect.stringMatching(/^5\.0\.0-[ab]$/) });
    const previous = back.body.body.to;
    const again = await request(t.http).post('/api/ops/remotes/mfe_releases/activate').set(as(releasesToken)).send({ version: current }).expect(200);
    expect(again.body.body).toMatchObject({ from: previous, to: current });
    const bad = await request(t.http).post('/api/ops/remotes/mfe_releases/activate').set(as(releasesToken)).send({ version: '../x' }).expect(400);
    expect(bad.body.message).toBe('Version must be a stored version name.');
    await request(t.http).post('/api/ops/remotes/mfe_releases/activate').set(as(releasesToken)).send({ version: '9.9.9-none' }).expect(404);

    const id = (await request(t.http).get('/api/ops/remotes/tokens').set(as(adminToken))).body.body.find((r: { name: string }) => r.name === 'releases CI').id;
    await request(t.http).post('/api/ops/remotes/tokens/revoke').set(as(adminToken)).send({ id }).expect(200);
    await request(t.http).post('/api/ops/remotes/mfe_releases/rollback').set(as(releasesToken)).send({}).expect(401);
    await request(t.http).post('/api/ops/remotes/tokens/revoke').set(as(adminToken)).send({ id: 99999 }).expect(404);
    void authToken;
  });
});
