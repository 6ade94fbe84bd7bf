import { create } from 'zustand';
import { api } from '@portal/kit';
import { RELEASE_ENDPOINTS, type Artist, type ArtistType } from '@portal/contracts';

/**
 * The user's artists per type (GET getArtist?artist_type=), shared by the release-info pickers and
 * the track dialog's pickers so each list loads once per wizard visit.
 */
export type ArtistsState = {
  lists: Record<ArtistType, Artist[] | null>;
  loading: Record<ArtistType, boolean>;
  load(type: ArtistType, force?: boolean): Promise<void>;
  reset(): void;
};

const inflight: Partial<Record<ArtistType, Promise<void>>> = {};

export const useArtistsStore = create<ArtistsState>((set, get) => ({
  lists: { primary: null, featuring: null },
  loading: { primary: false, featuring: false },
  load(type, force = false) {
    if (!force && get().lists[type] !== null) return Promise.resolve();
    const pending = inflight[type];
    if (pending && !force) return pending;
    set((s) => ({ loading: { ...s.loading, [type]: true } }));
    const request = api
      .call(RELEASE_ENDPOINTS.getArtist, { query: { artist_type: type } })
      .then((answer) => {
        set((s) => ({ lists: { ...s.lists, [type]: Array.isArray(answer.body) ? answer.body : [] } }));
      })
      .catch(() => {
        // The kit has shown the error; keep an empty list so the picker still renders.
        set((s) => ({ lists: { ...s.lists, [type]: s.lists[type] ?? [] } }));
      })
      .finally(() => {
        delete inflight[type];
        set((s) => ({ loading: { ...s.loading, [type]: false } }));
      });
    inflight[type] = request;
    return request;
  },
  reset: () => set({ lists: { primary: null, featuring: null }, loading: { primary: false, featuring: false } }),
}));
