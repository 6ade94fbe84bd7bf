import { OPS_ENDPOINTS, RELEASE_ENDPOINTS } from '@portal/contracts';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';
import { createPortalQueryClient, QUERY_STALE_MS, shouldRetryQuery, staleTimeOf } from './query-client';

describe('the portal QueryClient (docs/decisions/025)', () => {
  it('tries a request that got no answer once more, and nothing the server answered', () => {
    expect(shouldRetryQuery(0, new ApiError('Something went wrong', NETWORK_ERROR_STATUS, null))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('Something went wrong', NETWORK_ERROR_STATUS, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Not found', 404, { status: 404, message: 'Not found' }))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Session over', 0, { status: 0, message: 'Session over' }))).toBe(false);
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false);
  });

  it('keeps artist answers fresh 30 s, asks the console’s lists again on every opening, and does not refetch on focus unless a query asks', () => {
    expect(staleTimeOf(RELEASE_ENDPOINTS.getCatelogListWeb)).toBe(QUERY_STALE_MS);
    expect(staleTimeOf(OPS_ENDPOINTS.reviewQueue)).toBe(0);
    // Every console route is a staff route (the wire map's access, not its path, decides).
    expect(Object.values(OPS_ENDPOINTS).filter((route) => route.path.startsWith('ops/')).every((route) => staleTimeOf(route) === 0)).toBe(true);
    const options = createPortalQueryClient().getDefaultOptions();
    expect(options.queries?.staleTime).toBe(QUERY_STALE_MS);
    expect(options.queries?.refetchOnWindowFocus).toBe(false);
    expect(options.mutations?.retry).toBe(false);
  });
});
