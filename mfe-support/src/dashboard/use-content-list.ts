import { useEndpointList, type EndpointListState } from '@portal/kit';
import { DASHBOARD_LIST_LIMIT, type EndpointDef } from '@portal/contracts';

export type ContentListState<T> = EndpointListState<T>;

/**
 * One dashboard list (getNews or getVideoLinks, areas §2 Dashboard): loads once, newest first. A failure
 * is shown in the list itself (with a retry), not as a toast, so one failed list leaves the page calm.
 */
export function useContentList<T>(endpoint: EndpointDef<unknown, T[]>): ContentListState<T> {
  return useEndpointList(endpoint, { limit: DASHBOARD_LIST_LIMIT }, { silent: true });
}
