import { PREFETCH_STORE_KEY, prefetchKey, type PrefetchEntry, type PrefetchRequest } from '@portal/contracts';

/**
 * Starts the route's first GET requests (`requests`, from the route table) with the stored session
 * `token`, from the shell's entry, while the route's code is still downloading (docs/decisions/013).
 * Each is kept under its `prefetchKey` in `window[PREFETCH_STORE_KEY]`, where the kit's API client
 * takes the answer when the page sends the same request (same path, query and token) within
 * PREFETCH_MAX_AGE_MS. Nothing here reads the answers: a failure, a 401 or an unused answer is handled,
 * or ignored, by the page's own call exactly as if the page had sent it.
 */
export function prefetchRouteData(requests: readonly PrefetchRequest[] | undefined, token: string | null): void {
  if (!token || !requests?.length) return;
  const host = window as unknown as Record<string, unknown>;
  const store = (host[PREFETCH_STORE_KEY] as Map<string, PrefetchEntry> | undefined) ?? new Map<string, PrefetchEntry>();
  host[PREFETCH_STORE_KEY] = store;
  for (const request of requests) {
    // The key is the request itself ("<path>?<query string>"), so the URL is built once, the client's way.
    const key = prefetchKey(request.path, request.query);
    const answer = fetch(`/api/${key}`, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    }).then(async (response) => ({ status: response.status, raw: await response.json().catch(() => null) }));
    // An unused answer that failed must not be reported as unhandled; a user of it gets the rejection.
    answer.catch(() => undefined);
    store.set(key, { token, startedAt: Date.now(), answer });
  }
}
