import { AUTH_LIMITS } from '@portal/contracts';
import { referrerName } from './referrer';

describe('referrerName', () => {
  it('reads ?name=', () => {
    expect(referrerName(new URLSearchParams('name=Asha'))).toBe('Asha');
    expect(referrerName(new URLSearchParams('name=Asha%20%20Rao%20'))).toBe('Asha Rao');
  });

  it('is null without a usable name', () => {
    expect(referrerName(new URLSearchParams(''))).toBeNull();
    expect(referrerName(new URLSearchParams('name=%20%20'))).toBeNull();
  });

  it('is cut to the Name field limit', () => {
    expect(referrerName(new URLSearchParams(`name=${'a'.repeat(300)}`))).toHaveLength(AUTH_LIMITS.nameMax);
  });
});
