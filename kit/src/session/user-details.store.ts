import { create } from 'zustand';
import type { QueryClient } from '@tanstack/react-query';
import { AUTH_ENDPOINTS, type UserDetails } from '@portal/contracts';
import { api } from '../api/api-client';
import { endpointKey } from '../data/endpoint-key';
import { useSession } from './session.store';

export type UserDetailsLoad = {
  /**
   * The page's data layer (docs/decisions/025): the details are read through its cache, under the key
   * the dashboard's own getUserDetails query has, so an answer it already has (fresh, or under way)
   * is used instead of asking again. Without it, the request is sent.
   */
  client?: QueryClient;
  /** Ask the server whatever is cached (after the user changed their details, or opening the profile). */
  fresh?: boolean;
};

export type UserDetailsState = {
  details: UserDetails | null;
  loading: boolean;
  /**
   * GET /api/getUserDetails (areas §7), through `options.client`'s cache when given (see
   * UserDetailsLoad). Concurrent calls share one request; a failure keeps the old details.
   */
  load(options?: UserDetailsLoad): Promise<void>;
  reset(): void;
};

let inFlight: Promise<void> | null = null;

const ask = () => api.call(AUTH_ENDPOINTS.getUserDetails);

/** The logged-in user's details (top bar revenue, profile). */
export const useUserDetails = create<UserDetailsState>()((set) => ({
  details: null,
  loading: false,
  load({ client, fresh = false } = {}) {
    if (inFlight && !fresh) return inFlight;
    set({ loading: true });
    const answer = client ? client.fetchQuery({ queryKey: endpointKey(AUTH_ENDPOINTS.getUserDetails), queryFn: ask, ...(fresh ? { staleTime: 0 } : {}) }) : ask();
    const request: Promise<void> = answer
      .then((envelope) => set({ details: envelope.body ?? null }))
      .catch(() => undefined)
      .finally(() => {
        if (inFlight === request) inFlight = null;
        set({ loading: false });
      });
    inFlight = request;
    return request;
  },
  reset() {
    set({ details: null, loading: false });
  },
}));

// Details belong to one session: a logout, a session over or another account's login drops them.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) useUserDetails.getState().reset();
});
