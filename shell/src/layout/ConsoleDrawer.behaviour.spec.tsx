/** @jest-environment jsdom */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CONSOLE_NAV_UI, type ConsoleHome, type StaffRole, type StaffSession } from '@portal/contracts';
import { useSession } from '@portal/kit';
import { fakeApi, withPortalQueryClient } from '../../../kit/src/test-support/fake-api';
import { Drawer } from './Drawer';
import { TopBar } from './TopBar';

// The page's queries answer after a few renders; a shared, busy test machine may need more than the default second.
configure({ asyncUtilTimeout: 5000 });
jest.setTimeout(30_000);

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  useSession.setState({ token: null });
});

const staff = (roles: StaffRole[]): StaffSession => ({ staff: true, roles, totp_enrolled: true, totp_verified: true });
const ARTIST: StaffSession = { staff: false, roles: [], totp_enrolled: false, totp_verified: false };
const QUEUES: ConsoleHome['queues'] = [
  { queue: 'review', count: 3, oldest_at: '2026-11-28T10:00:00.000Z', oldest_age_minutes: 90 },
  { queue: 'videos', count: 0, oldest_at: null, oldest_age_minutes: null },
  { queue: 'deliveries', count: 2, oldest_at: '2026-11-28T09:00:00.000Z', oldest_age_minutes: 150 },
  { queue: 'payouts', count: 2, oldest_at: '2026-11-27T10:00:00.000Z', oldest_age_minutes: 1500 },
  { queue: 'holds', count: 1, oldest_at: '2026-11-26T10:00:00.000Z', oldest_age_minutes: 2900 },
  { queue: 'support', count: 5, oldest_at: '2026-11-27T10:00:00.000Z', oldest_age_minutes: 1500 },
];

/** The drawer (open, desktop) and the top bar at `path`, for a user whose staff session is `session`. */
function renderChrome(path: string, session: StaffSession, home: ConsoleHome = { queues: QUEUES, artist_use: false }) {
  api = fakeApi((request) => {
    if (request.path === 'staff/session') return { json: { status: 200, message: 'ok', body: session } };
    if (request.path === 'ops/console/home') return session.staff ? { json: { status: 200, message: 'ok', body: home } } : { status: 403, json: { status: 403, message: 'no' } };
    if (request.path === 'getUserDetails') return { json: { status: 200, message: 'ok', body: { revenue: 12.5, conversionRate: 83 } } };
    return { json: { status: 200, message: 'ok', body: {} } };
  });
  useSession.setState({ token: 'tok' });
  const { wrapper: Provider } = withPortalQueryClient();
  render(
    <Provider>
      <MemoryRouter initialEntries={[path]}>
        <TopBar small={false} drawerOpen onToggleDrawer={() => undefined} />
        <Drawer open overlay={false} onClose={() => undefined} onLogout={() => undefined} />
      </MemoryRouter>
    </Provider>,
  );
  return api;
}

/** A drawer entry's name with its count: "Payouts, 2 waiting" (spacing as the accessible name computes it). */
const waiting = (label: string, count: number) => new RegExp(`^${label}\\s*,\\s*${count} waiting$`);
const consoleNav = () => screen.findByRole('navigation', { name: CONSOLE_NAV_UI.navLabel });
const groupNames = (nav: HTMLElement) => within(nav).getAllByRole('list').slice(1).map((list) => list.getAttribute('aria-labelledby') && document.getElementById(list.getAttribute('aria-labelledby')!)?.textContent);

