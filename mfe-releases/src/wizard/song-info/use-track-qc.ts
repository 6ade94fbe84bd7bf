import { useCallback, useEffect, useState } from 'react';
import { api } from '@portal/kit';
import { DISTRIBUTION_ENDPOINTS, type TrackQc } from '@portal/contracts';

/** How often a `checking` result is asked again, and for how long at most (the QC job takes seconds). */
const POLL_MS = 1500;
const POLL_LIMIT_MS = 5 * 60_000;

export type TrackQcState = { qc: TrackQc | null; failed: boolean; reload(): void };

/**
 * The store QC of an uploaded audio file (GET /api/getTrackQc, docs/decisions/020): asked once the
 * upload is done, then again every 1.5 s while it says `checking`. '' (no upload) gives nothing.
 */
export function useTrackQc(filename: string): TrackQcState {
  const [qc, setQc] = useState<TrackQc | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    setQc(null);
    setFailed(false);
    if (!filename) return undefined;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const started = Date.now();
    const load = () => {
      api
        .call(DISTRIBUTION_ENDPOINTS.getTrackQc, { query: { filename } }, { silent: true })
        .then((answer) => {
          if (cancelled || !answer.body) return;
          setQc(answer.body);
          if (answer.body.status === 'checking' && Date.now() - started < POLL_LIMIT_MS) timer = setTimeout(load, POLL_MS);
        })
        .catch(() => {
          if (!cancelled) setFailed(true);
        });
    };
    load();
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [filename, attempt]);

  return { qc, failed, reload };
}
