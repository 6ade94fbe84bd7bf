import type { QueryClient } from '@tanstack/react-query';
import type { EndpointDef, Envelope } from '@portal/contracts';
import { api, settleAnswer } from '../api/api-client';
import { endpointKey, type EndpointInput, type EndpointRef } from './endpoint-key';

/** A request the shell's entry sent itself, with the stored session token, before the kit was loaded. */
export type StartedAnswer = Promise<{ status: number; raw: unknown }>;

export type PrefetchOptions = {
  /** The answer of the same request already sent by the shell's entry (see prefetchEndpoint). */
  started?: StartedAnswer;
  /**
   * How old (ms) a cached answer may be and still stand for this one (default: the client's fresh time,
   * QUERY_STALE_MS). 0 asks again whatever is cached (RouteRequest `everyVisit`); the cached answer
   * shows meanwhile.
   */
  staleTime?: number;
};

/**
 * Puts a route's first request into the page's QueryClient before the page asks (docs/decisions/025,
 * route entry): the page's `useEndpointQuery` with the same endpoint and input then uses this request
 * instead of sending its own. `options.started`: the answer of the same request already sent by the
 * shell's entry with the session's token; it is read like any call (envelope, session over), and on a
 * network failure the request is sent again. Silent: a failure shows no toast here; the page, finding
 * the query failed when it mounts, asks again with its own toast rule (core §8). Nothing happens if an
 * answer fresh for `options.staleTime` is already cached, or the same request is under way.
 * Resolves when the request settled; never rejects.
 */
export function prefetchEndpoint(client: QueryClient, endpoint: EndpointRef, input: EndpointInput = {}, options: PrefetchOptions = {}): Promise<void> {
  const { started, staleTime } = options;
  // The route table names an endpoint by method and path only; api.call reads no other field of it.
  const call = () => api.call(endpoint as EndpointDef<unknown, unknown>, input, { silent: true });
  return client.prefetchQuery<Envelope<unknown>>({
    queryKey: endpointKey(endpoint, input),
    queryFn: () => (started ? started.then((answer) => settleAnswer<unknown>(answer, true, true), call) : call()),
    ...(staleTime === undefined ? {} : { staleTime }),
  });
}
