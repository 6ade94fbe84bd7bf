jest.mock('@module-federation/enhanced/runtime', () => ({ init: jest.fn(() => ({ registerRemotes: jest.fn(), loadRemote: jest.fn(), preloadRemote: jest.fn() })) }));
jest.mock('../layout/load-layout', () => ({ loadLayout: jest.fn(async () => ({})) }));
import { routeToPreload } from './preload-route';

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
  });
});
