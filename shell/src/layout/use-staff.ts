import { useEffect } from 'react';
import { endpointScope, useEndpointQuery, useQueryClient, useSession } from '@portal/kit';
import { CONSOLE_COUNTS_REFRESH_MS, CONSOLE_NAV_ENDPOINTS, isConsolePath, OPS_ENDPOINTS, type ConsoleHome, type StaffSession } from '@portal/contracts';

/**
 * The logged-in user's staff session (docs/decisions/008): roles and second factor, undefined until
 * known and without a token. Asked once per page through the data layer (docs/decisions/025; its cache
 * is cleared at logout); an artist gets `staff: false` (the console itself and the server check again).
 */
export function useStaffSession(): StaffSession | undefined {
  const token = useSession((s) => s.token);
  const session = useEndpointQuery(OPS_ENDPOINTS.staffSession, {}, { silent: true, enabled: !!token, staleTime: Infinity });
  return token ? session.data?.body : undefined;
}

/** Whether the logged-in user is staff, to show the console's drawer link. */
export function useIsStaff(): boolean {
  return !!useStaffSession()?.staff;
}

/** The console home's answer for a staff session that passed TOTP (else undefined: the endpoint would answer 403); see useConsoleHome. */
export function useConsoleHomeAnswer(session: StaffSession | undefined): ConsoleHome | undefined {
  const enabled = !!session?.staff && session.totp_verified;
  const home = useEndpointQuery(CONSOLE_NAV_ENDPOINTS.consoleHome, {}, { silent: true, enabled, refetchInterval: CONSOLE_COUNTS_REFRESH_MS, staleTime: 0 });
  return enabled ? home.data?.body : undefined;
}

/**
 * The console home's counts (docs/decisions/040, GET ops/console/home), as the drawer shows them. The
 * drawer and mfe-ops's home read the same query: asked every CONSOLE_COUNTS_REFRESH_MS while on screen,
 * and again after any successful call that changes data (a desk's approve, reply or payment), so a
 * count follows the work done on any desk.
 */
export function useConsoleHome(session: StaffSession | undefined): ConsoleHome | undefined {
  const enabled = !!session?.staff && session.totp_verified;
  const client = useQueryClient();
  const home = useConsoleHomeAnswer(session);
  useEffect(() => {
    if (!enabled) return;
    return client.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success') void client.invalidateQueries({ queryKey: endpointScope(CONSOLE_NAV_ENDPOINTS.consoleHome) });
    });
  }, [client, enabled]);
  return home;
}

/**
 * Where the shell draws the artist's items (drawer menu, revenue): not inside the console (/ops), and
 * never for a staff-only account (staff whose account has no artist use, docs/decisions/040).
 */
export function showsArtistItems(pathname: string, session: StaffSession | undefined, home: ConsoleHome | undefined): boolean {
  if (!session?.staff) return true;
  if (isConsolePath(pathname)) return false;
  return home?.artist_use !== false;
}