describe('the drawer inside the console (docs/decisions/040)', () => {
  it('is the console\'s navigation, grouped by the roles held: a reviewer sees the releases group only, with the waiting count', async () => {
    renderChrome('/ops', staff(['reviewer']));
    const nav = await consoleNav();
    expect(groupNames(nav)).toEqual(['Releases']);
    expect(within(nav).getByRole('link', { name: CONSOLE_NAV_UI.home }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(within(nav).getByRole('link', { name: waiting('Release review', 3) }).getAttribute('href')).toBe('/ops/review'));
    // Nothing waiting: no count.
    expect(within(nav).getByRole('link', { name: 'Video review' })).toBeTruthy();
    // The delivery desk (issue 38 item 12): failed and refused deliveries.
    expect(within(nav).getByRole('link', { name: waiting('Deliveries', 2) }).getAttribute('href')).toBe('/ops/deliveries');
    // No artist item, no revenue, no way to the artist portal for a staff-only account.
    for (const artistItem of ['Create Release', 'Catalog', 'Earnings', 'Withdrawal', CONSOLE_NAV_UI.artistPortal]) expect(screen.queryByRole('link', { name: artistItem })).toBeNull();
    expect(screen.queryByText('Revenue')).toBeNull();
    expect(screen.queryByTestId('revenue')).toBeNull();
  });

  it('an admin sees every group in order; the desk of the path is marked, below its URL too', async () => {
    renderChrome('/ops/review/12', staff(['admin']));
    const nav = await consoleNav();
    expect(groupNames(nav)).toEqual(['Releases', 'Money', 'Support and rights', 'Users and staff', 'Platform']);
    const review = await within(nav).findByRole('link', { name: waiting('Release review', 3) });
    expect(review.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: waiting('Payouts', 2) }).getAttribute('aria-current')).toBeNull();
    expect(within(nav).getByRole('link', { name: waiting('Support desk', 5) })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: waiting('Holds', 1) }).getAttribute('href')).toBe('/ops/holds');
    for (const label of ['Statements', 'Reports', 'Tools and rights', 'Users', 'Staff', 'Away mode', 'Remote versions', 'Failed jobs', 'Delivery targets', 'Content', 'Promotions', 'Audit', 'Health']) {
      expect(within(nav).getByRole('link', { name: label }).getAttribute('href')).toMatch(/^\/ops\//);
    }
  });

  it('finance and support together see money and the desks, not releases or platform', async () => {
    renderChrome('/ops/payouts', staff(['finance', 'support']));
    const nav = await consoleNav();
    expect(groupNames(nav)).toEqual(['Money', 'Support and rights', 'Users and staff']);
    expect((await within(nav).findByRole('link', { name: waiting('Payouts', 2) })).getAttribute('aria-current')).toBe('page');
    expect(within(nav).queryByRole('link', { name: 'Staff' })).toBeNull();
    // Holds waiting for a decision (issue 38 item 12); deliveries are the reviewers'.
    expect(within(nav).getByRole('link', { name: waiting('Holds', 1) })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: /^Deliveries/ })).toBeNull();
  });

  it('staff who also work as artists keep a link back to the artist portal', async () => {
    renderChrome('/ops', staff(['support']), { queues: QUEUES, artist_use: true });
    const nav = await consoleNav();
    expect((await within(nav).findByRole('link', { name: CONSOLE_NAV_UI.artistPortal })).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('link', { name: 'Create Release' })).toBeNull();
  });
});

describe('the drawer outside the console', () => {
  it('a staff-only account sees no artist items, only the way into the console', async () => {
    renderChrome('/', staff(['reviewer']));
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Create Release' })).toBeNull());
    expect(within(nav).getByRole('link', { name: 'Operations' }).getAttribute('href')).toBe('/ops');
    expect(within(nav).queryByRole('link', { name: 'Catalog' })).toBeNull();
    expect(screen.queryByTestId('revenue')).toBeNull();
  });

  it('staff with artist use, and artists, keep the artist menu and the revenue', async () => {
    renderChrome('/', staff(['reviewer']), { queues: QUEUES, artist_use: true });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await within(nav).findByRole('link', { name: 'Operations' });
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Create Release' })).toBeTruthy());
    expect(screen.getByTestId('revenue')).toBeTruthy();
  });

  it('an artist sees the artist menu and no console link', async () => {
    const server = renderChrome('/', ARTIST);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Create Release' })).toBeTruthy();
    await waitFor(() => expect(server.seen.some((r) => r.path === 'staff/session')).toBe(true));
    expect(within(nav).queryByRole('link', { name: 'Operations' })).toBeNull();
    expect(server.seen.some((r) => r.path === 'ops/console/home')).toBe(false);
  });
});
