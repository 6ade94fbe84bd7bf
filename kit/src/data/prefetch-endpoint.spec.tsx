/** @jest-environment jsdom */
import { renderHook, waitFor } from '@testing-library/react';
import { CATALOG_FIRST_REQUESTS, catalogListQuery, RELEASE_ENDPOINTS } from '@portal/contracts';
import { useSession } from '../session/session.store';
import { fakeApi, withPortalQueryClient } from '../test-support/fake-api';
import { prefetchEndpoint } from './prefetch-endpoint';
import { useEndpointPage } from './use-endpoint-query';

jest.mock('../toast/notify', () => ({ notify: { error: jest.fn(), success: jest.fn() } }));

let api: ReturnType<typeof fakeApi> | undefined;
afterEach(() => {
  api?.restore();
  useSession.setState({ token: null });
});

const [first] = CATALOG_FIRST_REQUESTS;
const useCatalogPage1 = () => useEndpointPage(RELEASE_ENDPOINTS.getCatelogListWeb, { query: catalogListQuery({ page: 1, search: '', status: '' }) });

describe('prefetchEndpoint (route entry, docs/decisions/025)', () => {
  it('gives the page the answer the shell’s entry already started, without a request of its own', async () => {
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', body: [], total: 0 } }));
    const { client, wrapper } = withPortalQueryClient();
    const started = Promise.resolve({ status: 200, raw: { status: 200, message: 'ok', body: [{ release_id: 7 }], total: 1 } });
    void prefetchEndpoint(client, { method: 'GET', path: first.path }, { query: first.query }, { started });
    const { result } = renderHook(useCatalogPage1, { wrapper });
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 7 }]));
    expect(result.current.total).toBe(1);
    expect(api.seen).toEqual([]);
  });

  it('sends the request itself on entry when none was started, once for the page too', async () => {
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', body: [{ release_id: 8 }], total: 1 } }));
    const { client, wrapper } = withPortalQueryClient();
    void prefetchEndpoint(client, { method: 'GET', path: first.path }, { query: first.query });
    const { result } = renderHook(useCatalogPage1, { wrapper });
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 8 }]));
    expect(api.seen.map((r) => r.path)).toEqual(['getCatelogListWeb']);
  });

  it('reads a started answer like any call: a 401 ends the session', async () => {
    useSession.setState({ token: 'expired' });
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', body: [] } }));
    const { client } = withPortalQueryClient();
    await prefetchEndpoint(client, { method: 'GET', path: first.path }, { query: first.query }, { started: Promise.resolve({ status: 401, raw: null }) });
    expect(useSession.getState().token).toBeNull();
  });

  it('sends the request again when the started one got no answer', async () => {
    api = fakeApi(() => ({ json: { status: 200, message: 'ok', body: [{ release_id: 9 }], total: 1 } }));
    const { client, wrapper } = withPortalQueryClient();
    await prefetchEndpoint(client, { method: 'GET', path: first.path }, { query: first.query }, { started: Promise.reject(new TypeError('Failed to fetch')) });
    const { result } = renderHook(useCatalogPage1, { wrapper });
    await waitFor(() => expect(result.current.rows).toEqual([{ release_id: 9 }]));
    expect(api.seen).toHaveLength(1);
  });
});
