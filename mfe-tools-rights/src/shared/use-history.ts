import { useState } from 'react';
import type { EndpointDef, HistoryQueryDto } from '@portal/contracts';
import { TOOLS_LIMITS } from '@portal/contracts';
import { useEndpointPage } from '@portal/kit';

export type HistoryState<Row> = {
  rows: Row[];
  total: number;
  page: number;
  loading: boolean;
  setPage(page: number): void;
  /** Back to page 1 (after a submission, whose mutation asked every page of the history again: use-submit-form). */
  toFirstPage(): void;
};

/**
 * One history list (areas §2, §9): 20 rows per page with limit, offset and page; pages = ceil(total / 20),
 * read through the kit's data layer (docs/decisions/025). A failed load only stops the loading state
 * (areas §8: silent).
 */
export function useHistory<Row>(endpoint: EndpointDef<Partial<HistoryQueryDto>, Row[]>): HistoryState<Row> {
  const [page, setPage] = useState(1);
  const limit = TOOLS_LIMITS.historyPageSize;
  const list = useEndpointPage(endpoint, { query: { limit, offset: (page - 1) * limit, page } }, { silent: true });
  return { rows: list.rows, total: list.total, page, loading: list.loading, setPage, toFirstPage: () => setPage(1) };
}
