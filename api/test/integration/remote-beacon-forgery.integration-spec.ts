import request from 'supertest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REMOTE_BEACON_TEXT } from '@portal/contracts';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { RemoteCanaryService } from '../../src/remote-registry/canary/canary.service';
import { RemoteLoadReportsService } from '../../src/remote-registry/canary/load-reports.service';
import { makeBundle, SHELL } from '../helpers/remote-bundles';
import { bootTestApp, ENGINES, type TestApp } from '../helpers/test-app';


/**
 * Issue 34 §2 (docs/decisions/029): a load beacon counts only with a load token the server issued in
 * the `/remotes.json` answer, bound to the remote, the version that browser was served and the browser;
 * each browser counts once per version and outcome; an automatic rollback needs failures from a floor of
 * distinct browsers and a failure share against that version's successful loads. Forged, mismatched
 * and replayed beacons are answered exactly like real ones and change nothing.
 */
describe.each(ENGINES)('load beacons cannot be forged to roll back a deploy on %s', (engine) => {
  let t: TestApp;
  let work: string;
  let registry: RemoteRegistryService;

  /** One new browser (no cookie) opening a page: its cookie, the versions it was served and their load tokens. */
  const pageLoad = async (cookie?: string) => {
    const res = await request(t.http).get('/remotes.json').set(cookie ? { Cookie: cookie } : {}).expect(200);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? [])[0]?.split(';')[0];
    const tokens = JSON.parse(res.headers['portal-load-tokens'] ?? '{}') as Record<string, string>;
    const versions = Object.fromEntries(Object.entries(res.body as Record<string, string>).map(([r, url]) => [r, /\/([^/]+)\/mf-manifest\.json$/.exec(url)?.[1]]));
    return { cookie: setCookie ?? cookie, tokens, versions };
  };
  const beacon = (body: object) => request(t.http).post('/api/remotes/beacon').send(body);
  /** Every beacon is answered the same: 200, one text, no body (no oracle of what counted). */
  const expectSilent = (res: request.Response) => {
    expect([res.status, res.body]).toEqual([200, { status: 200, message: REMOTE_BEACON_TEXT.received }]);
  };
  const state = async (version: string) => {
    const row = (await registry.list('mfe_releases')).find((v) => v.version === version)!;
    return { live: row.live, bad: row.bad !== null, canary: row.canary_percent };
  };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'remote-beacon-it-'));
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify(SHELL));
    t = await bootTestApp(engine, {
      SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json'),
      REMOTE_AUTO_ROLLBACK_MIN_LOADS: '3',
      REMOTE_AUTO_ROLLBACK_MIN_FAILED_BROWSERS: '3',
      REMOTE_AUTO_ROLLBACK_FAILURE_PERCENT: '50',
      REMOTE_AUTO_ROLLBACK_WINDOW_SECONDS: '120',
    });
    registry = t.app.get(RemoteRegistryService);
    await registry.deploy(makeBundle(work, '1.0.0-good'), 'ci');
    await registry.deploy(makeBundle(work, '1.0.0-auth', 'mfe_auth'), 'ci');
    await registry.deploy(makeBundle(work, '1.1.0-new'), 'ci');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('issues a load token per versioned remote with /remotes.json, bound to the browser it sets', async () => {
    const load = await pageLoad();
    expect(load.cookie).toMatch(/^portal_browser=[A-Za-z0-9_-]{22}$/);
    expect(load.versions).toMatchObject({ mfe_releases: '1.1.0-new', mfe_auth: '1.0.0-auth' });
    expect(Object.keys(load.tokens).sort()).toEqual(['mfe_auth', 'mfe_releases']);
    expect(load.tokens.mfe_releases).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // The same browser again: no new cookie, fresh tokens for the same browser.
    const again = await pageLoad(load.cookie);
    expect(again.cookie).toBe(load.cookie);
    expect(again.tokens.mfe_releases).toBeDefined();
  });

  it('200 forged beacons (no token, a token of another version or remote, one token replayed 200 times) are answered 200 and change nothing', async () => {
    // What issue 34 reproduced: anonymous reports without any token.
    for (let i = 0; i < 50; i++) expectSilent(await beacon({ remote: 'mfe_releases', version: '1.1.0-new', outcome: i % 2 ? 'load_error' : 'render_error' }));
    expect(await state('1.1.0-new')).toEqual({ live: true, bad: false, canary: null });
    const real = await pageLoad();
    const auth = real.tokens.mfe_auth!;
    const mine = real.tokens.mfe_releases!;
    const forged: object[] = [];
    for (let i = 0; i < 25; i++) forged.push({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'load_error', token: `${mine.split('.')[0]}.${'A'.repeat(43)}` });
    // The browser's real token for mfe_releases 1.1.0-new, claimed for another version; mfe_auth's claimed for mfe_releases.
    for (let i = 0; i < 25; i++) forged.push({ remote: 'mfe_releases', version: '1.0.0-good', outcome: 'load_error', token: mine });
    for (let i = 0; i < 50; i++) forged.push({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'load_error', token: auth });
    for (let i = 0; i < 50; i++) forged.push({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'load_error', token: 'not-a-token' });
    expect(forged).toHaveLength(150);
    for (const body of forged) expectSilent(await beacon(body));
    // One real token replayed 200 times: one browser, counted once.
    for (let i = 0; i < 200; i++) expectSilent(await beacon({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'load_error', token: mine }));

    expect(await state('1.1.0-new')).toEqual({ live: true, bad: false, canary: null });
    const [last] = await registry.activations('mfe_releases');
    expect(last).toMatchObject({ action: 'deploy', to_version: '1.1.0-new', outcome: 'activated' });
    // What the console shows: one browser (the replayed token's), one failure.
    expect((await t.app.get(RemoteLoadReportsService).windowCounts()).get('mfe_releases/1.1.0-new')).toEqual({ loads: 1, failures: 1 });
  });

  it('does not roll back when few browsers fail against many successful loads of the same version', async () => {
    // 3 more failing browsers (4 with the replayed one) against 6 successful ones: 40 % < 50 %.
    for (let i = 0; i < 6; i++) {
      const load = await pageLoad();
      expectSilent(await beacon({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'ok', token: load.tokens.mfe_releases }));
    }
    for (let i = 0; i < 3; i++) {
      const load = await pageLoad();
      expectSilent(await beacon({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'load_error', token: load.tokens.mfe_releases }));
    }
    expect(await state('1.1.0-new')).toEqual({ live: true, bad: false, canary: null });
  });

  it('rolls a version back when real browsers fail: enough distinct browsers and a failure share', async () => {
    // More failing browsers: at 6 of 12 (50 %) the version goes back; the third one reports a version no longer live.
    for (let i = 0; i < 3; i++) {
      const load = await pageLoad();
      expectSilent(await beacon({ remote: 'mfe_releases', version: '1.1.0-new', outcome: 'render_error', token: load.tokens.mfe_releases }));
    }
    expect(await state('1.1.0-new')).toEqual({ live: false, bad: true, canary: null });
    expect((await pageLoad()).versions.mfe_releases).toBe('1.0.0-good');
    const [last] = await registry.activations('mfe_releases');
    expect(last).toMatchObject({ action: 'auto-rollback', from_version: '1.1.0-new', to_version: '1.0.0-good', actor: 'auto-rollback' });
    const row = (await registry.list('mfe_releases')).find((v) => v.version === '1.1.0-new')!;
    expect(row.bad?.reason).toContain('6 of 12 browsers failed to load it within 120 s (threshold 50 % and 3 browsers)');
  });

  it('never stops a canary on forged beacons; the canary browsers that really fail stop it', async () => {
    await registry.deploy(makeBundle(work, '1.2.0-canary'), 'ci');
    await registry.rollback('mfe_releases', 'ci', { to: '1.0.0-good' });
    await t.app.get(RemoteCanaryService).start('mfe_releases', '1.2.0-canary', 50, 'ci');
    // A token of a browser served the live version cannot report the canary.
    let live: Awaited<ReturnType<typeof pageLoad>> | undefined;
    const canaryBrowsers: Array<Awaited<ReturnType<typeof pageLoad>>> = [];
    for (let i = 0; i < 200 && (!live || canaryBrowsers.length < 3); i++) {
      const load = await pageLoad();
      if (load.versions.mfe_releases === '1.0.0-good') live ??= load;
      else if (canaryBrowsers.length < 3) canaryBrowsers.push(load);
    }
    expect(live).toBeDefined();
    for (let i = 0; i < 100; i++) expectSilent(await beacon({ remote: 'mfe_releases', version: '1.2.0-canary', outcome: 'load_error', token: live!.tokens.mfe_releases }));
    for (let i = 0; i < 100; i++) expectSilent(await beacon({ remote: 'mfe_releases', version: '1.2.0-canary', outcome: 'load_error', token: canaryBrowsers[0]!.tokens.mfe_releases }));
    expect(await state('1.2.0-canary')).toEqual({ live: false, bad: false, canary: 50 });
    for (const b of canaryBrowsers.slice(1)) expectSilent(await beacon({ remote: 'mfe_releases', version: '1.2.0-canary', outcome: 'load_error', token: b.tokens.mfe_releases }));
    expect(await state('1.2.0-canary')).toEqual({ live: false, bad: true, canary: null });
  });

  it('answers a malformed body 400 (the only other answer)', async () => {
    const bad = await beacon({ remote: 'mfe_releases', version: '1.0.0-good', outcome: 'exploded' }).expect(400);
    expect(bad.body.message).toBe('Outcome must be ok, load_error or render_error.');
  });
});
