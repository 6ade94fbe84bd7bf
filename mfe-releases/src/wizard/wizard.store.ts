import { create } from 'zustand';
import type { Release, Track } from '@portal/contracts';

/**
 * The draft being edited by the wizard (getDraft body). `release` is null until release info is
 * created. Tabs read and patch it so the step flags (wizard-steps.ts) always follow what the server
 * has saved.
 */
export type WizardState = {
  release: Release | null;
  setRelease(release: Release | null): void;
  patchRelease(patch: Partial<Release>): void;
  /** Adds or replaces a saved track (by audio_id). */
  upsertTrack(track: Track): void;
  removeTrack(audioId: number): void;
  reset(): void;
  /**
   * A release just created on tab 1, handed to the wizard instance that opens
   * /create_releases/{id} (the shell remounts the page on that navigation) so it needs no reload.
   */
  handoff: Release | null;
  setHandoff(release: Release | null): void;
};

export const useWizardStore = create<WizardState>((set) => ({
  release: null,
  setRelease: (release) => set({ release }),
  patchRelease: (patch) => set((state) => (state.release ? { release: { ...state.release, ...patch } } : state)),
  upsertTrack: (track) =>
    set((state) => {
      if (!state.release) return state;
      const audios = state.release.audios ?? [];
      const exists = audios.some((a) => a.audio_id === track.audio_id);
      const next = exists ? audios.map((a) => (a.audio_id === track.audio_id ? track : a)) : [...audios, track];
      return { release: { ...state.release, audios: next, number_of_tracks: next.length } };
    }),
  removeTrack: (audioId) =>
    set((state) => {
      if (!state.release) return state;
      const next = (state.release.audios ?? []).filter((a) => a.audio_id !== audioId);
      return { release: { ...state.release, audios: next, number_of_tracks: next.length } };
    }),
  reset: () => set({ release: null }),
  handoff: null,
  setHandoff: (handoff) => set({ handoff }),
}));
