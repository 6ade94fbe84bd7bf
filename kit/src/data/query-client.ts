import { QueryClient } from '@tanstack/react-query';
import type { EndpointDef } from '@portal/contracts';
import { ApiError, NETWORK_ERROR_STATUS } from '../api/api-error';

/** How long an answer counts as fresh (ms): a page opened again within it shows the cache without asking. */
export const QUERY_STALE_MS = 30_000;

/**
 * Fresh time (ms) of an endpoint's cached answers: 0 for the staff console's endpoints (`access:
 * 'staff'` in the wire map): their lists change through other people (artists open tickets, other staff
 * decide), so a console screen asks again every time it opens (showing the cached rows meanwhile);
 * QUERY_STALE_MS for the rest (an artist's own data, changed by their own actions).
 */
export function staleTimeOf(endpoint: Pick<EndpointDef, 'access'>): number {
  return endpoint.access === 'staff' ? 0 : QUERY_STALE_MS;
}

/** Extra tries of a query whose request got no answer at all (network failure, timeout). */
const NETWORK_RETRIES = 1;

/**
 * Whether a failed query is tried again (`failures`: tries that failed before this one, from 0). Only a
 * request that got no answer (ApiError with NETWORK_ERROR_STATUS) is, once: an envelope error is the
 * server's answer (core §8: its message was shown, asking again gives the same), and "session over"
 * (status 0, or 401 with a token) already ended the session.
 */
export function shouldRetryQuery(failures: number, error: unknown): boolean {
  return error instanceof ApiError && error.status === NETWORK_ERROR_STATUS && failures < NETWORK_RETRIES;
}

/**
 * The page's one QueryClient (docs/decisions/025), created by the shell and handed to every remote
 * through the shared `@tanstack/react-query` context. Answers stay fresh QUERY_STALE_MS (a query of a staff endpoint sets 0, staleTimeOf) and in memory
 * for 5 minutes after their last user left; no refetch on window focus or reconnect unless a query asks
 * for it (the bell does), so a list does not change under the user's eyes; mutations are never retried.
 */
export function createPortalQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: QUERY_STALE_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
      mutations: { retry: false },
    },
  });
}
