// The portal's route table (core §2, areas §2): which remote's module serves each path. Data only (no
// react-router, no yup), so the shell's entry chunk reads it before the shared libraries are there
// (docs/decisions/010) and the API reads it to name, in index.html, the files the route's first load
// will need (docs/decisions/015).
import { AUTH_TEXT } from '../auth/auth.messages';
import { CONSOLE_ROUTES } from '../console-nav';
import { DASHBOARD_FIRST_REQUESTS } from '../content/content.request';
import { DASHBOARD_UI } from '../content/content.messages';
import type { RouteRequest } from './route-request';
import { CATALOG_FIRST_REQUESTS } from '../releases/catalog.request';
import { RELEASE_UI } from '../releases/releases.ui-texts';

/** Federation names of the remotes (docs/decisions/001). */
export type RemoteName = 'mfe_auth' | 'mfe_releases' | 'mfe_support' | 'mfe_tools_rights' | 'mfe_ops';

/** A route the shell renders with one remote's route-level module. */
export type RemoteRoute = {
  path: string;
  title: string;
  remote: RemoteName;
  /** Exposed module, e.g. './CatalogPage'. */
  module: string;
  /**
   * The `<h1>` the route's module renders first, where the shell knows it (from the contracts): the
   * page frame shows it before the code arrives (docs/decisions/010). A remote deployed with another
   * text only changes what the frame shows for that moment.
   */
  heading?: string;
  /**
   * The GET requests the route's page sends first, from the contracts: the entry starts them with the
   * stored session while the page's code downloads (docs/decisions/013, 025).
   */
  firstRequests?: readonly RouteRequest[];
};

/** Public routes (core §2): rendered without the layout; a logged-in user goes to /. */
export const PUBLIC_ROUTES: readonly RemoteRoute[] = [
  { path: '/login', title: 'Login', remote: 'mfe_auth', module: './LoginPage', heading: AUTH_TEXT.loginTitle },
  { path: '/signup', title: 'Sign Up', remote: 'mfe_auth', module: './SignupPage', heading: AUTH_TEXT.signupTitle },
];

/**
 * Open routes: rendered without the layout for everyone, logged in or not (the legal pages the sign-up,
 * the wizard and the video form link to; docs/decisions/017).
 */
export const OPEN_ROUTES: readonly RemoteRoute[] = [
  { path: '/terms', title: 'Distribution Terms', remote: 'mfe_auth', module: './LegalPage' },
  { path: '/privacy', title: 'Privacy Policy', remote: 'mfe_auth', module: './LegalPage' },
];

/** Protected routes (core §2, areas §2): inside the layout; a visitor goes to /login. All match exactly. */
export const PROTECTED_ROUTES: readonly RemoteRoute[] = [
  { path: '/', title: 'Dashboard', remote: 'mfe_support', module: './DashboardPage', heading: DASHBOARD_UI.title, firstRequests: DASHBOARD_FIRST_REQUESTS },
  { path: '/select_release', title: 'Create Release', remote: 'mfe_releases', module: './SelectReleasePage' },
  { path: '/create_releases', title: 'Create Release', remote: 'mfe_releases', module: './WizardPage', heading: RELEASE_UI.wizard.titleCreate },
  { path: '/create_releases/:id', title: 'Edit Release', remote: 'mfe_releases', module: './WizardPage' },
  { path: '/create_video_releases', title: 'Create Video Release', remote: 'mfe_releases', module: './VideoReleasePage' },
  { path: '/catalog', title: 'Catalog', remote: 'mfe_releases', module: './CatalogPage', heading: RELEASE_UI.catalog.title, firstRequests: CATALOG_FIRST_REQUESTS },
  { path: '/catalog/:id', title: 'Release Details', remote: 'mfe_releases', module: './ReleaseDetailPage' },
  { path: '/video-catalog', title: 'Video Catalog', remote: 'mfe_releases', module: './VideoCatalogPage' },
  { path: '/reports', title: 'Reports', remote: 'mfe_support', module: './ReportsPage' },
  { path: '/earnings', title: 'Earnings', remote: 'mfe_support', module: './EarningsPage' },
  { path: '/tickets', title: 'Tickets', remote: 'mfe_support', module: './TicketsPage' },
  { path: '/tickets/:id', title: 'Ticket', remote: 'mfe_support', module: './TicketDetailPage' },
  { path: '/profile', title: 'Profile', remote: 'mfe_support', module: './ProfilePage' },
  { path: '/invite', title: 'Invite', remote: 'mfe_support', module: './InvitePage' },
  { path: '/tools/profile-linking', title: 'Profile Linking', remote: 'mfe_tools_rights', module: './ToolsPage' },
  { path: '/tools/distribute-lyrics', title: 'Distribute Lyrics', remote: 'mfe_tools_rights', module: './ToolsPage' },
  { path: '/marketing/playlist-pitchment', title: 'Playlist Pitchment', remote: 'mfe_tools_rights', module: './ToolsPage' },
  { path: '/marketing/promotions', title: 'Promotions', remote: 'mfe_tools_rights', module: './PromotionsPage' },
  { path: '/rights/ugc-claims', title: 'UGC Claims', remote: 'mfe_tools_rights', module: './RightsPage' },
  { path: '/rights/whitelist', title: 'Whitelist', remote: 'mfe_tools_rights', module: './RightsPage' },
  // The operations console (docs/decisions/008, 040): staff only, one URL per desk (console-nav.ts); the
  // remote gates on TOTP and the server on the role.
  ...CONSOLE_ROUTES.map((r): RemoteRoute => ({ ...r, remote: 'mfe_ops', module: './OpsPage' })),
];

