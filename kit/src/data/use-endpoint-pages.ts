import { useCallback, useMemo } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { EndpointDef, EndpointMethod, Envelope } from '@portal/contracts';
import { api } from '../api/api-client';
import type { ApiError } from '../api/api-error';
import { staleTimeOf } from './query-client';
import { endpointKey, type RouteInput } from './endpoint-key';

export type EndpointPagesOptions = {
  /** Rows of a full page: a shorter page is the last one. */
  pageSize: number;
  /** False: no call, no rows. Default true. */
  enabled?: boolean;
  /** No error toast. */
  silent?: boolean;
  /** Fresh time in ms instead of QUERY_STALE_MS. */
  staleTime?: number;
  /** How long (ms) the pages stay cached once nothing shows them (0: each opening starts from the first page). */
  gcTime?: number;
};

/** A list read page after page ("load more"), as a screen shows it. */
export type EndpointPages<Row> = {
  /** Every page loaded so far, in order. */
  rows: Row[];
  /** True while the first page or the next one is awaited. */
  loading: boolean;
  /** True when the last page was shorter than `pageSize` (or a load failed): nothing more to load. */
  done: boolean;
  failed: boolean;
  /** Loads the next page, unless one is under way or the list is done. */
  loadMore(): void;
  /** Asks again for every page loaded so far. */
  reload(): void;
};

/**
 * A list endpoint read by offset, page after page (docs/decisions/025: the bell's "load more"): page n
 * is `api.call(endpoint, pageInput(offset))` with `offset` the number of rows loaded before it. Cached
 * under the endpoint's scope, so invalidating the endpoint reloads it like any of its queries.
 */
export function useEndpointPages<Req, Row, M extends EndpointMethod>(
  endpoint: EndpointDef<Req, Row[], M>,
  pageInput: (offset: number) => RouteInput<Req, M>,
  options: EndpointPagesOptions,
): EndpointPages<Row> {
  const { pageSize, enabled = true, silent = false, staleTime, gcTime } = options;
  const query = useInfiniteQuery<Envelope<Row[]>, ApiError, { pages: Envelope<Row[]>[] }, readonly unknown[], number>({
    queryKey: [...endpointKey(endpoint, pageInput(0)), 'pages'],
    queryFn: ({ pageParam, signal }) => api.call(endpoint, pageInput(pageParam), { silent, signal }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const rows = Array.isArray(last.body) ? last.body.length : 0;
      return rows < pageSize ? undefined : pages.reduce((sum, page) => sum + (Array.isArray(page.body) ? page.body.length : 0), 0);
    },
    enabled,
    staleTime: staleTime ?? staleTimeOf(endpoint),
    ...(gcTime !== undefined ? { gcTime } : {}),
  });
  const { fetchNextPage, refetch, hasNextPage, isFetching } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetching) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetching]);
  const reload = useCallback(() => void refetch(), [refetch]);
  const data = enabled ? query.data : undefined;
  const rows = useMemo(() => (data?.pages ?? []).flatMap((page) => (Array.isArray(page.body) ? page.body : [])), [data]);
  return {
    rows,
    loading: enabled && (query.isPending || query.isFetchingNextPage),
    done: !enabled || query.isError || (query.isSuccess && !hasNextPage),
    failed: enabled && query.isError,
    loadMore,
    reload,
  };
}
