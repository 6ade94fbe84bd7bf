import { VIDEO_LIMITS } from '@portal/contracts';

export type VideoCatalogQuery = { page: number; search: string; status: string };

/** Query of getVideoCatelogListWeb for a page (25 a page, offset (page − 1) × 25, like the audio catalogue). */
export function videoCatalogRequest({ page, search, status }: VideoCatalogQuery) {
  const limit = VIDEO_LIMITS.catalogPageSize;
  return { search: search.trim(), limit, offset: (page - 1) * limit, status: status || undefined };
}
