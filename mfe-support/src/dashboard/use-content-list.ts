import { useCallback, useEffect, useState } from 'react';
import { api } from '@portal/kit';
import type { EndpointDef } from '@portal/contracts';

export type ContentListState<T> = { rows: T[]; loading: boolean; failed: boolean; reload(): void };

/** Rows shown per dashboard list (newest first). */
export const DASHBOARD_LIST_LIMIT = 20;

/**
 * One dashboard list (getNews or getVideoLinks, areas §2 Dashboard): loads once, newest first. A failure
 * is shown in the list itself (with a retry), not as a toast, so one failed list leaves the page calm.
 */
export function useContentList<T>(endpoint: EndpointDef<unknown, T[]>): ContentListState<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let cancelled = false;
    setLoading(true);
    setFailed(false);
    api
      .call(endpoint, { query: { limit: DASHBOARD_LIST_LIMIT } }, { silent: true })
      .then((answer) => !cancelled && setRows(Array.isArray(answer.body) ? answer.body : []))
      .catch(() => !cancelled && setFailed(true))
      .finally(() => !cancelled && setLoading(false));
    return () => {
      cancelled = true;
    };
  }, [endpoint, tick]);
  return { rows, loading, failed, reload: useCallback(() => setTick((n) => n + 1), []) };
}
