import { useCallback } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_ENDPOINTS, type UserDetails } from '@portal/contracts';
import { endpointKey } from '../data/endpoint-key';
import { useEndpointQuery } from '../data/use-endpoint-query';

/** The signed-in user's details as a screen shows them. */
export type UserDetailsView = {
  /** GET /api/getUserDetails' body (name, e-mail, phone, address, revenue in USD), null until it arrived or when it failed. */
  details: UserDetails | null;
  /** The last request failed and no details are there (the kit showed the server's message). */
  failed: boolean;
  /** Ask the server again now. */
  reload(): void;
};

/**
 * The signed-in user's details (GET /api/getUserDetails, areas §7; core §2 top bar revenue, areas §2
 * profile) through the page's data layer (docs/decisions/025): one cached answer under
 * `endpointKey(getUserDetails)`, the key the dashboard's "Get started" profile check reads too, so
 * the top bar uses the answer the dashboard's first requests already have. `fresh`: this user of the
 * details asks the server again when it mounts (the profile, on each opening), the cached answer
 * showing meanwhile. Needs a PortalQueryProvider (the layout's). The answer belongs to one session:
 * logout and a session over end with a full navigation, and logout clears the cache first.
 */
export function useUserDetails(options: { fresh?: boolean } = {}): UserDetailsView {
  const query = useEndpointQuery(AUTH_ENDPOINTS.getUserDetails, {}, options.fresh ? { staleTime: 0 } : {});
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const details = query.data?.body ?? null;
  return { details, failed: details === null && query.isError && !query.isFetching, reload };
}

/**
 * After the user's details or balance changed (a profile update, a payout request): every cached
 * answer of getUserDetails is out of date, and those on screen (the top bar, the profile) are asked
 * again. Resolves once that answer arrived (a failure keeps the old details; the kit showed its message).
 */
export function refreshUserDetails(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: endpointKey(AUTH_ENDPOINTS.getUserDetails) });
}
