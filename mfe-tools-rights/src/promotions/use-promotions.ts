import { useEffect, useState } from 'react';
import { TOOLS_LIMITS as L, TOOLS_RIGHTS_ENDPOINTS as E, type PromotionRow } from '@portal/contracts';
import { api, useDebouncedValue } from '@portal/kit';

/**
 * The promotions list (areas §2, §9): 15 per page from page 1, search debounced 500 ms (a new search
 * goes back to page 1). A failed load shows the server's message as a toast (areas §8).
 */
export function usePromotions(search: string) {
  const debounced = useDebouncedValue(search.trim(), L.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<PromotionRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => setPage(1), [debounced]);
  useEffect(() => {
    let live = true;
    setLoading(true);
    setFailed(false);
    api
      .call(E.getCreatedPromotions, { query: { limit: L.promotionsPageSize, offset: (page - 1) * L.promotionsPageSize, page, search: debounced } })
      .then((r) => {
        if (!live) return;
        setRows(r.body ?? []);
        setTotal(r.total ?? 0);
      })
      .catch(() => live && setFailed(true))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [page, debounced]);
  return { rows, total, page, setPage, loading, failed, searching: debounced !== '' };
}
