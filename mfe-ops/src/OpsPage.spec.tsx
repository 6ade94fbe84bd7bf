import { screen, waitFor } from '@testing-library/react';
import { DELIVERY_MESSAGES, JOBS_UI, OPS_MESSAGES, OPS_UI, RIGHTS_DESK_UI, ROYALTY_UI, type StaffRole } from '@portal/contracts';
import { OpsPage, visibleTabs } from './OpsPage';
import { mockApi, renderAt } from './test-support/render';

const N = OPS_UI.nav;
const session = (roles: StaffRole[]) => ({ staff: true, roles, totp_enrolled: true, totp_verified: true });
const tabNames = () => screen.getAllByRole('link').map((a) => a.textContent);

afterEach(() => jest.restoreAllMocks());

describe('OpsPage: tabs by role (docs/decisions/008; the server checks the role again)', () => {
  it('a reviewer sees the review tabs only', async () => {
    mockApi({ 'staff/session': session(['reviewer']) });
    renderAt('/ops', <OpsPage />);
    await waitFor(() => expect(tabNames()).toEqual([N.review, N.videos]));
    expect(screen.getByRole('link', { name: N.review }).getAttribute('aria-current')).toBe('page');
  });

  it('finance opens the desk and the statements desk only', async () => {
    mockApi({ 'staff/session': session(['finance']) });
    renderAt('/ops/desk', <OpsPage />);
    await waitFor(() => expect(tabNames()).toEqual([N.desk, ROYALTY_UI.desk.tab]));
  });

  it('an admin sees every tab, remote versions and promotions included, and the active view is marked', async () => {
    mockApi({ 'staff/session': session(['admin']), 'ops/remotes': [], 'ops/remotes/activations': [] });
    renderAt('/ops/platform?view=remotes', <OpsPage />);
    await waitFor(() => expect(tabNames()).toEqual([N.review, N.videos, N.users, N.staff, N.desk, ROYALTY_UI.desk.tab, RIGHTS_DESK_UI.tab, N.platform, N.remotes, DELIVERY_MESSAGES.targets, JOBS_UI.tab, N.content, N.promotions, N.audit]));
    expect(screen.getByRole('link', { name: N.remotes }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: N.platform }).getAttribute('aria-current')).toBeNull();
    expect(await screen.findByText(OPS_UI.remotes.intro)).toBeTruthy();
  });

  it('a reviewer who types an admin path gets no admin screen', async () => {
    const spy = mockApi({ 'staff/session': session(['reviewer']) });
    renderAt('/ops/platform?view=remotes', <OpsPage />);
    await waitFor(() => expect(tabNames()).toEqual([N.review, N.videos]));
    expect(screen.queryByText(OPS_UI.remotes.intro)).toBeNull();
    expect(spy.mock.calls.map(([e]) => e.path)).not.toContain('ops/remotes');
  });

  it('an artist sees the one refusal and no tab', async () => {
    mockApi({ 'staff/session': { staff: false, roles: [], totp_enrolled: false, totp_verified: false } });
    renderAt('/ops', <OpsPage />);
    expect(await screen.findByText(OPS_MESSAGES.forbidden)).toBeTruthy();
    expect(screen.queryAllByRole('link')).toHaveLength(0);
  });

  it('visibleTabs: support has users, desk and the tools and rights desk; admin has all', () => {
    expect(visibleTabs(['support']).map((t) => t.label)).toEqual([N.users, N.desk, RIGHTS_DESK_UI.tab]);
    expect(visibleTabs(['admin'])).toHaveLength(14);
  });
});
