import type { EndpointDef, EndpointMethod, QueryOf } from '@portal/contracts';
import type { ApiQuery } from '../api/api-client';

/** First element of every query key of the data layer: the portal API's answers (docs/decisions/025). */
export const API_QUERY_ROOT = 'portal-api';

/** What names an endpoint for the cache: its method and its path as the wire map writes it (`:name` kept). */
export type EndpointRef = Pick<EndpointDef, 'method' | 'path'>;

/**
 * What a call sends: the GET query, the POST body, the `:name` path parameters. `Query` is the route's
 * query type (`QueryOf<Req, M>`, docs/decisions/014): a GET route's request type, so a misspelt or
 * unknown parameter does not compile; loose for POST routes and for callers that name no route.
 */
export type EndpointInput<Req = unknown, Query = ApiQuery> = { query?: Query; body?: Req; params?: Record<string, string | number> };

/** The input of a call of the route `EndpointDef<Req, Res, M>`, its query typed by the route. */
export type RouteInput<Req, M extends EndpointMethod> = EndpointInput<Req, QueryOf<Req, M>>;

/** The endpoint's path without a leading `/` or `api/` (the form the client sends and the route table writes). */
export function endpointRefPath(endpoint: EndpointRef): string {
  return endpoint.path.replace(/^\/+/, '').replace(/^api\//, '');
}

/** `query` without the values the client does not send (`undefined`, `null`), so both build one key. */
function sentQuery(query: unknown): ApiQuery {
  const out: ApiQuery = {};
  for (const [name, value] of Object.entries((query ?? {}) as ApiQuery)) if (value !== undefined && value !== null) out[name] = value;
  return out;
}

/**
 * Every cached answer of `endpoint`, whatever its input: `['portal-api', path]`. Invalidating this key
 * reloads each list of the endpoint that is on screen (after a mutation) and drops the others' freshness.
 */
export function endpointScope(endpoint: EndpointRef): readonly [typeof API_QUERY_ROOT, string] {
  return [API_QUERY_ROOT, endpointRefPath(endpoint)];
}

/**
 * The query key of one call: `['portal-api', path, { query, body, params }]`, `query` without its
 * unsent values. Object keys are compared whatever their order (TanStack Query hashes them sorted), so
 * a page and the shell's route-entry prefetch that build the same request share one cache entry.
 */
export function endpointKey(endpoint: EndpointRef, input: EndpointInput<unknown, unknown> = {}) {
  const part: { query: ApiQuery; body?: unknown; params?: Record<string, string | number> } = { query: sentQuery(input.query) };
  if (input.body !== undefined) part.body = input.body;
  if (input.params !== undefined) part.params = input.params;
  return [...endpointScope(endpoint), part] as const;
}
