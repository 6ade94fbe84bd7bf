import { useCallback, useEffect, useState } from 'react';
import type { EndpointDef, HistoryQueryDto } from '@portal/contracts';
import { TOOLS_LIMITS } from '@portal/contracts';
import { api } from '@portal/kit';

export type HistoryState<Row> = {
  rows: Row[];
  total: number;
  page: number;
  loading: boolean;
  setPage(page: number): void;
  /** Back to page 1 and load again (after a submission). */
  reload(): void;
};

/**
 * One history list (areas §2, §9): 20 rows per page with limit, offset and page; pages = ceil(total / 20).
 * A failed load only stops the loading state (areas §8).
 */
export function useHistory<Row>(endpoint: EndpointDef<Partial<HistoryQueryDto>, Row[]>): HistoryState<Row> {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let live = true;
    const limit = TOOLS_LIMITS.historyPageSize;
    setLoading(true);
    api
      .call(endpoint, { query: { limit, offset: (page - 1) * limit, page } }, { silent: true })
      .then((r) => {
        if (!live) return;
        setRows(r.body ?? []);
        setTotal(r.total ?? 0);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [endpoint, page, tick]);

  const reload = useCallback(() => {
    setPage(1);
    setTick((t) => t + 1);
  }, []);
  return { rows, total, page, loading, setPage, reload };
}
