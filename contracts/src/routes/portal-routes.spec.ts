import { matchRoute, routeToPreload } from './portal-routes';

describe('routeToPreload (which remote module the entry starts loading, decision 010)', () => {
  it('is the route of the path for the session the guard will let through', () => {
    expect(routeToPreload('/catalog', true)).toMatchObject({ remote: 'mfe_releases', module: './CatalogPage' });
    expect(routeToPreload('/create_releases/42', true)).toMatchObject({ remote: 'mfe_releases', module: './WizardPage' });
    expect(routeToPreload('/Tickets/7/', true)).toMatchObject({ remote: 'mfe_support', module: './TicketDetailPage' });
    expect(routeToPreload('/signup', false)).toMatchObject({ remote: 'mfe_auth', module: './SignupPage' });
  });

  it('follows the guard: /login without a session, / with one', () => {
    expect(routeToPreload('/catalog', false)).toMatchObject({ remote: 'mfe_auth', module: './LoginPage' });
    expect(routeToPreload('/login', true)).toMatchObject({ remote: 'mfe_support', module: './DashboardPage' });
    expect(routeToPreload('/', true)).toMatchObject({ remote: 'mfe_support', module: './DashboardPage' });
  });

  it('preloads nothing for a path no route serves', () => {
    expect(routeToPreload('/no-such-page', true)).toBeUndefined();
    expect(routeToPreload('/catalog/1/2', true)).toBeUndefined();
    expect(routeToPreload('/catalog//', true)).toBeUndefined();
    expect(routeToPreload('/catalogue', true)).toBeUndefined();
  });
});

describe('matchRoute (the router\'s entry, and what index.html names for the server, decision 015)', () => {
  it('is a public path\'s own page, without the layout', () => {
    expect(matchRoute('/login')).toMatchObject({ route: { remote: 'mfe_auth', module: './LoginPage' }, withLayout: false });
    expect(matchRoute('/signup/')).toMatchObject({ route: { remote: 'mfe_auth', module: './SignupPage' }, withLayout: false });
  });

  it('is a protected path\'s page inside the layout', () => {
    expect(matchRoute('/')).toMatchObject({ route: { remote: 'mfe_support', module: './DashboardPage' }, withLayout: true });
    expect(matchRoute('/catalog')).toMatchObject({ route: { remote: 'mfe_releases', module: './CatalogPage' }, withLayout: true });
    expect(matchRoute('/ops/review/12')).toMatchObject({ route: { remote: 'mfe_ops', module: './OpsPage' }, withLayout: true });
  });

  it('is nothing for a path no route serves', () => {
    expect(matchRoute('/no-such-page')).toBeUndefined();
    expect(matchRoute('/catalog/1/2')).toBeUndefined();
  });
});
