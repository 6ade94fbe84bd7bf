// The route table's data, without react-router: the entry chunk (index.ts) reads it to start loading
// the current route's remote before the shared libraries are there (federation/preload-route.ts)
// and to paint the page frame (app/page-frame.ts).
import { AUTH_TEXT, CATALOG_FIRST_REQUESTS, DASHBOARD_FIRST_REQUESTS, DASHBOARD_UI, RELEASE_UI, type PrefetchRequest } from '@portal/contracts';

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
   * stored session while the page's code downloads (docs/decisions/013).
   */
  firstRequests?: readonly PrefetchRequest[];
};

/** Public routes (core §2): rendered without the layout; a logged-in user goes to /. */
export const PUBLIC_ROUTES: readonly RemoteRoute[] = [
  { path: '/login', title: 'Login', remote: 'mfe_auth', module: './LoginPage', heading: AUTH_TEXT.loginTitle },
  { path: '/signup', title: 'Sign Up', remote: 'mfe_auth', module: './SignupPage', heading: AUTH_TEXT.signupTitle },
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
  // The operations console (issue 11): staff only; the remote gates on TOTP and the server on the role.
  { path: '/ops', title: 'Operations', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/review/:id', title: 'Release Review', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/videos', title: 'Video Review', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/users', title: 'Users', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/platform', title: 'Platform', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/desk', title: 'Desk', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/content', title: 'Content', remote: 'mfe_ops', module: './OpsPage' },
  { path: '/ops/audit', title: 'Audit', remote: 'mfe_ops', module: './OpsPage' },
];

export const NOT_FOUND_TITLE = 'Page Not Found';
