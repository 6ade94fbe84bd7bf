/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { AUTH_MESSAGES, SUPPORT_UI, type EndpointDef } from '@portal/contracts';
import { api, ApiError, createPortalQueryClient, PortalQueryProvider, useUserDetails } from '@portal/kit';
import { UpdateDialog } from './UpdateDialog';

const U = SUPPORT_UI.profile;

afterEach(() => jest.restoreAllMocks());

/** What the top bar and the profile read: the user's details from the data layer. */
function ShownPhone() {
  const { details } = useUserDetails();
  return <output aria-label="shown phone">{details?.phone ?? '—'}</output>;
}

/**
 * Step-up (decision 022): when the server answers 403 step_up_required to a password change, the
 * dialog asks for the current password and sends it with the next try.
 */
describe('the password dialog asks for the current password when the server wants a step-up', () => {
  it('shows "Current password" after a step_up_required answer and sends it as current_password', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const asked: string[] = [];
    jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: { body?: Record<string, unknown> } = {}) => {
      asked.push(endpoint.path);
      if (endpoint.path === 'getUserDetails') {
        const phone = bodies.length === 2 ? '1112223334' : '9876543210';
        return { status: 200, message: 'ok', body: { user_id: 4, name: 'Asha', email: 'asha@example.com', phone, address: 'Pune', revenue: 0 } };
      }
      if (endpoint.path !== 'updateUserProfile') return { status: 200, message: 'ok', body: null };
      bodies.push(input.body ?? {});
      if (!input.body?.current_password) throw new ApiError(AUTH_MESSAGES.stepUpRequired, 403, { status: 403, message: AUTH_MESSAGES.stepUpRequired, code: 'step_up_required' });
      return { status: 200, message: 'Password updated', body: {}, token: 'fresh' };
    }) as unknown as typeof api.call);
    const onClose = jest.fn();
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <MemoryRouter>
          <ShownPhone />
          <UpdateDialog mode="password" initial={{ phone: '9876543210', address: 'Pune' }} onClose={onClose} />
        </MemoryRouter>
      </PortalQueryProvider>,
    );

    await waitFor(() => expect(screen.getByLabelText('shown phone').textContent).toBe('9876543210'));
    expect(screen.queryByLabelText(U.currentPassword, { exact: false })).toBeNull();
    fireEvent.change(screen.getByLabelText(U.newPassword, { exact: false }), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText(U.confirmPassword, { exact: false }), { target: { value: 'new-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: U.update }));

    const current = await screen.findByLabelText(U.currentPassword, { exact: false });
    expect(screen.getByText(AUTH_MESSAGES.stepUpRequired)).toBeTruthy();
    expect(bodies[0]).toEqual({ password: 'new-secret-1', confirmPassword: 'new-secret-1' });
    fireEvent.change(current, { target: { value: 'old-secret' } });
    fireEvent.click(screen.getByRole('button', { name: U.update }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(bodies[1]).toEqual({ password: 'new-secret-1', confirmPassword: 'new-secret-1', current_password: 'old-secret' });
    // The changed details are asked again, not taken from the cache, and what is on screen shows them.
    await waitFor(() => expect(screen.getByLabelText('shown phone').textContent).toBe('1112223334'));
    expect(asked.filter((path) => path === 'getUserDetails')).toHaveLength(2);
  });
});
