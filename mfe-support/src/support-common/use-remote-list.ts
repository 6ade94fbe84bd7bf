import { useCallback, useEffect, useRef, useState } from 'react';
import { api, type ApiQuery } from '@portal/kit';
import type { EndpointDef } from '@portal/contracts';

export type RemoteList<T> = {
  rows: T[];
  total: number;
  loading: boolean;
  /** The last load failed (the kit showed the server's message, areas §8). */
  failed: boolean;
  reload(): void;
};

/**
 * A list endpoint of the wire map (`body` array + `total`), reloaded when `query` changes (compared
 * as JSON) or on `reload()`. Answers that arrive out of order are ignored. `silent`: a failure shows
 * no toast (areas §8: history lists only stop their loader).
 */
export function useRemoteList<T>(endpoint: EndpointDef<unknown, T[]>, query: ApiQuery, silent = false): RemoteList<T> {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const key = JSON.stringify(query);

  useEffect(() => {
    const id = ++latest.current;
    setLoading(true);
    setFailed(false);
    api
      .call(endpoint, { query: JSON.parse(key) as ApiQuery }, { silent })
      .then((answer) => {
        if (id !== latest.current) return;
        setRows(Array.isArray(answer.body) ? answer.body : []);
        setTotal(Number(answer.total ?? 0));
      })
      .catch(() => {
        if (id !== latest.current) return;
        setRows([]);
        setTotal(0);
        setFailed(true);
      })
      .finally(() => {
        if (id === latest.current) setLoading(false);
      });
  }, [endpoint, key, tick, silent]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { rows, total, loading, failed, reload };
}
