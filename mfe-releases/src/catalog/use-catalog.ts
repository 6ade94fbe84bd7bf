import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@portal/kit';
import { catalogListQuery, RELEASE_ENDPOINTS, type CatalogPageQuery, type CatalogRow } from '@portal/contracts';

export type CatalogQuery = CatalogPageQuery;

export type CatalogState = {
  rows: CatalogRow[];
  total: number;
  loading: boolean;
  failed: boolean;
  /** True once a list has arrived at least once since the page opened. */
  loadedOnce: boolean;
  reload(): void;
};

/**
 * The audio catalogue list. A failed call leaves the kit's toast with the server's message and
 * stops the loader (core §8). Answers that arrive out of order are ignored.
 */
export function useCatalog(query: CatalogQuery): CatalogState {
  const [rows, setRows] = useState<CatalogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [loadedOnce, setLoadedOnce] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const { page, search, status } = query;

  useEffect(() => {
    const requestId = ++latest.current;
    setLoading(true);
    setFailed(false);
    api
      .call(RELEASE_ENDPOINTS.getCatelogListWeb, { query: catalogListQuery({ page, search, status }) })
      .then((answer) => {
        if (requestId !== latest.current) return;
        setRows(Array.isArray(answer.body) ? answer.body : []);
        setTotal(Number(answer.total ?? 0));
        setLoadedOnce(true);
      })
      .catch(() => {
        if (requestId !== latest.current) return;
        setRows([]);
        setTotal(0);
        setFailed(true);
      })
      .finally(() => {
        if (requestId === latest.current) setLoading(false);
      });
  }, [page, search, status, tick]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { rows, total, loading, failed, loadedOnce, reload };
}
