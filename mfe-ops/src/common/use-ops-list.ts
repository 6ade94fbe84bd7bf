import { useCallback, useEffect, useState } from 'react';
import { api, type ApiQuery } from '@portal/kit';
import type { EndpointDef } from '@portal/contracts';

/** One page of a server-paged console list: rows, total, loading, and a reload. `enabled: false` asks nothing (a tab the role does not open). */
export function useOpsList<Row>(endpoint: EndpointDef<unknown, Row[]>, query: ApiQuery, enabled = true) {
  const [rows, setRows] = useState<Row[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const key = JSON.stringify(query);
  const load = useCallback(async () => {
    if (!enabled) {
      setLoading(false);
      return;
    }
    setLoading(true);
    try {
      const res = await api.call(endpoint as EndpointDef<unknown, Row[]>, { query });
      setRows(res.body ?? []);
      setTotal(res.total ?? 0);
    } catch {
      setRows([]);
      setTotal(0);
    } finally {
      setLoading(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the query object is rebuilt by callers each render; `key` is its stable identity
  }, [endpoint, key, enabled]);
  useEffect(() => {
    void load();
  }, [load]);
  return { rows, total, loading, reload: load };
}
