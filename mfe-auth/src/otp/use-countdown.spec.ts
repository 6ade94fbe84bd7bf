import { secondsLeft } from './use-countdown';

describe('secondsLeft', () => {
  it('rounds up so the button only unlocks at zero', () => {
    expect(secondsLeft(30_000, 0)).toBe(30);
    expect(secondsLeft(30_000, 29_001)).toBe(1);
    expect(secondsLeft(30_000, 30_000)).toBe(0);
  });

  it('never goes negative', () => {
    expect(secondsLeft(1_000, 5_000)).toBe(0);
  });
});
