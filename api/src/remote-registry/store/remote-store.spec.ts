import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleContentHash, LocalRemoteStore } from './remote-store';

describe('LocalRemoteStore', () => {
  let root: string;
  let store: LocalRemoteStore;
  const bundle = (text: string, version = '1.0.0-x') => {
    const dir = mkdtempSync(join(root, 'src-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'mf-manifest.json'), '{}');
    writeFileSync(join(dir, 'assets', 'a.1234abcd.js'), text);
    writeFileSync(join(dir, 'version.json'), JSON.stringify({ version, builtAt: Math.random() }));
    return dir;
  };
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'remote-store-'));
    store = new LocalRemoteStore(join(root, 'store'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('copies a bundle into <dir>/<version>/ and leaves no staging folder', async () => {
    expect(await store.put('mfe-releases', '1.0.0-x', bundle('a'))).toEqual({ created: true });
    expect(await store.has('mfe-releases', '1.0.0-x')).toBe(true);
    expect(readFileSync(join(root, 'store', 'mfe-releases', '1.0.0-x', 'assets', 'a.1234abcd.js'), 'utf8')).toBe('a');
    expect(readdirSync(join(root, 'store', 'mfe-releases'))).toEqual(['1.0.0-x']);
    expect(await store.versions('mfe-releases')).toEqual(['1.0.0-x']);
  });

  it('never overwrites a version: the same bytes are a no-op, other bytes are refused', async () => {
    await store.put('mfe-releases', '1.0.0-x', bundle('a'));
    // version.json differs (build time) but is not part of the content.
    expect(await store.put('mfe-releases', '1.0.0-x', bundle('a'))).toEqual({ created: false });
    await expect(store.put('mfe-releases', '1.0.0-x', bundle('b'))).rejects.toThrow('versions are immutable');
    expect(readFileSync(join(root, 'store', 'mfe-releases', '1.0.0-x', 'assets', 'a.1234abcd.js'), 'utf8')).toBe('a');
  });

  it('two puts of one version at the same time leave one whole folder', async () => {
    const results = await Promise.all([store.put('mfe-auth', '2.0.0-y', bundle('z')), store.put('mfe-auth', '2.0.0-y', bundle('z'))]);
    expect(results.filter((r) => r.created).length).toBeGreaterThanOrEqual(1);
    expect(readdirSync(join(root, 'store', 'mfe-auth'))).toEqual(['2.0.0-y']);
  });

  it('removes versions and refuses paths that leave the store', async () => {
    await store.put('mfe-auth', '2.0.0-y', bundle('z'));
    await store.remove('mfe-auth', '2.0.0-y');
    expect(await store.has('mfe-auth', '2.0.0-y')).toBe(false);
    await expect(store.put('..', '1', bundle('z'))).rejects.toThrow('bad store path');
    await expect(store.put('mfe-auth', '../x', bundle('z'))).rejects.toThrow('bad store path');
  });

  it('hashes content without version.json', () => {
    expect(bundleContentHash(bundle('q', '1'))).toBe(bundleContentHash(bundle('q', '2')));
  });
});
