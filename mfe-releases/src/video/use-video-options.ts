import { useEndpointList } from '@portal/kit';
import { VIDEO_ENDPOINTS, type AudioOption, type ReleaseOption } from '@portal/contracts';

export type OptionsState<T> = { options: T[]; loading: boolean; failed: boolean; reload(): void };

/** "Select Release" options (areas §2): the caller's submitted or approved releases (getReleaseTitlesForVRelease). */
export function useReleaseOptions(): OptionsState<ReleaseOption> {
  const { rows, ...state } = useEndpointList(VIDEO_ENDPOINTS.getReleaseTitlesForVRelease);
  return { options: rows, ...state };
}

/**
 * "Select Audio" options (areas §2: loaded once a release is chosen): the tracks of `releaseId`
 * (getAudioTitles), empty while none is chosen. Answers for a release no longer chosen are ignored.
 */
export function useAudioOptions(releaseId: string): OptionsState<AudioOption> {
  const { rows, ...state } = useEndpointList(VIDEO_ENDPOINTS.getAudioTitles, { release_id: releaseId }, { enabled: !!releaseId });
  return { options: rows, ...state };
}
