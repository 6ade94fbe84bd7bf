import { LogoutDialog } from '../logout/LogoutDialog';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

/**
 * The layout's chrome (core §2): the drawer, the top bar with the bell and the revenue (it reads the
 * user's details through the data layer's cache, so the answer the dashboard's first requests already
 * have is used instead of asking again), and the logout dialog. Its own chunk ("layout-chrome"), which
 * the layout requests once the page's content is shown (docs/decisions/010, "The page before the chrome").
 */
export const chrome = { Drawer, TopBar, LogoutDialog };

export type LayoutChrome = typeof chrome;
