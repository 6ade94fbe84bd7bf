import { reportRemoteLoad, versionOfManifest } from './load-beacon';

describe('load beacon', () => {
  it('reads the version of a versioned manifest URL, none for a build folder', () => {
    expect(versionOfManifest('http://127.0.0.1:3002/0.1.0-28632f2317/mf-manifest.json')).toBe('0.1.0-28632f2317');
    expect(versionOfManifest('/remotes/mfe-releases/1.0.0-a/mf-manifest.json')).toBe('1.0.0-a');
    expect(versionOfManifest('/remotes/mfe-releases/mf-manifest.json')).toBeUndefined();
    expect(versionOfManifest(undefined)).toBeUndefined();
  });

  it('sends one beacon per remote, version and outcome, with its load token and no personal data', async () => {
    const sendBeacon = jest.fn(() => true);
    Object.defineProperty(globalThis, 'navigator', { value: { sendBeacon }, configurable: true });
    // Without a load token the server would count nothing: nothing is sent.
    reportRemoteLoad('mfe_releases', '/remotes/mfe-releases/1.0.0-a/mf-manifest.json', 'load_error', undefined);
    reportRemoteLoad('mfe_releases', '/remotes/mfe-releases/1.0.0-a/mf-manifest.json', 'load_error', 'p.s');
    reportRemoteLoad('mfe_releases', '/remotes/mfe-releases/1.0.0-a/mf-manifest.json', 'load_error', 'p.s');
    reportRemoteLoad('mfe_releases', '/remotes/mfe-releases/mf-manifest.json', 'ok', 'p.s');
    expect(sendBeacon).toHaveBeenCalledTimes(1);
    const [url, blob] = sendBeacon.mock.calls[0] as unknown as [string, Blob];
    expect(url).toBe('/api/remotes/beacon');
    expect(JSON.parse(await blob.text())).toEqual({ remote: 'mfe_releases', version: '1.0.0-a', outcome: 'load_error', token: 'p.s' });
  });
});
