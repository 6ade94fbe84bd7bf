import { useCallback } from 'react';
import { useEndpointQuery } from '@portal/kit';
import { DISTRIBUTION_ENDPOINTS, type TrackQc } from '@portal/contracts';

/** How often a `checking` result is asked again, and how many answers at most (5 minutes: the QC job takes seconds). */
const POLL_MS = 1500;
const POLL_ANSWERS_MAX = (5 * 60_000) / POLL_MS;

export type TrackQcState = { qc: TrackQc | null; failed: boolean; reload(): void };

/**
 * The store QC of an uploaded audio file (GET /api/getTrackQc, docs/decisions/020), a query of the kit's
 * data layer (docs/decisions/025): asked once the upload is done, then again every 1.5 s while it says
 * `checking` (for 5 minutes at most; a failure stops it). '' (no upload) gives nothing.
 */
export function useTrackQc(filename: string): TrackQcState {
  const query = useEndpointQuery(DISTRIBUTION_ENDPOINTS.getTrackQc, { query: { filename } }, {
    enabled: Boolean(filename),
    silent: true,
    refetchInterval: (q) => (!q.state.error && q.state.data?.body?.status === 'checking' && q.state.dataUpdateCount < POLL_ANSWERS_MAX ? POLL_MS : false),
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  if (!filename) return { qc: null, failed: false, reload };
  return { qc: query.data?.body ?? null, failed: query.isError && !query.isFetching, reload };
}