export const NOT_FOUND_TITLE = 'Page Not Found';

/** A path's segments for matching: lower case, one trailing slash dropped ("/Catalog/" → ["", "catalog"]). */
function segmentsOf(path: string): string[] {
  return (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path).toLowerCase().split('/');
}

/**
 * Whether `pathname` matches a route pattern of the table (":id" = one non-empty segment; trailing
 * slash and case tolerated, like the shell's findRoute). Compared segment by segment, without building
 * a regular expression per route (as react-router's matchPath does): the entry runs this first thing, and compiling ~30 patterns cost
 * about 10 ms of a phone's start-up (docs/decisions/010).
 */
function matchesPattern(pattern: string, pathname: string): boolean {
  const want = segmentsOf(pattern);
  const got = segmentsOf(pathname);
  return want.length === got.length && want.every((segment, i) => (segment.startsWith(':') ? got[i] !== '' : segment === got[i]));
}

/** The route of `routes` (default: the whole table) whose pattern matches `pathname` exactly (trailing slash and case tolerated), if any. */
export function findRoute(pathname: string, routes: readonly RemoteRoute[] = [...PUBLIC_ROUTES, ...OPEN_ROUTES, ...PROTECTED_ROUTES]): RemoteRoute | undefined {
  return routes.find((route) => matchesPattern(route.path, pathname));
}

/**
 * The route whose remote module the page will most likely render first: the route of `pathname`, or
 * where the guard sends the visitor (/login without a session on a protected route, / with a session on
 * a public one). Undefined for an unknown path (the not-found page needs no remote). Only a loading hint
 * (docs/decisions/010, 015): the shell's router still decides what is rendered.
 */
export function routeToPreload(pathname: string, loggedIn: boolean): RemoteRoute | undefined {
  const openRoute = findRoute(pathname, OPEN_ROUTES);
  if (openRoute) return openRoute;
  const publicRoute = findRoute(pathname, PUBLIC_ROUTES);
  if (publicRoute) return loggedIn ? PROTECTED_ROUTES[0] : publicRoute;
  const protectedRoute = findRoute(pathname, PROTECTED_ROUTES);
  if (protectedRoute) return loggedIn ? protectedRoute : PUBLIC_ROUTES[0];
  return undefined;
}

/**
 * The table entry of `pathname` and whether it renders inside the layout (a protected route) or not (a
 * public one); undefined for an unknown path. The shell's router renders this entry (the guards then
 * decide on the session); the API, which cannot see the session (localStorage), takes it as what the
 * visitor most likely sees first (whoever opens /catalog usually has a session) and names its files in
 * index.html (docs/decisions/015).
 */
export function matchRoute(pathname: string): { route: RemoteRoute; withLayout: boolean; open?: boolean } | undefined {
  const openRoute = findRoute(pathname, OPEN_ROUTES);
  if (openRoute) return { route: openRoute, withLayout: false, open: true };
  const publicRoute = findRoute(pathname, PUBLIC_ROUTES);
  if (publicRoute) return { route: publicRoute, withLayout: false };
  const protectedRoute = findRoute(pathname, PROTECTED_ROUTES);
  return protectedRoute ? { route: protectedRoute, withLayout: true } : undefined;
}
