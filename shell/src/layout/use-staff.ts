import { useEffect, useState } from 'react';
import { api, useSession } from '@portal/kit';
import { OPS_ENDPOINTS } from '@portal/contracts';

/**
 * Whether the logged-in user is staff (docs/decisions/008), to show the console's drawer link. Asked once per
 * token; an artist gets `staff: false` (the console itself and the server check again).
 */
export function useIsStaff(): boolean {
  const token = useSession((s) => s.token);
  const [staff, setStaff] = useState(false);
  useEffect(() => {
    setStaff(false);
    if (!token) return;
    let live = true;
    api.call(OPS_ENDPOINTS.staffSession, {}, { silent: true }).then(
      (res) => live && setStaff(!!res.body?.staff),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);
  return staff;
}
