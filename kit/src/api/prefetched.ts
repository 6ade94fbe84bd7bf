import { PREFETCH_MAX_AGE_MS, PREFETCH_STORE_KEY, prefetchKey, type PrefetchEntry, type RequestQuery } from '@portal/contracts';

type PrefetchWindow = { [PREFETCH_STORE_KEY]?: Map<string, PrefetchEntry> };

/**
 * The answer of a GET the shell's entry already started for this page (docs/decisions/013), taken
 * once: a second identical call sends its own request. Only an answer for the same session `token`,
 * started less than PREFETCH_MAX_AGE_MS ago, is used. Resolves to `{ status, raw }` (the HTTP status
 * and the parsed body); rejects only on a network error, and then the caller sends the request itself.
 */
export function takePrefetched(path: string, query: RequestQuery | undefined, token: string | null): Promise<{ status: number; raw: unknown }> | undefined {
  if (!token || typeof window === 'undefined') return undefined;
  const store = (window as unknown as PrefetchWindow)[PREFETCH_STORE_KEY];
  if (!(store instanceof Map)) return undefined;
  const key = prefetchKey(path, query);
  const entry = store.get(key);
  if (!entry) return undefined;
  store.delete(key);
  if (entry.token !== token || Date.now() - entry.startedAt > PREFETCH_MAX_AGE_MS) return undefined;
  return entry.answer;
}
