import { PREFETCH_MAX_AGE_MS, PREFETCH_STORE_KEY, prefetchKey, type PrefetchEntry } from '@portal/contracts';
import { takePrefetched } from './prefetched';

// The kit runs its tests in Node: a bare `window` object stands in for the page's global.
const host = globalThis as unknown as { window?: Record<string, unknown> };

function store(entries: Array<[string, Partial<PrefetchEntry>]>): Map<string, PrefetchEntry> {
  const map = new Map<string, PrefetchEntry>();
  for (const [key, entry] of entries) map.set(key, { token: 't1', startedAt: Date.now(), answer: Promise.resolve({ status: 200, raw: { status: 200, body: [] } }), ...entry });
  host.window = { [PREFETCH_STORE_KEY]: map };
  return map;
}

describe('takePrefetched (docs/decisions/013)', () => {
  afterEach(() => delete host.window);

  it('hands the answer of the same request and token over once', async () => {
    const answer = Promise.resolve({ status: 200, raw: { status: 200, body: [{ news_id: 1 }] } });
    store([[prefetchKey('getNews', { limit: 20 }), { answer }]]);
    await expect(takePrefetched('getNews', { limit: 20 }, 't1')).resolves.toEqual({ status: 200, raw: { status: 200, body: [{ news_id: 1 }] } });
    expect(takePrefetched('getNews', { limit: 20 }, 't1')).toBeUndefined();
  });

  it('ignores another query, another session, a stale answer, and no session', () => {
    const map = store([
      [prefetchKey('getNews', { limit: 20 }), {}],
      [prefetchKey('getVideoLinks', { limit: 20 }), { token: 'old-session' }],
      [prefetchKey('getCatelogListWeb', { page: 1 }), { startedAt: Date.now() - PREFETCH_MAX_AGE_MS - 1 }],
    ]);
    expect(takePrefetched('getNews', { limit: 10 }, 't1')).toBeUndefined();
    expect(takePrefetched('getNews', { limit: 20 }, null)).toBeUndefined();
    expect(takePrefetched('getVideoLinks', { limit: 20 }, 't1')).toBeUndefined();
    expect(takePrefetched('getCatelogListWeb', { page: 1 }, 't1')).toBeUndefined();
    // An unusable entry is dropped, so it is never used later either.
    expect([...map.keys()]).toEqual([prefetchKey('getNews', { limit: 20 })]);
  });

  it('does nothing when the shell started nothing', () => {
    expect(takePrefetched('getNews', { limit: 20 }, 't1')).toBeUndefined();
    host.window = {};
    expect(takePrefetched('getNews', { limit: 20 }, 't1')).toBeUndefined();
  });
});
