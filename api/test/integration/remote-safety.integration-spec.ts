import request from 'supertest';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type Server as NetServer, type Socket } from 'node:net';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, sep } from 'node:path';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';
import { waitFor } from '../helpers/wait-for';

/** The shell's shared list as its build writes it (shell/dist/shared-versions.json). */
const SHELL: Record<string, string> = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  'styled-components': '6.6.0',
  zustand: '5.1.0',
  'react-hot-toast': '2.6.1',
  yup: '1.7.1',
  formik: '2.4.9',
  dayjs: '1.11.23',
  ky: '1.14.3',
  '@portal/kit/session-store': '0.2.0',
  '@portal/kit/dialog': '0.2.0',
};

type BundleOptions = { shared?: Record<string, string>; name?: string; entry?: string | null; chunk?: string; notSingleton?: string[] };

/** A built remote as the webpack plugin leaves it: version.json, mf-manifest.json, remoteEntry.js, one exposed chunk. */
function makeBundle(root: string, version: string, { shared = SHELL, name = 'mfe_releases', entry = `var ${name};`, chunk = `465.${version.replace(/\W/g, '')}.js`, notSingleton = [] }: BundleOptions = {}): string {
  const dir = join(root, `${name}-${version}-${Math.random().toString(16).slice(2)}`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'version.json'), JSON.stringify({ name, version, buildId: version, commit: `c0ffee-${version}`, shared }));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
      shared: Object.entries(shared).map(([n, v]) => ({ name: n, version: v, singleton: !notSingleton.includes(n) })),
      exposes: [{ path: './CatalogPage', assets: { js: { sync: [chunk], async: [] }, css: { sync: [], async: [] } } }],
    }),
  );
  if (entry !== null) writeFileSync(join(dir, 'remoteEntry.js'), entry);
  writeFileSync(join(dir, chunk), `console.log(${JSON.stringify(version)})`);
  return dir;
}

