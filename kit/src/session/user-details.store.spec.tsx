/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import { AUTH_ENDPOINTS } from '@portal/contracts';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { prefetchEndpoint } from '../data/prefetch-endpoint';
import { useEndpointQuery } from '../data/use-endpoint-query';
import { useUserDetails } from './user-details.store';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  useUserDetails.getState().reset();
});

const details = (phone: string) => ({ status: 200, message: 'ok', body: { user_id: 4, name: 'Asha', email: 'asha@example.com', phone, address: 'Pune', revenue: 12 } });

describe('the user-details store reads through the page’s data layer (docs/decisions/025)', () => {
  it('uses the answer the dashboard’s first requests already have instead of asking again', async () => {
    api = fakeApi(() => ({ json: details('9876543210') }));
    const { client } = withPortalQueryClient();
    await prefetchEndpoint(client, AUTH_ENDPOINTS.getUserDetails, {});
    expect(api.seen).toHaveLength(1);
    await useUserDetails.getState().load({ client });
    expect(useUserDetails.getState().details?.phone).toBe('9876543210');
    expect(api.seen).toHaveLength(1);
  });

  it('asks again when told to, and the dashboard’s own query shows the new answer', async () => {
    let phone = '';
    api = fakeApi(() => ({ json: details(phone) }));
    const { client, wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointQuery(AUTH_ENDPOINTS.getUserDetails, {}, { silent: true }), { wrapper });
    await waitFor(() => expect(result.current.data?.body?.phone).toBe(''));
    phone = '9876543210';
    await useUserDetails.getState().load({ client, fresh: true });
    expect(api.seen.map((r) => r.path)).toEqual(['getUserDetails', 'getUserDetails']);
    expect(useUserDetails.getState().details?.phone).toBe('9876543210');
    await waitFor(() => expect(result.current.data?.body?.phone).toBe('9876543210'));
  });

  it('sends the request itself without a data layer, and keeps the old details when it fails', async () => {
    let fail = false;
    api = fakeApi(() => (fail ? 'network' : { json: details('111') }));
    await useUserDetails.getState().load();
    expect(useUserDetails.getState().details?.phone).toBe('111');
    fail = true;
    await useUserDetails.getState().load();
    expect(useUserDetails.getState().details?.phone).toBe('111');
    expect(useUserDetails.getState().loading).toBe(false);
    expect(api.seen).toHaveLength(2);
  });
});
