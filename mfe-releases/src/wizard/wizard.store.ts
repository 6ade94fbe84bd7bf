import { create } from 'zustand';

/**
 * The one piece of wizard state that outlives a wizard instance: the id of a release just created on
 * tab 1, whose draft that tab put into the data layer's cache (draft-cache.ts). The wizard instance
 * that opens /create_releases/{id} (the shell remounts the page on that navigation) shows that answer
 * instead of asking again; any other opening asks the server (docs/decisions/025).
 */
export type WizardState = {
  handoff: number | null;
  setHandoff(releaseId: number | null): void;
};

export const useWizardStore = create<WizardState>((set) => ({
  handoff: null,
  setHandoff: (handoff) => set({ handoff }),
}));
