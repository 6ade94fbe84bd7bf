import { useCallback, useEffect, useState } from 'react';
import type { EndpointDef } from '@portal/contracts';
import { api, type ApiQuery } from './api-client';

export type EndpointListState<T> = { rows: T[]; loading: boolean; failed: boolean; reload(): void };

export type EndpointListOptions = {
  /** False: no call, an empty list (e.g. "Select Audio" before a release is chosen). Default true. */
  enabled?: boolean;
  /** No error toast: the screen shows the failure itself (`failed`). */
  silent?: boolean;
};

/**
 * The rows of a list endpoint of the wire map (`body` an array), loaded when the endpoint or the query
 * changes and on `reload()`. While a new answer is awaited the old rows are cleared; an answer for a
 * query no longer current is ignored. Answers `{ rows, loading, failed, reload }`.
 */
export function useEndpointList<T>(endpoint: EndpointDef<unknown, T[]>, query: ApiQuery = {}, options: EndpointListOptions = {}): EndpointListState<T> {
  const { enabled = true, silent = false } = options;
  const [rows, setRows] = useState<T[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    let current = true;
    setRows([]);
    setFailed(false);
    if (!enabled) {
      setLoading(false);
      return undefined;
    }
    setLoading(true);
    api
      .call(endpoint, { query: JSON.parse(key) as ApiQuery }, { silent })
      .then((answer) => current && setRows(Array.isArray(answer.body) ? answer.body : []))
      .catch(() => current && setFailed(true))
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [endpoint, key, enabled, silent, tick]);
  return { rows, loading, failed, reload: useCallback(() => setTick((n) => n + 1), []) };
}
