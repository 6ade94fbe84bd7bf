/** @jest-environment jsdom */
import { act, renderHook, waitFor } from '@testing-library/react';
import { RELEASE_ENDPOINTS, SUPPORT_ENDPOINTS } from '@portal/contracts';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { useEndpointMutation } from './use-endpoint-mutation';
import { useEndpointPage } from './use-endpoint-query';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => api?.restore());

describe('useEndpointMutation (docs/decisions/025)', () => {
  it('sends the body and, once it succeeded, reloads the lists of the endpoints it invalidates', async () => {
    let drafts = [{ release_id: 1 }, { release_id: 2 }];
    api = fakeApi((request) => {
      if (request.path === 'deleteDraft') {
        drafts = drafts.filter((d) => d.release_id !== (request.body as { release_id: number }).release_id);
        return { json: { status: 200, message: 'Draft deleted' } };
      }
      return { json: { status: 200, message: 'ok', body: drafts, total: drafts.length } };
    });
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(
      () => ({
        list: useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb, { query: { limit: 25 } }),
        remove: useEndpointMutation(RELEASE_ENDPOINTS.deleteDraft, { invalidates: [RELEASE_ENDPOINTS.getCatelogListWeb] }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.total).toBe(2));
    let answer: { message: string } | undefined;
    await act(async () => {
      answer = await result.current.remove.mutateAsync({ body: { release_id: 1 } });
    });
    expect(answer?.message).toBe('Draft deleted');
    await waitFor(() => expect(result.current.list.rows).toEqual([{ release_id: 2 }]));
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual(['GET getCatelogListWeb', 'POST deleteDraft', 'GET getCatelogListWeb']);
  });

  it('leaves the lists alone when the call failed, and never sends it twice', async () => {
    api = fakeApi((request) =>
      request.path === 'deleteDraft' ? { json: { status: 400, message: 'Only drafts' } } : { json: { status: 200, message: 'ok', body: [{ release_id: 1 }], total: 1 } },
    );
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(
      () => ({
        list: useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb),
        remove: useEndpointMutation(RELEASE_ENDPOINTS.deleteDraft, { invalidates: [RELEASE_ENDPOINTS.getCatelogListWeb], silent: true }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.total).toBe(1));
    await act(async () => {
      await expect(result.current.remove.mutateAsync({ body: { release_id: 1 } })).rejects.toThrow('Only drafts');
    });
    expect(api.seen.map((r) => r.path)).toEqual(['getCatelogListWeb', 'deleteDraft']);
  });

  it('sends the headers of one call with it (an Idempotency-Key), not in the body', async () => {
    api = fakeApi(() => ({ json: { status: 200, message: 'Payout requested' } }));
    const headers: unknown[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init: { headers: unknown }) => (headers.push(init.headers), original(url, init as RequestInit))) as typeof fetch;
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointMutation(SUPPORT_ENDPOINTS.withdrawMoney), { wrapper });
    await act(async () => {
      await result.current.mutateAsync({ body: {}, headers: { 'Idempotency-Key': 'k-1' } });
    });
    expect(api.seen).toEqual([{ method: 'POST', path: 'withdrawMoney', query: {}, body: {} }]);
    expect(headers).toEqual([{ 'Idempotency-Key': 'k-1' }]);
  });
});
