jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(() => ({ registerRemotes: jest.fn(), loadRemote: jest.fn() })) }));
import { loadRegistry, parseLoadTokens, parseRegistry, registeredLoadToken, registryChanged, withTimeout } from './remote-registry';

describe('parseRegistry', () => {
  it('keeps name → URL pairs and drops anything else', () => {
    expect(parseRegistry({ mfe_auth: '/remotes/mfe-auth/mf-manifest.json', bad: 3, empty: '' })).toEqual({
      mfe_auth: '/remotes/mfe-auth/mf-manifest.json',
    });
  });
  it('rejects a registry that is not an object', () => {
    expect(() => parseRegistry([])).toThrow();
    expect(() => parseRegistry(null)).toThrow();
  });
});

describe('parseLoadTokens', () => {
  it('keeps remote → token strings; anything else, or no header, gives none', () => {
    expect(parseLoadTokens('{"mfe_auth":"a.b","bad":1,"empty":""}')).toEqual({ mfe_auth: 'a.b' });
    expect(parseLoadTokens(null)).toEqual({});
    expect(parseLoadTokens('not json')).toEqual({});
    expect(parseLoadTokens('["a.b"]')).toEqual({});
  });
});

describe('withTimeout', () => {
  it('rejects when the work never settles, and passes results through otherwise', async () => {
    await expect(withTimeout(new Promise(() => undefined), 20, 'mfe_support/DashboardPage')).rejects.toThrow('mfe_support/DashboardPage did not answer within 20 ms');
    await expect(withTimeout(Promise.resolve(7), 20, 'x')).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('404')), 20, 'x')).rejects.toThrow('404');
  });
});

describe('registryChanged', () => {
  const answers: Record<string, string>[] = [];
  beforeAll(() => {
    (globalThis as { window?: unknown }).window = { location: { href: 'http://portal.test/catalog' } };
    globalThis.fetch = jest.fn(async () => ({ ok: true, status: 200, headers: new Headers({ 'Portal-Load-Tokens': JSON.stringify({ mfe_releases: 'payload.sig' }) }), json: async () => answers.shift() })) as unknown as typeof fetch;
  });

  it('tells whether the live registry names another manifest than the page registered', async () => {
    answers.push({ mfe_releases: '/remotes/mfe-releases/0.1.0-aaa/mf-manifest.json' });
    await loadRegistry();
    // The load token that came with the registered version, for the beacon (docs/decisions/029).
    expect(registeredLoadToken('mfe_releases')).toBe('payload.sig');
    expect(registeredLoadToken('mfe_auth')).toBeUndefined();
    answers.push({ mfe_releases: '/remotes/mfe-releases/0.1.0-aaa/mf-manifest.json' });
    expect(await registryChanged('mfe_releases')).toBe(false);
    answers.push({ mfe_releases: '/remotes/mfe-releases/0.1.0-bbb/mf-manifest.json' });
    expect(await registryChanged('mfe_releases')).toBe(true);
    expect(await registryChanged('mfe_unknown')).toBe(false);
  });
});
