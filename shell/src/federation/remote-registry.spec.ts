jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn() }));
import { parseRegistry } from './remote-registry';

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
