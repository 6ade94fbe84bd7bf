import { createCipheriv, randomBytes } from 'node:crypto';
import { Keyring, keyId, parseSealKey, SealError } from './keyring';

describe('Keyring (docs/decisions/032)', () => {
  const a = randomBytes(32);
  const b = randomBytes(32);

  it('seals under the current key with its id, a fresh IV each time, and opens for the same place only', () => {
    const ring = new Keyring(a);
    const one = ring.seal('DE89370400440532013000', 'bank_details.iban');
    const two = ring.seal('DE89370400440532013000', 'bank_details.iban');
    expect(one).toMatch(new RegExp(`^v2\\.${keyId(a).replace(/[-]/g, '\\-')}\\.`));
    expect(one).not.toBe(two);
    expect(one).not.toContain('DE89');
    expect(ring.open(one, 'bank_details.iban')).toBe('DE89370400440532013000');
    expect(() => ring.open(one, 'staff_totp.secret')).toThrow(SealError);
    const altered = one.slice(0, -2) + (one.endsWith('A') ? 'BB' : 'AA');
    expect(() => ring.open(altered, 'bank_details.iban')).toThrow(SealError);
  });

  it('opens values of a previous key while rotating, and names a key it lacks', () => {
    const old = new Keyring(a).seal('JBSWY3DPEHPK3PXP', 'staff_totp.secret');
    expect(new Keyring(b, [a]).open(old, 'staff_totp.secret')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => new Keyring(b).open(old, 'staff_totp.secret')).toThrow(new RegExp(`key ${keyId(a)}.*SEAL_KEY`));
  });

  it('opens v1 delivery credentials with the legacy key (decision 020 format)', () => {
    const legacy = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', legacy, iv);
    const data = Buffer.concat([cipher.update('{"password":"p"}', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    expect(Keyring.kindOf(v1)).toEqual({ kind: 'v1' });
    expect(new Keyring(a, [], legacy).open(v1, 'delivery_targets.secret')).toBe('{"password":"p"}');
    expect(() => new Keyring(a).open(v1, 'delivery_targets.secret')).toThrow(SealError);
  });

  it('tells clear values from sealed ones, and parses hex or base64 keys of 32 bytes only', () => {
    expect(Keyring.kindOf('50100012345678')).toEqual({ kind: 'clear' });
    expect(Keyring.kindOf(new Keyring(a).seal('x', 't.c'))).toEqual({ kind: 'v2', keyId: keyId(a) });
    expect(parseSealKey(a.toString('hex'))?.equals(a)).toBe(true);
    expect(parseSealKey(a.toString('base64'))?.equals(a)).toBe(true);
    expect(parseSealKey(a.toString('base64url'))?.equals(a)).toBe(true);
    expect(parseSealKey('change-me')).toBeNull();
    expect(parseSealKey(randomBytes(16).toString('hex'))).toBeNull();
  });
});
