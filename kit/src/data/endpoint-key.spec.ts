import { AUTH_ENDPOINTS, CATALOG_FIRST_REQUESTS, catalogListQuery, CONTENT_ENDPOINTS, DASHBOARD_FIRST_REQUESTS, DASHBOARD_LIST_LIMIT, RELEASE_ENDPOINTS, SUPPORT_ENDPOINTS } from '@portal/contracts';
import { hashKey, matchQuery, Query } from '@tanstack/react-query';
import { endpointKey, endpointScope } from './endpoint-key';

const routeKey = (request: { path: string; query: Record<string, unknown> }) =>
  hashKey(endpointKey({ method: 'GET', path: request.path }, { query: request.query as Record<string, string | number | undefined> }));

describe('endpointKey (docs/decisions/025)', () => {
  it('is the same for the same request whatever the key order, and leaves out unsent values', () => {
    expect(hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { limit: 20, offset: undefined, search: null } }))).toBe(
      hashKey(endpointKey({ method: 'GET', path: '/getNews' }, { query: { limit: 20 } })),
    );
    expect(hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { a: 1, b: 2 } }))).toBe(hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { b: 2, a: 1 } })));
    expect(hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { limit: 20 } }))).not.toBe(hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { limit: 10 } })));
  });

  it('gives the catalogue’s first page the key of the route’s first request, so the page uses the shell’s prefetch', () => {
    const page = hashKey(endpointKey(RELEASE_ENDPOINTS.getCatelogListWeb, { query: catalogListQuery({ page: 1, search: '', status: '' }) }));
    expect(CATALOG_FIRST_REQUESTS.map(routeKey)).toEqual([page]);
  });

  it('gives both dashboard lists and the four "Get started" checks the keys of the route’s first requests', () => {
    // The inputs the dashboard's own queries send (DashboardPage, useOnboarding).
    expect(DASHBOARD_FIRST_REQUESTS.map(routeKey)).toEqual([
      hashKey(endpointKey(CONTENT_ENDPOINTS.getNews, { query: { limit: DASHBOARD_LIST_LIMIT } })),
      hashKey(endpointKey(CONTENT_ENDPOINTS.getVideoLinks, { query: { limit: DASHBOARD_LIST_LIMIT } })),
      hashKey(endpointKey(AUTH_ENDPOINTS.getUserDetails, {})),
      hashKey(endpointKey(SUPPORT_ENDPOINTS.getUserBankDetails, {})),
      hashKey(endpointKey(RELEASE_ENDPOINTS.getCatelogListWeb, { query: { limit: 1 } })),
      hashKey(endpointKey(RELEASE_ENDPOINTS.getArtist, { query: { artist_type: 'primary' } })),
    ]);
  });

  it('puts every input of an endpoint under its scope, and no other endpoint’s', () => {
    const news = { queryKey: endpointKey(CONTENT_ENDPOINTS.getNews, { query: { limit: 5 } }) } as unknown as Query;
    expect(matchQuery({ queryKey: endpointScope(CONTENT_ENDPOINTS.getNews) }, news)).toBe(true);
    expect(matchQuery({ queryKey: endpointScope(CONTENT_ENDPOINTS.getVideoLinks) }, news)).toBe(false);
  });
});
