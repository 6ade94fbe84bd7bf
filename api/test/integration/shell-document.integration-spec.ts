import request from 'supertest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RemoteRegistryService } from '../../src/remote-registry/remote-registry.service';
import { bootTestApp, type TestApp } from '../helpers/test-app';

/** The `<link rel=preload>` tags of a document, as [href, as] in document order. */
function preloads(html: string): Array<[string, string]> {
  return [...html.matchAll(/<link rel="preload" href="([^"]+)" as="(script|fetch)"[^>]*>/g)].map((m) => [m[1], m[2]]);
}

/** A remote build's manifest as Module Federation 2 writes it (only the fields the preload reads, plus noise). */
function manifest(name: string, exposes: Record<string, string[]>): string {
  return JSON.stringify({
    id: name,
    name,
    metaData: { name, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
    shared: [],
    exposes: Object.entries(exposes).map(([path, sync]) => ({ name: path.slice(2), path, assets: { js: { sync, async: ['999.ffffffff.js'] }, css: { sync: [], async: [] } } })),
  });
}

// Docs/decisions/015: the shell's index.html names the files of the route's first load. Static
// serving and the registry's defaults: SQLite only (the live-version case reads the registry table).
describe('shell document (route preloads in index.html)', () => {
  let t: TestApp;
  let root: string;
  let work: string;
  const HINTS = { bootstrap: ['/startup.11111111.js', '/bootstrap.22222222.js'], layout: ['/layout.33333333.js', '/285.44444444.js'] };

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'shell-document-it-'));
    work = mkdtempSync(join(tmpdir(), 'shell-document-bundles-'));
    const shell = join(root, 'shell', 'dist');
    mkdirSync(shell, { recursive: true });
    writeFileSync(join(shell, 'index.html'), '<!doctype html><html lang=en><head><title>Artist Portal</title><script defer src=/main.js?abc></script></head><body><div id=root></div></body></html>');
    writeFileSync(join(shell, 'preload-hints.json'), JSON.stringify(HINTS));
    mkdirSync(join(root, 'mfe-releases', 'dist'), { recursive: true });
    writeFileSync(join(root, 'mfe-releases', 'dist', 'mf-manifest.json'), manifest('mfe_releases', { './CatalogPage': ['295.aaaa0001.js', '__federation_expose_CatalogPage.aaaa0002.js'], './WizardPage': ['295.aaaa0001.js', '175.aaaa0003.js'] }));
    mkdirSync(join(root, 'mfe-auth', 'dist'), { recursive: true });
    writeFileSync(join(root, 'mfe-auth', 'dist', 'mf-manifest.json'), manifest('mfe_auth', { './LoginPage': ['__federation_expose_LoginPage.bbbb0001.js'] }));
    mkdirSync(join(root, 'mfe-support', 'dist'), { recursive: true });
    writeFileSync(join(root, 'mfe-support', 'dist', 'mf-manifest.json'), '{ not json');
    writeFileSync(join(work, 'shared-versions.json'), JSON.stringify({}));
    t = await bootTestApp('sqlite', { STATIC_ROOT: root, SHELL_SHARED_VERSIONS: join(work, 'shared-versions.json') });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(root, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('names, for a protected route, the entry and layout chunks, then the remote manifest, remoteEntry.js and the exposed chunks', async () => {
    const res = await request(t.http).get('/catalog').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(preloads(res.text)).toEqual([
      ['/startup.11111111.js', 'script'],
      ['/bootstrap.22222222.js', 'script'],
      ['/layout.33333333.js', 'script'],
      ['/285.44444444.js', 'script'],
      ['/remotes/mfe-releases/mf-manifest.json', 'fetch'],
      ['/remotes/mfe-releases/remoteEntry.js', 'script'],
      ['/remotes/mfe-releases/295.aaaa0001.js', 'script'],
      ['/remotes/mfe-releases/__federation_expose_CatalogPage.aaaa0002.js', 'script'],
    ]);
    // In the head, after main.js, low priority (they must not delay main.js, which paints the frame);
    // the manifest as a CORS fetch, as the federation runtime fetches it.
    expect(res.text.indexOf('<link rel="preload"')).toBeGreaterThan(res.text.indexOf('main.js'));
    expect(res.text.indexOf('<link rel="preload"')).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text).toContain('<link rel="preload" href="/remotes/mfe-releases/mf-manifest.json" as="fetch" crossorigin="anonymous" fetchpriority="low">');
    expect(res.text.match(/<link rel="preload"/g)).toHaveLength(res.text.match(/fetchpriority="low"/g)!.length);
  });

  it('names another exposed module for another route of the same remote, and no layout for a public route', async () => {
    const wizard = preloads((await request(t.http).get('/create_releases/12').expect(200)).text).map(([href]) => href);
    expect(wizard).toContain('/remotes/mfe-releases/175.aaaa0003.js');
    expect(wizard).not.toContain('/remotes/mfe-releases/__federation_expose_CatalogPage.aaaa0002.js');
    expect(wizard.filter((href) => href === '/remotes/mfe-releases/295.aaaa0001.js')).toHaveLength(1);
    const login = preloads((await request(t.http).get('/login').expect(200)).text).map(([href]) => href);
    expect(login).toEqual(['/startup.11111111.js', '/bootstrap.22222222.js', '/remotes/mfe-auth/mf-manifest.json', '/remotes/mfe-auth/remoteEntry.js', '/remotes/mfe-auth/__federation_expose_LoginPage.bbbb0001.js']);
  });

  it('names only the entry chunks for a path no route serves', async () => {
    const res = await request(t.http).get('/no-such-page').expect(200);
    expect(preloads(res.text).map(([href]) => href)).toEqual(HINTS.bootstrap);
  });

  it('still serves the page when the remote manifest is unreadable: the manifest is named, its files are not', async () => {
    const res = await request(t.http).get('/').expect(200);
    expect(preloads(res.text).map(([href]) => href)).toEqual([...HINTS.bootstrap, ...HINTS.layout, '/remotes/mfe-support/mf-manifest.json']);
    expect(res.text).toContain('<div id=root>');
  });

  it('follows the live version of the registry: a deploy changes the files named by the next document', async () => {
    const bundle = join(work, 'bundle');
    mkdirSync(bundle, { recursive: true });
    writeFileSync(join(bundle, 'version.json'), JSON.stringify({ name: 'mfe_releases', version: '2.0.0-cccc000001', buildId: 'cccc000001', commit: 'abc', shared: {} }));
    writeFileSync(join(bundle, 'mf-manifest.json'), manifest('mfe_releases', { './CatalogPage': ['__federation_expose_CatalogPage.cccc0002.js'] }));
    writeFileSync(join(bundle, 'remoteEntry.js'), '/* v2 */');
    writeFileSync(join(bundle, '__federation_expose_CatalogPage.cccc0002.js'), 'console.log(2)');
    // Every chunk the manifest lists must be there: the deploy checks them before going live (docs/decisions/021).
    writeFileSync(join(bundle, '999.ffffffff.js'), 'console.log(999)');
    await t.app.get(RemoteRegistryService).deploy(bundle, 'asha@ops');
    const hrefs = preloads((await request(t.http).get('/catalog').expect(200)).text).map(([href]) => href);
    expect(hrefs.slice(-3)).toEqual([
      '/remotes/mfe-releases/2.0.0-cccc000001/mf-manifest.json',
      '/remotes/mfe-releases/2.0.0-cccc000001/remoteEntry.js',
      '/remotes/mfe-releases/2.0.0-cccc000001/__federation_expose_CatalogPage.cccc0002.js',
    ]);
  });

  it('answers no-cache with an ETag, 304 to a matching If-None-Match, and compresses the document', async () => {
    const first = await request(t.http).get('/catalog').set('Accept-Encoding', 'br').expect(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(first.headers['etag']).toMatch(/^"[\w-]+"$/);
    await request(t.http).get('/catalog').set('If-None-Match', first.headers['etag']).expect(304);
    const other = await request(t.http).get('/login').set('Accept-Encoding', 'gzip').expect(200);
    expect(other.headers['content-encoding']).toBe('gzip');
    expect(other.headers['etag']).not.toBe(first.headers['etag']);
    await request(t.http).get('/login').set('If-None-Match', first.headers['etag']).expect(200);
  });

  it('gives a staff browser pinned to a stored version on another origin a CSP that allows that origin; other browsers keep theirs', async () => {
    // A version deployed while REMOTE_ORIGINS served mfe_releases from its own host (the store keeps its row and manifest URL).
    const other = 'http://pinned-releases.example:4100';
    const { RemoteVersionEntity } = await import('../../src/remote-registry/remote-registry.entities');
    const { RemoteCanaryService } = await import('../../src/remote-registry/canary/canary.service');
    await t.app.get(RemoteRegistryService)['db'].getRepository(RemoteVersionEntity).insert({
      remote: 'mfe_releases', version: '1.9.0-elsewhere', manifest_url: `${other}/1.9.0-elsewhere/mf-manifest.json`, shared: '{}', commit: 'c', build_id: 'b', deployed_by: 'ci', deployed_at: new Date(), pruned_at: null,
    });
    const pin = (await t.app.get(RemoteCanaryService).pinCookie(undefined, 'mfe_releases', '1.9.0-elsewhere', false)).split(';')[0]!;
    const scriptSrc = (res: request.Response) => /(?:^|;)\s*script-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    const pinned = await request(t.http).get('/catalog').set('Cookie', pin).expect(200);
    expect((await request(t.http).get('/remotes.json').set('Cookie', pin).expect(200)).body.mfe_releases).toBe(`${other}/1.9.0-elsewhere/mf-manifest.json`);
    for (const directive of ['script-src', 'connect-src']) expect(String(pinned.headers['content-security-policy'])).toMatch(new RegExp(`${directive} [^;]*${other.replace(/[.:/]/g, '\\$&')}`));
    expect(scriptSrc(await request(t.http).get('/catalog').expect(200))).not.toContain(other);
    // A forged pin cookie pins nothing and widens nothing.
    const forged = `${pin.split('.')[0]}.${'A'.repeat(43)}`;
    expect(scriptSrc(await request(t.http).get('/catalog').set('Cookie', forged).expect(200))).not.toContain(other);
  });
});
