import { TOOLS_RIGHTS_ENDPOINTS as E, type AudioOption, type ReleaseOption } from '@portal/contracts';
import { useEndpointList } from '@portal/kit';

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
  const releases = useEndpointList<ReleaseOption>(upcomingOnly ? E.getReleaseTitlesPlaylist : E.getReleaseTitles, {}, { silent: true });
  const audios = useEndpointList(E.getReleaseAudioTitles, { release_id: releaseId }, { enabled: !!releaseId, silent: true });
  return { releases: releases.rows, audios: audios.rows, loadingReleases: releases.loading, loadingAudios: audios.loading };
}
