import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createPortalQueryClient } from '../data/query-client';

/** One request the fake server received: method, path under /api/ and query. */
export type SeenRequest = { method: string; path: string; query: Record<string, string>; body: unknown };

/** What the fake server answers: an HTTP status and a JSON body, or 'network' for a request that gets no answer. */
export type FakeAnswer = { status?: number; json: unknown } | 'network';

/**
 * Replaces `globalThis.fetch` (which the kit's ky stand-in uses) with a server answering `answer(request)`,
 * and records every request. Returns the record; `restore()` puts the real fetch back.
 */
export function fakeApi(answer: (request: SeenRequest) => FakeAnswer | Promise<FakeAnswer>) {
  const seen: SeenRequest[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (url: string, init: { method: string; body?: string }) => {
    const parsed = new URL(url, 'http://portal.test');
    const request: SeenRequest = {
      method: init.method,
      path: parsed.pathname.replace(/^\/api\//, ''),
      query: Object.fromEntries(parsed.searchParams.entries()),
      body: init.body ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const result = await answer(request);
    if (result === 'network') throw new TypeError('Failed to fetch');
    return { status: result.status ?? 200, json: async () => result.json };
  }) as unknown as typeof fetch;
  return { seen, restore: () => (globalThis.fetch = original) };
}

/** A fresh page QueryClient and a wrapper providing it, for renderHook. */
export function withPortalQueryClient(): { client: QueryClient; wrapper: (props: { children: ReactNode }) => ReactNode } {
  const client = createPortalQueryClient();
  return { client, wrapper: ({ children }) => <QueryClientProvider client={client}>{children}</QueryClientProvider> };
}
