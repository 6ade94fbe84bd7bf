/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import { CONTENT_ENDPOINTS, OPS_ENDPOINTS, RELEASE_ENDPOINTS } from '@portal/contracts';
import { useSession } from '../session/session.store';
import { fakeApi, withPortalQueryClient, type SeenRequest } from '../test-support/fake-api';
import { useEndpointPage, useEndpointQuery } from './use-endpoint-query';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));
// eslint-disable-next-line @typescript-eslint/no-require-imports -- the mocked module, to read its calls
const { notify } = require('../toast/notify') as { notify: { error: jest.Mock } };

const list = (rows: unknown[], total = rows.length) => ({ json: { status: 200, message: 'ok', body: rows, total } });
let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  notify.error.mockClear();
  useSession.setState({ token: null });
});

describe('useEndpointQuery (docs/decisions/025)', () => {
  it('sends one request for every component asking the same, with the session token, and shares the answer', async () => {
    useSession.setState({ token: 'tok-1' });
    const headers: unknown[] = [];
    api = fakeApi(() => list([{ news_id: 1 }]));
    const original = globalThis.fetch;
    globalThis.fetch = ((url: string, init: { headers: unknown }) => (headers.push(init.headers), original(url, init as RequestInit))) as typeof fetch;
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => [useEndpointQuery(CONTENT_ENDPOINTS.getNews, { query: { limit: 20 } }), useEndpointQuery(CONTENT_ENDPOINTS.getNews, { query: { limit: 20 } })], { wrapper });
    await waitFor(() => expect(result.current[1].data?.body).toEqual([{ news_id: 1 }]));
    expect(result.current[0].data).toBe(result.current[1].data);
    expect(api.seen).toEqual([{ method: 'GET', path: 'getNews', query: { limit: '20' }, body: undefined }]);
    expect(headers).toEqual([{ Authorization: 'Bearer tok-1' }]);
  });

  it('asks a staff endpoint again each time a screen opens, and an artist endpoint not within 30 s', async () => {
    api = fakeApi(() => list([]));
    const { wrapper } = withPortalQueryClient();
    const open = (hook: () => unknown) => renderHook(hook, { wrapper });
    for (let i = 0; i < 2; i += 1) {
      const artist = open(() => useEndpointQuery(CONTENT_ENDPOINTS.getNews, { query: { limit: 20 } }));
      const desk = open(() => useEndpointQuery(OPS_ENDPOINTS.reviewQueue, { query: { page: 1 } }));
      await waitFor(() => expect(api!.seen.filter((r) => r.path === 'ops/releases/queue')).toHaveLength(i + 1));
      artist.unmount();
      desk.unmount();
    }
    expect(api.seen.filter((r) => r.path === 'getNews')).toHaveLength(1);
  });

  it('polls every refetchInterval while mounted', async () => {
    let n = 0;
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', notification_icon: ++n } }));
    const { wrapper } = withPortalQueryClient();
    const { result, unmount } = renderHook(() => useEndpointQuery(CONTENT_ENDPOINTS.getNews, {}, { refetchInterval: 30, staleTime: 0 }), { wrapper });
    await waitFor(() => expect(api!.seen.length).toBeGreaterThanOrEqual(3));
    unmount();
    const asked = api.seen.length;
    // Kept on purpose: more than two poll periods (30 ms) pass after unmount, in which no request may go out.
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(api.seen.length).toBe(asked);
    expect(Number((result.current.data as { notification_icon?: number } | undefined)?.notification_icon)).toBeGreaterThanOrEqual(2);
  });

  it('does not ask the server again after its error answer, and shows its message once (core §8)', async () => {
    api = fakeApi(() => ({ status: 200, json: { status: 400, message: 'Bad limit' } }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointQuery(CONTENT_ENDPOINTS.getNews), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Bad limit');
    expect(api.seen).toHaveLength(1);
    expect(notify.error.mock.calls).toEqual([['Bad limit']]);
  });

  it('ends the session on a 401 to a call with a token, without asking again', async () => {
    useSession.setState({ token: 'expired' });
    api = fakeApi(() => ({ status: 401, json: { status: 0, message: 'Session over' } }));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointQuery(CONTENT_ENDPOINTS.getNews, {}, { silent: true }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(useSession.getState().token).toBeNull();
    expect(api.seen).toHaveLength(1);
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('tries a request that got no answer once more', async () => {
    let tries = 0;
    api = fakeApi(() => (++tries === 1 ? 'network' : list([{ news_id: 2 }])));
    const { client, wrapper } = withPortalQueryClient();
    client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryDelay: 1 } });
    const { result } = renderHook(() => useEndpointQuery(CONTENT_ENDPOINTS.getNews, {}, { silent: true }), { wrapper });
    await waitFor(() => expect(result.current.data?.body).toEqual([{ news_id: 2 }]));
    expect(api.seen).toHaveLength(2);
  });
});

describe('useEndpointPage (docs/decisions/025)', () => {
  const rowsOf = (request: SeenRequest) => [{ release_id: Number(request.query.offset) + 1 }];

  it('answers rows and total, keeps the last page while the next loads, and asks nothing while disabled', async () => {
    let release: () => void = () => undefined;
    api = fakeApi((request) => (request.query.offset === '25' ? new Promise((resolve) => (release = () => resolve(list(rowsOf(request), 60)))) : list(rowsOf(request), 60)));
    const { wrapper } = withPortalQueryClient();
    const { result, rerender } = renderHook(({ page, enabled }) => useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb, { query: { limit: 25, offset: (page - 1) * 25 } }, { enabled }), {
      wrapper,
      initialProps: { page: 1, enabled: true },
    });
    expect(result.current.loading).toBe(true);
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 1 }]));
    expect(result.current).toMatchObject({ total: 60, loading: false, failed: false, loadedOnce: true });
    rerender({ page: 2, enabled: true });
    await waitFor(() => expect(api!.seen).toHaveLength(2));
    expect(result.current).toMatchObject({ rows: [{ release_id: 1 }], loading: true });
    release();
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 26 }]));
    expect(result.current.loading).toBe(false);
    rerender({ page: 3, enabled: false });
    expect(result.current).toMatchObject({ rows: [], total: 0, loading: false });
    expect(api.seen).toHaveLength(2);
  });

  it('reports a failed load and loads again on reload', async () => {
    let fail = true;
    api = fakeApi(() => (fail ? { json: { status: 500, message: 'Down' } } : list([{ release_id: 9 }])));
    const { wrapper } = withPortalQueryClient();
    const { result } = renderHook(() => useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb, {}, { silent: true }), { wrapper });
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect(result.current.rows).toEqual([]);
    fail = false;
    result.current.reload();
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 9 }]));
    expect(result.current.failed).toBe(false);
  });
});
