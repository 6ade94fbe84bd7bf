import { useCallback, useState } from 'react';
import { AUTH_ENDPOINTS, PUBLIC_SITE_PATH, SHELL } from '@portal/contracts';
import { useEndpointMutation, useQueryClient, useSession } from '@portal/kit';

/** Longest wait for POST /api/logout before leaving anyway. */
const LOGOUT_CALL_CAP_MS = 3000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Logout (core §2): loader, POST /api/logout (failure ignored: the session ends here regardless),
 * clear the session and the data layer's cache (the user's details with it) (no answer of this session stays in
 * memory, docs/decisions/025), then after SHELL.logoutRedirectMs (1 s) go to PUBLIC_SITE_PATH.
 */
export function useLogout(): { busy: boolean; logout(): Promise<void> } {
  const [busy, setBusy] = useState(false);
  const client = useQueryClient();
  // Changes nothing to reload: the whole cache is dropped below.
  const { mutateAsync: endSession } = useEndpointMutation(AUTH_ENDPOINTS.logout, { silent: true });
  const logout = useCallback(async () => {
    setBusy(true);
    // The call reads the token before the session is cleared below (the race waits for it to start).
    const call = endSession({ body: {} }).catch(() => undefined);
    await Promise.race([call, sleep(LOGOUT_CALL_CAP_MS)]);
    useSession.getState().clear();
    client.clear();
    setTimeout(() => window.location.assign(PUBLIC_SITE_PATH), SHELL.logoutRedirectMs);
  }, [client, endSession]);
  return { busy, logout };
}
