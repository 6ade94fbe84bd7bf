import { create } from 'zustand';
import { AUTH_ENDPOINTS, type UserDetails } from '@portal/contracts';
import { api } from '../api/api-client';
import { useSession } from './session.store';

export type UserDetailsState = {
  details: UserDetails | null;
  loading: boolean;
  /** GET /api/getUserDetails (areas §7). Concurrent calls share one request; failures keep the old details. */
  load(): Promise<void>;
  reset(): void;
};

let inFlight: Promise<void> | null = null;

/** The logged-in user's details (top bar revenue, profile). */
export const useUserDetails = create<UserDetailsState>()((set) => ({
  details: null,
  loading: false,
  load() {
    if (inFlight) return inFlight;
    set({ loading: true });
    inFlight = api
      .call(AUTH_ENDPOINTS.getUserDetails)
      .then((envelope) => set({ details: envelope.body ?? null }))
      .catch(() => undefined)
      .finally(() => {
        inFlight = null;
        set({ loading: false });
      });
    return inFlight;
  },
  reset() {
    set({ details: null, loading: false });
  },
}));

// Details belong to one session: a logout, a session over or another account's login drops them.
useSession.subscribe((state, previous) => {
  if (state.token !== previous.token) useUserDetails.getState().reset();
});
