import type { QueryKey } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';
import { endpointKey } from './endpoint-key';
import { createPortalQueryClient, QUERY_STALE_MS, shouldRetryQuery } from './query-client';

describe('the portal QueryClient (docs/decisions/025)', () => {
  it('tries a request that got no answer once more, and nothing the server answered', () => {
    expect(shouldRetryQuery(0, new ApiError('Something went wrong', NETWORK_ERROR_STATUS, null))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('Something went wrong', NETWORK_ERROR_STATUS, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Not found', 404, { status: 404, message: 'Not found' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Session over', 0, { status: 0, message: 'Session over' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false);
  });

  it('keeps artist answers fresh 30 s, asks the console’s lists again on every opening, and does not refetch on focus unless a query asks', () => {
    const options = createPortalQueryClient().getDefaultOptions();
    const staleTime = options.queries?.staleTime as unknown as (query: { queryKey: QueryKey }) => number;
    expect(staleTime({ queryKey: endpointKey({ method: 'GET', path: 'getCatelogListWeb' }, { query: { page: 1 } }) })).toBe(QUERY_STALE_MS);
    expect(staleTime({ queryKey: endpointKey({ method: 'GET', path: 'ops/support/tickets' }, { query: { page: 1 } }) })).toBe(0);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.mutations?.retry).toBe(false);
  });
});
