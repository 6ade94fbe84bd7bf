import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@portal/kit';
import { VIDEO_ENDPOINTS, type AudioOption, type ReleaseOption } from '@portal/contracts';

export type OptionsState<T> = { options: T[]; loading: boolean; failed: boolean; reload(): void };

/** "Select Release" options (areas §2): the caller's submitted or approved releases (getReleaseTitlesForVRelease). */
export function useReleaseOptions(): OptionsState<ReleaseOption> {
  const [options, setOptions] = useState<ReleaseOption[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setFailed(false);
    api
      .call(VIDEO_ENDPOINTS.getReleaseTitlesForVRelease)
      .then((answer) => !cancelled && setOptions(answer.body ?? []))
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [tick]);
  return { options, loading, failed, reload: useCallback(() => setTick((n) => n + 1), []) };
}

/**
 * "Select Audio" options (areas §2: loaded once a release is chosen): the tracks of `releaseId`
 * (getAudioTitles), empty while none is chosen. Answers for a release no longer chosen are ignored.
 */
export function useAudioOptions(releaseId: string): OptionsState<AudioOption> {
  const [options, setOptions] = useState<AudioOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    setOptions([]);
    setFailed(false);
    if (!releaseId) {
      setLoading(false);
      return;
    }
    setLoading(true);
    api
      .call(VIDEO_ENDPOINTS.getAudioTitles, { query: { release_id: releaseId } })
      .then((answer) => request === latest.current && setOptions(answer.body ?? []))
      .catch(() => request === latest.current && setFailed(true))
      .finally(() => request === latest.current && setLoading(false));
  }, [releaseId, tick]);
  return { options, loading, failed, reload: useCallback(() => setTick((n) => n + 1), []) };
}
