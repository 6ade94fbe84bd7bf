import { useEndpointQuery, useSession } from '@portal/kit';
import { OPS_ENDPOINTS } from '@portal/contracts';

/**
 * Whether the logged-in user is staff (docs/decisions/008), to show the console's drawer link. Asked once per
 * page through the data layer (docs/decisions/025; its cache is cleared at logout); an artist gets
 * `staff: false` (the console itself and the server check again).
 */
export function useIsStaff(): boolean {
  const token = useSession((s) => s.token);
  const session = useEndpointQuery(OPS_ENDPOINTS.staffSession, {}, { silent: true, enabled: !!token, staleTime: Infinity });
  return !!token && !!session.data?.body?.staff;
}
