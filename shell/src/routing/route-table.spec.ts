import { findRoute, PROTECTED_ROUTES, PUBLIC_ROUTES, titleOf } from './route-table';

const CORE_PROTECTED = [
  '/', '/create_releases', '/create_releases/:id', '/select_release', '/create_video_releases', '/catalog', '/catalog/:id',
  '/video-catalog', '/invite', '/marketing/promotions', '/tickets', '/tickets/:id', '/reports', '/profile',
  '/tools/profile-linking', '/marketing/playlist-pitchment', '/tools/distribute-lyrics', '/rights/ugc-claims', '/rights/whitelist',
];
/**
 * The operations console (docs/decisions/008, 040): not in the spec, staff only, all served by mfe_ops's
 * OpsPage: the home, one URL per desk, a release's review, and the old desk URL (redirected by OpsPage).
 */
const OPS_ROUTES = [
  '/ops', '/ops/review', '/ops/review/:id', '/ops/videos', '/ops/deliveries', '/ops/statements', '/ops/payouts', '/ops/reports', '/ops/holds', '/ops/support', '/ops/rights', '/ops/users', '/ops/staff',
  '/ops/platform', '/ops/remotes', '/ops/jobs', '/ops/delivery-targets', '/ops/content', '/ops/promotions', '/ops/audit', '/ops/health', '/ops/desk',
];
/** Beyond the spec: the artist's earnings (docs/decisions/019-money-engine.md), served by mfe_support. */
const MONEY_ROUTES = ['/earnings'];

describe('route table (core §2, areas §2, decision 001)', () => {
  it('lists every protected route of the spec once', () => {
    const paths = PROTECTED_ROUTES.map((route) => route.path);
    expect([...paths].sort()).toEqual([...CORE_PROTECTED, ...OPS_ROUTES, ...MONEY_ROUTES].sort());
  });

  it('serves every /ops route from mfe_ops', () => {
    for (const path of OPS_ROUTES) expect(findRoute(path.replace(':id', '7'))).toMatchObject({ remote: 'mfe_ops', module: './OpsPage' });
  });

  it('serves /login and /signup from mfe_auth', () => {
    expect(PUBLIC_ROUTES.map((r) => [r.path, r.remote, r.module])).toEqual([
      ['/login', 'mfe_auth', './LoginPage'],
      ['/signup', 'mfe_auth', './SignupPage'],
    ]);
  });

  it('maps paths to the modules of decision 001', () => {
    expect(findRoute('/catalog/12')).toMatchObject({ remote: 'mfe_releases', module: './ReleaseDetailPage' });
    expect(findRoute('/create_releases/5')).toMatchObject({ remote: 'mfe_releases', module: './WizardPage' });
    expect(findRoute('/tickets/3')).toMatchObject({ remote: 'mfe_support', module: './TicketDetailPage' });
    expect(findRoute('/earnings')).toMatchObject({ remote: 'mfe_support', module: './EarningsPage' });
    expect(findRoute('/rights/whitelist')).toMatchObject({ remote: 'mfe_tools_rights', module: './RightsPage' });
    expect(findRoute('/marketing/playlist-pitchment')).toMatchObject({ remote: 'mfe_tools_rights', module: './ToolsPage' });
  });

  it('matches exactly', () => {
    expect(findRoute('/catalog/12/edit')).toBeUndefined();
    expect(findRoute('/rights')).toBeUndefined();
    expect(findRoute('/tools')).toBeUndefined();
    expect(titleOf('/nope')).toBe('Page Not Found');
    expect(titleOf('/')).toBe('Dashboard');
  });
});
