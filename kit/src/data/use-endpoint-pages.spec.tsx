/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { AUTH_ENDPOINTS } from '@portal/contracts';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { useEndpointPages } from './use-endpoint-pages';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

/** 5 notifications served 2 a page. */
const rows = Array.from({ length: 5 }, (_, i) => ({ notification_id: i + 1 }));

describe('useEndpointPages (docs/decisions/025)', () => {
  it('loads the next page from the offset of the rows loaded so far, until a short page', async () => {
    api = fakeApi((request) => {
      const offset = Number(request.query.offset);
      return { json: { status: 200, message: 'ok', body: rows.slice(offset, offset + 2) } };
    });
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointPages(AUTH_ENDPOINTS.getNotificationsForUser, (offset) => ({ query: { offset } }), { pageSize: 2 }), { wrapper });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    expect(result.current.done).toBe(false);
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.rows).toHaveLength(4));
    act(() => result.current.loadMore());
    await waitFor(() => expect(result.current.done).toBe(true));
    expect(result.current.rows).toEqual(rows);
    act(() => result.current.loadMore());
    expect(api.seen.map((r) => r.query.offset)).toEqual(['0', '2', '4']);
  });

  it('asks nothing while disabled, and stops at a failure', async () => {
    api = fakeApi(() => ({ json: { status: 500, message: 'Down' } }));
    const { wrapper } = withPortalQueryClient();
    const { result, rerender } = renderHook(({ enabled }) => useEndpointPages(AUTH_ENDPOINTS.getNotificationsForUser, (offset) => ({ query: { offset } }), { pageSize: 2, enabled, silent: true }), {
      wrapper,
      initialProps: { enabled: false },
    });
    expect(result.current).toMatchObject({ rows: [], loading: false, done: true });
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.done).toBe(true);
    expect(api.seen).toHaveLength(1);
  });
});
