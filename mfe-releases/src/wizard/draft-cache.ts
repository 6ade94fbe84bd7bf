import { useMemo } from 'react';
import { endpointKey, useQueryClient } from '@portal/kit';
import { RELEASE_ENDPOINTS, type Envelope, type Release, type Track } from '@portal/contracts';

/** The query input of a draft (GET getDraft): the key the wizard reads and its tabs update. */
export const draftInput = (releaseId: number) => ({ query: { release_id: releaseId } });

const draftKey = (releaseId: number) => endpointKey(RELEASE_ENDPOINTS.getDraft, draftInput(releaseId));

/** What a save of the wizard changes on other screens: the catalogue's lists (dashboard check included), release pages, the submission summary. */
export const DRAFT_CHANGES = [RELEASE_ENDPOINTS.getCatelogListWeb, RELEASE_ENDPOINTS.getCatelogById, RELEASE_ENDPOINTS.getSubmissionDetails];

export type DraftUpdates = {
  /** The draft as the server now has it (a release just created on tab 1). */
  put(release: Release): void;
  /** Fields a tab just saved. */
  patch(releaseId: number, patch: Partial<Release>): void;
  /** Adds or replaces a saved track (by audio_id); `number_of_tracks` follows. */
  upsertTrack(releaseId: number, track: Track): void;
  removeTrack(releaseId: number, audioId: number): void;
};

/**
 * The wizard's draft lives in the kit's data layer under the getDraft key (docs/decisions/025): each
 * tab, once the server saved its part, writes what it saved into that cached answer, so the step flags
 * (wizard-steps.ts) follow what the server has without asking again. No copy is kept elsewhere.
 */
export function useDraftUpdates(): DraftUpdates {
  const client = useQueryClient();
  return useMemo(() => {
    const update = (releaseId: number, change: (release: Release) => Release) =>
      client.setQueryData<Envelope<Release>>(draftKey(releaseId), (old) => (old?.body ? { ...old, body: change(old.body) } : old));
    const withTracks = (release: Release, audios: Track[]): Release => ({ ...release, audios, number_of_tracks: audios.length });
    return {
      put: (release) => client.setQueryData<Envelope<Release>>(draftKey(release.release_id), { status: 200, message: '', body: release }),
      patch: (releaseId, patch) => update(releaseId, (release) => ({ ...release, ...patch })),
      upsertTrack: (releaseId, track) =>
        update(releaseId, (release) => {
          const audios = release.audios ?? [];
          const exists = audios.some((a) => a.audio_id === track.audio_id);
          return withTracks(release, exists ? audios.map((a) => (a.audio_id === track.audio_id ? track : a)) : [...audios, track]);
        }),
      removeTrack: (releaseId, audioId) => update(releaseId, (release) => withTracks(release, (release.audios ?? []).filter((a) => a.audio_id !== audioId))),
    };
  }, [client]);
}
