import { useCallback, useState } from 'react';
import type { EndpointDef, HistoryQueryDto } from '@portal/contracts';
import { TOOLS_LIMITS } from '@portal/contracts';
import { endpointScope, useEndpointPage, useQueryClient } from '@portal/kit';

export type HistoryState<Row> = {
  rows: Row[];
  total: number;
  page: number;
  loading: boolean;
  setPage(page: number): void;
  /** Back to page 1 with every page of the history asked again (after a submission). */
  reload(): void;
};

/**
 * One history list (areas §2, §9): 20 rows per page with limit, offset and page; pages = ceil(total / 20),
 * read through the kit's data layer (docs/decisions/025). A failed load only stops the loading state
 * (areas §8: silent).
 */
export function useHistory<Row>(endpoint: EndpointDef<Partial<HistoryQueryDto>, Row[]>): HistoryState<Row> {
  const client = useQueryClient();
  const [page, setPage] = useState(1);
  const limit = TOOLS_LIMITS.historyPageSize;
  const list = useEndpointPage(endpoint, { query: { limit, offset: (page - 1) * limit, page } }, { silent: true });
  const reload = useCallback(() => {
    // Every cached page is out of date after a submission, not only the one on screen.
    void client.invalidateQueries({ queryKey: endpointScope(endpoint) });
    setPage(1);
  }, [client, endpoint]);
  return { rows: list.rows, total: list.total, page, loading: list.loading, setPage, reload };
}
