import { rightsModeOf } from './rights-mode';

describe('rightsModeOf', () => {
  it('gives whitelist mode on the whitelist path, UGC otherwise (areas §2)', () => {
    expect(rightsModeOf('/rights/whitelist')).toBe('whitelist');
    expect(rightsModeOf('/rights/ugc-claims')).toBe('ugc');
    expect(rightsModeOf('/rights')).toBe('ugc');
  });
});
