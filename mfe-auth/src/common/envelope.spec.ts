import { tokenOf } from './envelope';

describe('tokenOf', () => {
  it('reads the top-level token of the envelope', () => {
    expect(tokenOf({ status: 200, message: 'ok', token: 'jwt' })).toBe('jwt');
  });

  it('refuses an answer without a token', () => {
    expect(() => tokenOf({ status: 200, message: 'ok' })).toThrow('ok');
    expect(() => tokenOf({ status: 200, message: 'ok', body: { token: 'nested' } })).toThrow();
  });
});
