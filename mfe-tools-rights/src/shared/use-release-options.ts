import { useEffect, useState } from 'react';
import { TOOLS_RIGHTS_ENDPOINTS as E, type AudioOption, type ReleaseOption } from '@portal/contracts';
import { api } from '@portal/kit';

export type ReleaseOptionsState = {
  releases: ReleaseOption[];
  audios: AudioOption[];
  loadingReleases: boolean;
  loadingAudios: boolean;
};

/**
 * The Select Release options (all submitted releases, or only upcoming ones for the playlist pitch)
 * and the Select Audio options of the chosen release (areas §2: options depend on the release).
 * Load failures only stop the loading state (areas §8: no message on rights lists).
 */
export function useReleaseOptions(upcomingOnly: boolean, releaseId: string): ReleaseOptionsState {
  const [releases, setReleases] = useState<ReleaseOption[]>([]);
  const [audios, setAudios] = useState<AudioOption[]>([]);
  const [loadingReleases, setLoadingReleases] = useState(true);
  const [loadingAudios, setLoadingAudios] = useState(false);

  useEffect(() => {
    let live = true;
    setLoadingReleases(true);
    api
      .call(upcomingOnly ? E.getReleaseTitlesPlaylist : E.getReleaseTitles, {}, { silent: true })
      .then((r) => live && setReleases(r.body ?? []))
      .catch(() => undefined)
      .finally(() => live && setLoadingReleases(false));
    return () => {
      live = false;
    };
  }, [upcomingOnly]);

  useEffect(() => {
    setAudios([]);
    if (!releaseId) return;
    let live = true;
    setLoadingAudios(true);
    api
      .call(E.getReleaseAudioTitles, { query: { release_id: releaseId } }, { silent: true })
      .then((r) => live && setAudios(r.body ?? []))
      .catch(() => undefined)
      .finally(() => live && setLoadingAudios(false));
    return () => {
      live = false;
    };
  }, [releaseId]);

  return { releases, audios, loadingReleases, loadingAudios };
}
