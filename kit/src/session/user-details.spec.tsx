/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { AUTH_ENDPOINTS } from '@portal/contracts';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { prefetchEndpoint } from '../data/prefetch-endpoint';
import { useEndpointQuery } from '../data/use-endpoint-query';
import { refreshUserDetails, useUserDetails } from './user-details';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

const details = (phone: string, revenue = 12) => ({ status: 200, message: 'ok', body: { user_id: 4, name: 'Asha', email: 'asha@example.com', phone, address: 'Pune', revenue } });
const asked = () => api?.seen.filter((r) => r.path === 'getUserDetails').length;

describe('useUserDetails: the signed-in user’s details through the page’s data layer (docs/decisions/025)', () => {
  it('uses the answer the dashboard’s first requests already have instead of asking again', async () => {
    api = fakeApi(() => ({ json: details('9876543210') }));
    const { client, wrapper } = withPortalQueryClient();
    await prefetchEndpoint(client, AUTH_ENDPOINTS.getUserDetails, {});
    const { result } = renderHook(() => useUserDetails(), { wrapper });
    expect(result.current.details?.phone).toBe('9876543210');
    // Kept on purpose: a while in which no second request may go out (an absence has no condition to wait for).
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(asked()).toBe(1);
  });

  it('fresh: asks again on mount and shows the cached answer meanwhile (the profile, on each opening)', async () => {
    let phone = '111';
    api = fakeApi(() => ({ json: details(phone) }));
    const { client, wrapper } = withPortalQueryClient();
    await prefetchEndpoint(client, AUTH_ENDPOINTS.getUserDetails, {});
    phone = '222';
    const { result } = renderHook(() => useUserDetails({ fresh: true }), { wrapper });
    expect(result.current.details?.phone).toBe('111');
    await waitFor(() => expect(result.current.details?.phone).toBe('222'));
    expect(asked()).toBe(2);
  });

  it('refreshUserDetails asks once for every user on screen: the top bar and the dashboard’s check both show the new balance', async () => {
    let revenue = 150;
    api = fakeApi(() => ({ json: details('111', revenue) }));
    const { client, wrapper } = withPortalQueryClient();
    const { result } = renderHook(
      () => ({ topBar: useUserDetails(), check: useEndpointQuery(AUTH_ENDPOINTS.getUserDetails, {}, { silent: true }) }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.topBar.details?.revenue).toBe(150));
    revenue = 50;
    await act(() => refreshUserDetails(client));
    await waitFor(() => expect(result.current.topBar.details?.revenue).toBe(50));
    expect(result.current.check.data?.body?.revenue).toBe(50);
    expect(asked()).toBe(2);
  });

  it('says it failed when no details came, and reload asks again', async () => {
    let fail = true;
    api = fakeApi(() => (fail ? { status: 500, json: { status: 500, message: 'Something went wrong' } } : { json: details('333') }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useUserDetails(), { wrapper });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.details).toBeNull();
    fail = false;
    act(() => result.current.reload());
    await waitFor(() => expect(result.current.details?.phone).toBe('333'));
    expect(result.current.failed).toBe(false);
  });
});