describe.each(ENGINES)('remotes 2: rollback, bad marks, pruning, concurrent deploys, checks, gate on %s', (engine) => {
  let t: TestApp;
  let work: string;
  let registry: RemoteRegistryService;
  // mfe_auth's versions are served by `origin` (its own server, as REMOTE_ORIGINS describes), mfe_support's by `hang`.
  let origin: HttpServer;
  let hang: NetServer;
  const sockets: Socket[] = [];
  const live = async () => (await request(t.http).get('/remotes.json').expect(200)).body as Record<string, string>;
  const version = (remote = 'mfe_releases') => live().then((r) => /\/([^/]+)\/mf-manifest\.json$/.exec(r[remote]!)?.[1]);
  const deploy = (v: string, options: BundleOptions = {}, by = 'ci@ops', force = false) => registry.deploy(makeBundle(work, v, options), by, { force });

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-safety-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    let storeRoot = '';
    // A static server of mfe_auth's store that answers `*.as-text.js` as text/plain (a misconfigured origin).
    origin = createHttpServer((req, res) => {
      const file = resolve(storeRoot, '.' + decodeURIComponent(new URL(req.url!, 'http://x').pathname));
      if (!file.startsWith(storeRoot + sep) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
      const type = file.endsWith('.as-text.js') ? 'text/plain' : file.endsWith('.json') ? 'application/json' : 'application/javascript';
      res.writeHead(200, { 'content-type': type, 'access-control-allow-origin': '*' }).end(readFileSync(file));
    });
    hang = createNetServer((s) => sockets.push(s)); // accepts, never answers
    await Promise.all([new Promise<void>((r) => origin.listen(0, '127.0.0.1', r)), new Promise<void>((r) => hang.listen(0, '127.0.0.1', r))]);
    const port = (s: HttpServer | NetServer) => (s.address() as { port: number }).port;
    t = await bootTestApp(engine, {
      SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'),
      REMOTE_KEEP_VERSIONS: '3',
      REMOTE_CHECK_TIMEOUT_MS: '1500',
      REMOTE_ORIGINS: JSON.stringify({ mfe_auth: `http://127.0.0.1:${port(origin)}`, mfe_support: `http://127.0.0.1:${port(hang)}` }),
    });
    storeRoot = join(t.dataDir, 'remotes', 'mfe-auth');
    registry = t.app.get(RemoteRegistryService);
  });
  afterAll(async () => {
    await t?.close();
    for (const s of sockets) s.destroy();
    origin?.close();
    hang?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('rolls back to the version that was live before, by activation history: A, B, rollback, C, rollback lands on A', async () => {
    await deploy('1.0.0-a');
    await deploy('1.0.0-b');
    expect((await registry.rollback('mfe_releases', 'ops')).to).toBe('1.0.0-a');
    await deploy('1.0.0-c');
    const back = await registry.rollback('mfe_releases', 'ops');
    expect(back).toMatchObject({ from: '1.0.0-c', to: '1.0.0-a' });
    expect(await version()).toBe('1.0.0-a');
    // Redeploying an older build, then a plain rollback: back to what was live before it.
    await deploy('1.0.0-c');
    await registry.deploy(makeBundle(work, '1.0.0-a'), 'ci@ops');
    expect(await version()).toBe('1.0.0-a');
    expect((await registry.rollback('mfe_releases', 'ops')).to).toBe('1.0.0-c');
  });

  it('never re-activates a version marked bad without force; rollback skips it', async () => {
    // live: c, was live before: a
    await deploy('1.0.0-d');
    const marked = await registry.markBad('mfe_releases', '1.0.0-c', 'checkout button dead', 'asha@ops');
    expect(marked).toEqual({ remote: 'mfe_releases', version: '1.0.0-c', live: false });
    // History: a, c, d. Rollback from d skips c (bad) and lands on a.
    expect((await registry.rollback('mfe_releases', 'ops')).to).toBe('1.0.0-a');
    const refusal = registry.rollback('mfe_releases', 'ops', { to: '1.0.0-c' });
    await expect(refusal).rejects.toMatchObject({ httpStatus: 409, code: 'bad_version' });
    await expect(refusal).rejects.toThrow('is marked bad (checkout button dead, by asha@ops)');
    await expect(deploy('1.0.0-c')).rejects.toMatchObject({ httpStatus: 409, code: 'bad_version' });
    expect(await version()).toBe('1.0.0-a');
    const [audit] = await registry.activations('mfe_releases');
    expect(audit).toMatchObject({ outcome: 'refused', to_version: '1.0.0-c' });
    expect((await registry.rollback('mfe_releases', 'ops', { to: '1.0.0-c', force: true })).to).toBe('1.0.0-c');
    expect(await version()).toBe('1.0.0-c');
    const listed = (await registry.list('mfe_releases')).find((v) => v.version === '1.0.0-c')!;
    expect(listed.bad).toMatchObject({ by: 'asha@ops', reason: 'checkout button dead' });
    await expect(registry.markBad('mfe_releases', '9.9.9-x', 'x', 'ops')).rejects.toMatchObject({ httpStatus: 404 });
  });

  it('pruning keeps the live version, the one live a moment ago and the newest, never by deploy order alone', async () => {
    const remote = 'mfe_tools_rights';
    const v = (n: number) => `2.0.${n}-p`;
    for (const n of [1, 2, 3]) await deploy(v(n), { name: remote });
    await registry.rollback(remote, 'ops', { to: v(1) }); // v3 was live a moment ago
    const r = await deploy(v(4), { name: remote }); // keep 3: v4 (live), v1 (live a moment ago), v3 (was live)
    expect(r.pruned).toEqual([v(2)]);
    const dir = join(t.dataDir, 'remotes', 'mfe-tools-rights');
    expect([1, 2, 3, 4].map((n) => existsSync(join(dir, v(n))))).toEqual([true, false, true, true]);
    expect((await registry.rollback(remote, 'ops')).to).toBe(v(1));
  });

  it('lets exactly one of two deploys started together win, without any flag; the loser names the winner', async () => {
    const before = await version();
    const outcomes = await Promise.allSettled([deploy('3.0.0-first', {}, 'first@ops'), deploy('3.0.0-second', {}, 'second@ops')]);
    const won = outcomes.filter((o): o is PromiseFulfilledResult<Awaited<ReturnType<typeof deploy>>> => o.status === 'fulfilled');
    const lost = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect([won.length, lost.length]).toEqual([1, 1]);
    const winner = won[0]!.value.to;
    expect(lost[0]!.reason).toMatchObject({ httpStatus: 409 });
    expect(lost[0]!.reason.message).toContain(`won: ${winner} by ${winner.endsWith('first') ? 'first' : 'second'}@ops`);
    expect(await version()).toBe(winner);
    expect(before).not.toBe(winner);
    // The loser left nothing: not stored, not listed.
    const loser = winner.endsWith('first') ? '3.0.0-second' : '3.0.0-first';
    expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', loser))).toBe(false);
    expect((await registry.list('mfe_releases')).map((x) => x.version)).not.toContain(loser);
  });

  describe('pre-activation check', () => {
    it('refuses a bundle without remoteEntry.js, naming it; the live version stays and nothing is stored', async () => {
      const before = await version();
      const refusal = deploy('4.0.0-noentry', { entry: null });
      await expect(refusal).rejects.toMatchObject({ httpStatus: 422, code: 'check_failed' });
      await expect(refusal).rejects.toThrow(/remoteEntry\.js \(.*\/4\.0\.0-noentry\/remoteEntry\.js\) answered HTTP 404\. The live version stays\./);
      expect(await version()).toBe(before);
      expect(existsSync(join(t.dataDir, 'remotes', 'mfe-releases', '4.0.0-noentry'))).toBe(false);
    });

    it('refuses a remoteEntry.js that does not parse', async () => {
      await expect(deploy('4.0.0-broken', { entry: 'var mfe_releases = {' })).rejects.toThrow(/remoteEntry\.js .* does not parse/);
    });

    it('fetches from the remote’s own origin: a chunk served with the wrong content type or missing is refused', async () => {
      const ok = await deploy('5.0.0-ok', { name: 'mfe_auth' });
      expect(ok.manifest_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/5\.0\.0-ok\/mf-manifest\.json$/);
      await expect(deploy('5.0.0-text', { name: 'mfe_auth', chunk: 'x.as-text.js' })).rejects.toThrow(/a chunk of \.\/CatalogPage \(.*x\.as-text\.js\) is served as "text\/plain", not JavaScript/);
      const noChunk = makeBundle(work, '5.0.0-nochunk', { name: 'mfe_auth' });
      rmSync(join(noChunk, '465.500nochunk.js'));
      await expect(registry.deploy(noChunk, 'ci@ops')).rejects.toThrow(/a chunk of \.\/CatalogPage .* answered HTTP 404/);
      expect(await version('mfe_auth')).toBe('5.0.0-ok');
    });

    it('refuses when the origin never answers, within the timeout', async () => {
      const before = (await live()).mfe_support;
      const started = Date.now();
      await expect(deploy('6.0.0-hang', { name: 'mfe_support' })).rejects.toThrow(/mf-manifest\.json \(http:\/\/127\.0\.0\.1:\d+\/6\.0\.0-hang\/mf-manifest\.json\) did not answer within 1500 ms/);
      expect(Date.now() - started).toBeLessThan(5000);
      expect((await live()).mfe_support).toBe(before);
    });
  });

  describe('compatibility gate', () => {
    const majors: Record<string, string> = {
      react: '18.3.1',
      'react-dom': '18.3.1',
      'react-router-dom': '6.30.0',
      'styled-components': '5.3.11',
      zustand: '4.5.0',
      'react-hot-toast': '1.0.0',
      yup: '0.32.11',
      formik: '1.5.8',
      dayjs: '2.0.0',
      ky: '0.33.3',
      '@portal/kit/session-store': '0.1.0',
    };
    it.each(Object.entries(majors))('refuses a candidate built against another line of %s', async (pkg, other) => {
      const before = await version();
      const shared = pkg.startsWith('@portal/kit') ? { ...SHELL, '@portal/kit/session-store': other, '@portal/kit/dialog': other } : { ...SHELL, [pkg]: other };
      const refusal = deploy(`7.0.0-${pkg.replace(/\W/g, '')}`, { shared });
      await expect(refusal).rejects.toMatchObject({ httpStatus: 422, code: 'incompatible_remote' });
      const kit = pkg.startsWith('@portal/kit');
      await expect(refusal).rejects.toThrow(`${kit ? '@portal/kit' : pkg} ${other} (the shell has ${kit ? '@portal/kit' : pkg} ${SHELL[pkg]})`);
      expect(await version()).toBe(before);
    });

    it('refuses a remote that bundles its own React instead of sharing it', async () => {
      const { react: _r, 'react-dom': _d, ...rest } = SHELL;
      const refusal = deploy('7.1.0-ownreact', { shared: rest });
      await expect(refusal).rejects.toMatchObject({ httpStatus: 422 });
      await expect(refusal).rejects.toThrow("it bundles its own react and react-dom instead of sharing the shell's (react 19.3.1, react-dom 19.3.1)");
    });

    it('refuses mixed kit versions, a non-singleton React and a jsx-runtime of another major (issue 34 §7)', async () => {
      const before = await version();
      const cases: Array<[string, BundleOptions, string]> = [
        ['7.2.0-mixedkit', { shared: { ...SHELL, '@portal/kit/dialog': '0.1.0' } }, 'it mixes kit versions (@portal/kit/session-store 0.2.0, @portal/kit/dialog 0.1.0)'],
        ['7.3.0-nonsingleton', { notSingleton: ['react', 'react-dom'] }, 'it shares react 19.3.1, react-dom 19.3.1 as singleton: false'],
        ['7.4.0-jsx18', { shared: { ...SHELL, 'react/jsx-runtime': '18.3.1' } }, 'react/jsx-runtime 18.3.1 (the shell has react 19.3.1)'],
      ];
      for (const [v, options, text] of cases) {
        const refusal = deploy(v, options);
        await expect(refusal).rejects.toMatchObject({ httpStatus: 422, code: 'incompatible_remote' });
        await expect(refusal).rejects.toThrow(text);
      }
      expect(await version()).toBe(before);
      const refused = (await registry.activations('mfe_releases')).filter((a) => a.outcome === 'refused').map((a) => a.to_version);
      expect(refused).toEqual(expect.arrayContaining(cases.map(([v]) => v)));
    });
  });
});

describe.each(ENGINES)('first start of the containers: bundled versions registered on %s', (engine) => {
  let t: TestApp;
  let work: string;

  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('makes the newest published version of each remote without a live one live, through the checked deploy', async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-bundled-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    const store = join(work, 'store');
    // What two mfe-support containers and one mfe-auth container published on start (serve-store.js --publish).
    const publish = (name: string, version: string, builtAt: string) => {
      const bundle = makeBundle(work, version, { name });
      const info = JSON.parse(readFileSync(join(bundle, 'version.json'), 'utf8'));
      writeFileSync(join(bundle, 'version.json'), JSON.stringify({ ...info, builtAt }));
      mkdirSync(join(store, name.replace(/_/g, '-')), { recursive: true });
      cpSync(bundle, join(store, name.replace(/_/g, '-'), version), { recursive: true });
    };
    publish('mfe_support', '1.0.0-older', '2026-01-01T00:00:00.000Z');
    publish('mfe_support', '1.0.1-newer', '2026-02-01T00:00:00.000Z');
    publish('mfe_auth', '2.0.0-only', '2026-01-15T00:00:00.000Z');
    publish('mfe_ops', '3.0.0-broken', '2026-01-15T00:00:00.000Z');
    rmSync(join(store, 'mfe-ops', '3.0.0-broken', 'remoteEntry.js'));
    t = await bootTestApp(engine, { SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'), REMOTE_STORE_DIR: store, REMOTE_REGISTER_BUNDLED: 'true' });
    const registry = t.app.get(RemoteRegistryService);
    await waitFor(async () => (await registry.live('mfe_support')) && (await registry.live('mfe_auth')), { what: 'the published bundles made live' }).catch(() => undefined);
    const remotes = (await request(t.http).get('/remotes.json').expect(200)).body as Record<string, string>;
    expect(remotes.mfe_support).toBe('/remotes/mfe-support/1.0.1-newer/mf-manifest.json');
    expect(remotes.mfe_auth).toBe('/remotes/mfe-auth/2.0.0-only/mf-manifest.json');
    // A published bundle that fails its check is not made live; a remote with nothing published keeps its build folder.
    expect(remotes.mfe_ops).toBe('/remotes/mfe-ops/mf-manifest.json');
    expect(remotes.mfe_releases).toBe('/remotes/mfe-releases/mf-manifest.json');
    expect((await registry.activations('mfe_support'))[0]).toMatchObject({ action: 'deploy', outcome: 'activated', actor: 'bundled-registration' });
  });
});
