import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OPS_MESSAGES, OPS_UI, fillMessage } from '@portal/contracts';
import { StaffPage } from './StaffPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const U = OPS_UI.staff;
const rows = [
  { user_id: 1, email: 'admin@example.com', name: 'Admin', roles: ['admin'], totp_enrolled: true, revoked: false, you: true },
  { user_id: 2, email: 'rev@example.com', name: 'Ravi', roles: ['reviewer'], totp_enrolled: true, revoked: false, you: false },
];
const dialog = () => screen.getByRole('dialog');
const yes = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Yes' }));

afterEach(() => jest.restoreAllMocks());

describe('StaffPage (docs/decisions/016)', () => {
  it('lists staff; the admin’s own row offers no action; remove and reset say what happens and call the server only after Yes', async () => {
    const spy = mockApi({ 'ops/staff': rows, 'ops/staff/remove': { user_id: 2 }, 'ops/staff/reset-totp': rows[1] });
    renderAt('/ops/users?view=staff', <StaffPage />);
    await screen.findByText('rev@example.com');
    expect(screen.getByText(`admin@example.com ${U.you}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: `${U.remove}: admin@example.com` })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: `${U.remove}: rev@example.com` }));
    expect(within(dialog()).getByText(fillMessage(U.confirmRemove, { email: 'rev@example.com' }))).toBeTruthy();
    expect(callsTo(spy, 'ops/staff/remove')).toHaveLength(0);
    yes();
    await waitFor(() => expect(callsTo(spy, 'ops/staff/remove')).toEqual([{ body: { user_id: 2 } }]));

    fireEvent.click(screen.getByRole('button', { name: `${U.resetTotp}: rev@example.com` }));
    expect(within(dialog()).getByText(fillMessage(U.confirmResetTotp, { email: 'rev@example.com' }))).toBeTruthy();
    yes();
    await waitFor(() => expect(callsTo(spy, 'ops/staff/reset-totp')).toEqual([{ body: { user_id: 2 } }]));
  });

  it('changes roles with checkboxes (at least one), and adds a member by e-mail and role', async () => {
    const spy = mockApi({ 'ops/staff': rows, 'ops/staff/roles': rows[1], 'ops/staff/add': rows[1] });
    renderAt('/ops/users?view=staff', <StaffPage />);
    await screen.findByText('rev@example.com');
    fireEvent.click(screen.getByRole('button', { name: `${U.changeRoles}: rev@example.com` }));
    const editor = screen.getByTestId('staff-roles-editor');
    fireEvent.click(within(editor).getByLabelText('reviewer'));
    expect((within(editor).getByRole('button', { name: U.saveRoles }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(editor).getByText(OPS_MESSAGES.staffRoleInvalid)).toBeTruthy();
    fireEvent.click(within(editor).getByLabelText('finance'));
    fireEvent.click(within(editor).getByLabelText('support'));
    fireEvent.click(within(editor).getByRole('button', { name: U.saveRoles }));
    expect(within(dialog()).getByText(fillMessage(U.confirmRoles, { email: 'rev@example.com', roles: 'finance, support' }))).toBeTruthy();
    yes();
    await waitFor(() => expect(callsTo(spy, 'ops/staff/roles')).toEqual([{ body: { user_id: 2, roles: ['finance', 'support'] } }]));

    fireEvent.change(screen.getByLabelText(U.email), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: U.add }));
    expect(screen.getByText(OPS_MESSAGES.staffEmailInvalid)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(U.email), { target: { value: 'new@example.com' } });
    fireEvent.change(screen.getByLabelText(U.role), { target: { value: 'finance' } });
    fireEvent.click(screen.getByRole('button', { name: U.add }));
    yes();
    await waitFor(() => expect(callsTo(spy, 'ops/staff/add')).toEqual([{ body: { email: 'new@example.com', role: 'finance' } }]));
  });
});
