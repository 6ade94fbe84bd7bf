import type { QueryClient } from '@tanstack/react-query';
import type { EndpointDef, Envelope } from '@portal/contracts';
import { api, settleAnswer } from '../api/api-client';
import { endpointKey, type EndpointInput, type EndpointRef } from './endpoint-key';

/** A request the shell's entry sent itself, with the stored session token, before the kit was loaded. */
export type StartedAnswer = Promise<{ status: number; raw: unknown }>;

/**
 * Puts a route's first request into the page's QueryClient before the page asks (docs/decisions/025,
 * route entry): the page's `useEndpointQuery` with the same endpoint and input then uses this request
 * instead of sending its own. `started`: the answer of the same request already sent by the shell's
 * entry with the session's token; it is read like any call (envelope, session over), and on a network
 * failure the request is sent again. Silent: a failure shows no toast here; the page, finding the
 * query failed when it mounts, asks again with its own toast rule (core §8). Nothing happens if a fresh answer is already cached.
 * Resolves when the request settled; never rejects.
 */
export function prefetchEndpoint(client: QueryClient, endpoint: EndpointRef, input: EndpointInput = {}, started?: StartedAnswer): Promise<void> {
  // The route table names an endpoint by method and path only; api.call reads no other field of it.
  const call = () => api.call(endpoint as EndpointDef<unknown, unknown>, input, { silent: true });
  return client.prefetchQuery<Envelope<unknown>>({
    queryKey: endpointKey(endpoint, input),
    queryFn: () => (started ? started.then((answer) => settleAnswer<unknown>(answer, true, true), call) : call()),
  });
}
