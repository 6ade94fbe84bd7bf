import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@portal/kit';
import { RELEASE_ENDPOINTS, RELEASE_LIMITS, type CatalogRow } from '@portal/contracts';

export type CatalogQuery = { page: number; search: string; status: string };

export type CatalogState = {
  rows: CatalogRow[];
  total: number;
  loading: boolean;
  failed: boolean;
  /** True once a list has arrived at least once since the page opened. */
  loadedOnce: boolean;
  reload(): void;
};

/** Newest first: the API's default order, sent explicitly. */
export const CATALOG_SORT = 'newest';

/** Query of GET getCatelogListWeb for a page (core §7, §9: page size 25, offset (page - 1) * 25). */
export function catalogRequest({ page, search, status }: CatalogQuery) {
  const limit = RELEASE_LIMITS.catalogPageSize;
  return {
    search: search.trim(),
    sort: CATALOG_SORT,
    limit,
    offset: (page - 1) * limit,
    page,
    status: status || undefined,
  };
}

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
      .call(RELEASE_ENDPOINTS.getCatelogListWeb, { query: catalogRequest({ page, search, status }) })
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
