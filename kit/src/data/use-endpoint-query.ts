import { useCallback } from 'react';
import { keepPreviousData, useQuery, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import type { EndpointDef, EndpointMethod, Envelope } from '@portal/contracts';
import { api } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import { staleTimeOf } from './query-client';
import { endpointKey, type RouteInput } from './endpoint-key';

type Options<Res> = UseQueryOptions<Envelope<Res>, ApiError>;

export type EndpointQueryOptions<Res = unknown> = {
  /** False: no call (e.g. "Select Audio" before a release is chosen). Default true. */
  enabled?: boolean;
  /** No error toast: the screen shows the failure itself. */
  silent?: boolean;
  /** Ask again every this many ms while the query is on screen (the bell's 60 s poll); a function of the query may stop it. */
  refetchInterval?: Options<Res>['refetchInterval'];
  /** Ask again when the window regains focus (default false, see createPortalQueryClient). */
  refetchOnWindowFocus?: Options<Res>['refetchOnWindowFocus'];
  /** Fresh time in ms instead of QUERY_STALE_MS (0: every new user of the query asks again). */
  staleTime?: number;
  /** While the answer for a new input is awaited, keep the last answer (a list's next page). */
  keepPrevious?: boolean;
  /** How long (ms) the answer stays cached once nothing shows it (0: a signed link, asked anew by the next user). */
  gcTime?: number;
};

/**
 * One call of the wire map through the page's QueryClient (docs/decisions/025): `api.call(endpoint,
 * input)` cached under `endpointKey(endpoint, input)`, so every component asking the same shares one
 * request and one answer, an answer for an input no longer current is dropped, and a mutation's
 * invalidation reloads it. Answers TanStack Query's result with the envelope as `data` and the
 * ApiError as `error` (the kit already showed its toast unless `silent`).
 */
export function useEndpointQuery<Req, Res, M extends EndpointMethod>(
  endpoint: EndpointDef<Req, Res, M>,
  input: RouteInput<Req, M> = {},
  options: EndpointQueryOptions<Res> = {},
): UseQueryResult<Envelope<Res>, ApiError> {
  const { enabled = true, silent = false, refetchInterval, refetchOnWindowFocus, staleTime, keepPrevious = false, gcTime } = options;
  return useQuery<Envelope<Res>, ApiError>({
    queryKey: endpointKey(endpoint, input),
    queryFn: ({ signal }) => api.call(endpoint, input, { silent, signal }),
    enabled,
    ...(refetchInterval !== undefined ? { refetchInterval } : {}),
    ...(refetchOnWindowFocus !== undefined ? { refetchOnWindowFocus } : {}),
    staleTime: staleTime ?? staleTimeOf(endpoint),
    ...(keepPrevious ? { placeholderData: keepPreviousData } : {}),
    ...(gcTime !== undefined ? { gcTime } : {}),
  });
}

/** One page of a list endpoint as a screen shows it. */
export type EndpointPage<Row> = {
  /** The page's rows (`body`), empty before the first answer, after a failure and while disabled. */
  rows: Row[];
  /** The envelope's `total` (all rows of the list), 0 when absent. */
  total: number;
  /** True while no answer for the current input is there (first load, or another page being fetched). */
  loading: boolean;
  /** True while any request of it is under way (also a reload behind rows already shown). */
  fetching: boolean;
  /** The last load failed (the kit showed the server's message unless silent, core §8). */
  failed: boolean;
  /** True once a list has arrived at least once. */
  loadedOnce: boolean;
  /** Ask again now (after an action of this screen); the rows stay until the answer arrives. */
  reload(): void;
};

/**
 * A page of a list endpoint of the wire map (`body` an array, `total` the whole list's count): the
 * caller builds the input of the page (limit, offset, filters), and a change of it loads that page
 * while the previous rows stay (`loading` true). Disabled: no call, no rows.
 */
export function useEndpointPage<Req, Row, M extends EndpointMethod>(
  endpoint: EndpointDef<Req, Row[], M>,
  input: RouteInput<Req, M> = {},
  options: EndpointQueryOptions<Row[]> = {},
): EndpointPage<Row> {
  const enabled = options.enabled ?? true;
  const query = useEndpointQuery(endpoint, input, { keepPrevious: enabled, ...options });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const envelope = enabled ? query.data : undefined;
  return {
    rows: Array.isArray(envelope?.body) ? envelope.body : [],
    total: Number(envelope?.total ?? 0),
    loading: enabled && (query.isPending || query.isPlaceholderData),
    fetching: enabled && query.isFetching,
    failed: enabled && query.isError && !query.isFetching,
    loadedOnce: envelope !== undefined,
    reload,
  };
}
