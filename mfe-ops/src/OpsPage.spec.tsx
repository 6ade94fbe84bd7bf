import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { CONSOLE_NAV_UI, OPS_MESSAGES, OPS_UI, type ConsoleHome, type StaffRole } from '@portal/contracts';
import { OpsPage } from './OpsPage';
import { mockApi, renderAt } from './test-support/render';

const session = (roles: StaffRole[]) => ({ staff: true, roles, totp_enrolled: true, totp_verified: true });
const home = (queues: ConsoleHome['queues']): ConsoleHome => ({ queues, artist_use: false });

/** Where the router is now (after a redirect). */
function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}
const withWhere = (
  <Routes>
    <Route
      path="*"
      element={
        <>
          <OpsPage />
          <Where />
        </>
      }
    />
  </Routes>
);

afterEach(() => jest.restoreAllMocks());

describe('OpsPage: the console home and one URL per desk (docs/decisions/040; the server checks the role again)', () => {
  it('the home lists the caller\'s queues with the waiting count and the age of the oldest item, each linking to its desk', async () => {
    mockApi({
      'staff/session': session(['reviewer']),
      'ops/console/home': home([
        { queue: 'review', count: 3, oldest_at: '2026-11-26T10:00:00.000Z', oldest_age_minutes: 2 * 24 * 60 + 5 },
        { queue: 'videos', count: 0, oldest_at: null, oldest_age_minutes: null },
        { queue: 'deliveries', count: 2, oldest_at: '2026-11-28T08:30:00.000Z', oldest_age_minutes: 90 },
      ]),
    });
    renderAt('/ops', <OpsPage />);
    const review = await screen.findByRole('link', { name: CONSOLE_NAV_UI.queues.review });
    expect(review.getAttribute('href')).toBe('/ops/review');
    const row = review.closest('tr') as HTMLElement;
    expect(row.textContent).toContain('3');
    expect(row.textContent).toContain('2 d');
    const videos = screen.getByRole('link', { name: CONSOLE_NAV_UI.queues.videos }).closest('tr') as HTMLElement;
    expect(videos.textContent).toContain(CONSOLE_NAV_UI.nothingWaiting);
    // The delivery desk's queue (issue 38 item 12): failed and refused deliveries, the oldest's age.
    const deliveries = screen.getByRole('link', { name: CONSOLE_NAV_UI.queues.deliveries });
    expect(deliveries.getAttribute('href')).toBe('/ops/deliveries');
    expect((deliveries.closest('tr') as HTMLElement).textContent).toContain('1 h');
    expect(screen.getByRole('heading', { level: 1, name: OPS_UI.title })).toBeTruthy();
  });

  it('a desk has its own URL and heading: /ops/videos is the video queue', async () => {
    mockApi({ 'staff/session': session(['reviewer']), 'ops/videos/queue': [] });
    renderAt('/ops/videos', <OpsPage />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Video review' })).toBeTruthy();
    expect(await screen.findByText(OPS_UI.videos.empty)).toBeTruthy();
  });

  it.each([
    ['/ops/desk?view=statements', ['finance'], '/ops/statements'],
    ['/ops/desk?view=rights', ['support'], '/ops/rights'],
    ['/ops/desk', ['support', 'finance'], '/ops/support'],
    ['/ops/desk', ['finance'], '/ops/payouts'],
    ['/ops/users?view=staff', ['admin'], '/ops/staff'],
    ['/ops/platform?view=remotes', ['admin'], '/ops/remotes'],
    ['/ops/platform?view=delivery', ['admin'], '/ops/delivery-targets'],
    ['/ops/platform?view=jobs', ['admin'], '/ops/jobs'],
    ['/ops/content?view=promotions', ['admin'], '/ops/promotions'],
  ] as Array<[string, StaffRole[], string]>)('the old URL %s (roles %j) leads to %s', async (old, roles, now) => {
    mockApi({ 'staff/session': session(roles), 'ops/remotes': [], 'ops/remotes/activations': [] });
    renderAt(old, withWhere);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(now));
  });

  it('a reviewer who types an admin desk gets the one refusal and no admin call', async () => {
    const spy = mockApi({ 'staff/session': session(['reviewer']) });
    renderAt('/ops/remotes', <OpsPage />);
    expect(await screen.findByText(OPS_MESSAGES.forbidden)).toBeTruthy();
    expect(screen.queryByText(OPS_UI.remotes.intro)).toBeNull();
    expect(spy.mock.calls.map(([e]) => e.path)).not.toContain('ops/remotes');
  });

  it('an admin opens an admin desk at its URL', async () => {
    mockApi({ 'staff/session': session(['admin']), 'ops/remotes': [], 'ops/remotes/activations': [] });
    renderAt('/ops/remotes', <OpsPage />);
    expect(await screen.findByText(OPS_UI.remotes.intro)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Remote versions' })).toBeTruthy();
  });

  it('an artist sees the one refusal and no link', async () => {
    mockApi({ 'staff/session': { staff: false, roles: [], totp_enrolled: false, totp_verified: false } });
    renderAt('/ops', <OpsPage />);
    expect(await screen.findByText(OPS_MESSAGES.forbidden)).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });
});
