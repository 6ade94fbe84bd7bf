import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@portal/kit';
import { VIDEO_ENDPOINTS, VIDEO_LIMITS, type VideoCatalogRow } from '@portal/contracts';

export type VideoCatalogQuery = { page: number; search: string; status: string };
export type VideoCatalogState = { rows: VideoCatalogRow[]; total: number; loading: boolean; failed: boolean; reload(): void };

/** Query of getVideoCatelogListWeb for a page (25 a page, offset (page − 1) × 25, like the audio catalogue). */
export function videoCatalogRequest({ page, search, status }: VideoCatalogQuery) {
  const limit = VIDEO_LIMITS.catalogPageSize;
  return { search: search.trim(), limit, offset: (page - 1) * limit, status: status || undefined };
}

/**
 * The video catalogue list (areas §2 /video-catalog). A failed call leaves the kit's toast with the
 * server's message and stops the loader (areas §8); answers that arrive out of order are ignored.
 */
export function useVideoCatalog(query: VideoCatalogQuery): VideoCatalogState {
  const [rows, setRows] = useState<VideoCatalogRow[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tick, setTick] = useState(0);
  const latest = useRef(0);
  const { page, search, status } = query;

  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    setFailed(false);
    api
      .call(VIDEO_ENDPOINTS.getVideoCatelogListWeb, { query: videoCatalogRequest({ page, search, status }) })
      .then((answer) => {
        if (request !== latest.current) return;
        setRows(Array.isArray(answer.body) ? answer.body : []);
        setTotal(Number(answer.total ?? 0));
      })
      .catch(() => {
        if (request !== latest.current) return;
        setRows([]);
        setTotal(0);
        setFailed(true);
      })
      .finally(() => {
        if (request === latest.current) setLoading(false);
      });
  }, [page, search, status, tick]);

  return { rows, total, loading, failed, reload: useCallback(() => setTick((n) => n + 1), []) };
}
