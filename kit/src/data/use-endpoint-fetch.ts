import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointDef, EndpointMethod, Envelope } from '@portal/contracts';
import { api } from '../api/api-client';
import { endpointKey, type RouteInput } from './endpoint-key';

export type EndpointFetchOptions = {
  /** No error toast (the promise still rejects with the ApiError). */
  silent?: boolean;
};

/**
 * A read asked by a user's action rather than shown by a screen (docs/decisions/025): a bank file to
 * save, a signed link to play. Answers `fetch(input)`, which asks through the page's QueryClient under
 * `endpointKey(endpoint, input)` (two clicks while one request is under way share it) and always asks
 * anew (fresh time 0: a file or a signed link of a minute ago may be out of date). Resolves to the
 * envelope; rejects with the ApiError after the kit's toast (unless `silent`), like `api.call`.
 */
export function useEndpointFetch<Req, Res, M extends EndpointMethod>(endpoint: EndpointDef<Req, Res, M>, options: EndpointFetchOptions = {}): (input?: RouteInput<Req, M>) => Promise<Envelope<Res>> {
  const client = useQueryClient();
  const { silent = false } = options;
  return useCallback(
    (input: RouteInput<Req, M> = {}) =>
      client.fetchQuery<Envelope<Res>>({
        queryKey: endpointKey(endpoint, input),
        queryFn: ({ signal }) => api.call(endpoint, input, { silent, signal }),
        staleTime: 0,
        retry: false,
      }),
    [client, endpoint, silent],
  );
}
