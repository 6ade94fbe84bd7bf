import { useEffect } from 'react';
import { useQueryClient, useSession, useUserDetails } from '@portal/kit';
import { LogoutDialog } from '../logout/LogoutDialog';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

/**
 * Loads the signed-in user's details (name, revenue, plan: the top bar and the drawer show them) once
 * per session. Rendered by the layout with the rest of its chrome, so after the page's content; read
 * through the data layer's cache, so the answer the dashboard's first requests already have is used
 * instead of asking again.
 */
function UserDetailsLoader() {
  const token = useSession((state) => state.token);
  const loadDetails = useUserDetails((state) => state.load);
  const client = useQueryClient();
  useEffect(() => {
    if (token) void loadDetails({ client });
  }, [token, loadDetails, client]);
  return null;
}

/**
 * The layout's chrome (core §2): the drawer, the top bar with the bell, the logout dialog and the
 * user-details load. Its own chunk ("layout-chrome"), which the layout requests once the page's content
 * is shown (docs/decisions/010, "The page before the chrome").
 */
export const chrome = { Drawer, TopBar, LogoutDialog, UserDetailsLoader };

export type LayoutChrome = typeof chrome;
