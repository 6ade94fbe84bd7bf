import { MemoryCounters } from './memory-counters';

describe('MemoryCounters sliding windows (upload rate, TOTP lockout) in one process', () => {
  let counters: MemoryCounters;
  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    counters = new MemoryCounters();
  });
  afterEach(async () => {
    await counters.close();
    jest.useRealTimers();
  });

  it('takes hits up to the limit, refuses the next, and frees a slot once the oldest leaves the window', async () => {
    expect((await counters.window('upload:1', 60_000, 2)).taken).toBe(true);
    jest.advanceTimersByTime(10_000);
    expect((await counters.window('upload:1', 60_000, 2)).taken).toBe(true);
    const refused = await counters.window('upload:1', 60_000, 2);
    expect(refused).toEqual({ taken: false, hits: [Date.parse('2026-11-23T12:00:00Z'), Date.parse('2026-11-23T12:00:10Z')] });
    // Another key has its own window.
    expect((await counters.window('upload:2', 60_000, 2)).taken).toBe(true);
    jest.advanceTimersByTime(50_000);
    expect((await counters.window('upload:1', 60_000, 2)).taken).toBe(true);
  });

  it('counts recorded hits without a limit and lets them age out', async () => {
    await counters.record('totp-failure:7');
    await counters.record('totp-failure:7');
    expect((await counters.window('totp-failure:7', 1000)).hits).toHaveLength(2);
    expect((await counters.window('totp-failure:7', 1000)).taken).toBe(false);
    jest.advanceTimersByTime(1000);
    expect((await counters.window('totp-failure:7', 1000)).hits).toHaveLength(0);
  });
});
