import { catalogListQuery, CATALOG_FIRST_REQUESTS } from './catalog.request';
import { RELEASE_ENDPOINTS } from './releases.routes';

describe('catalogListQuery (core §9 page size 25, offset (page - 1) * 25)', () => {
  it('asks page 1 from offset 0', () => {
    expect(catalogListQuery({ page: 1, search: '', status: '' })).toEqual({ search: '', sort: 'newest', limit: 25, offset: 0, page: 1, status: undefined });
  });
  it('asks page 3 from offset 50 with the filter and a trimmed search', () => {
    expect(catalogListQuery({ page: 3, search: ' moon ', status: 'approved' })).toEqual({ search: 'moon', sort: 'newest', limit: 25, offset: 50, page: 3, status: 'approved' });
  });
  it('names the catalogue’s first page, built like the page builds it, as the route’s first request', () => {
    expect(CATALOG_FIRST_REQUESTS).toEqual([{ path: RELEASE_ENDPOINTS.getCatelogListWeb.path, query: catalogListQuery({ page: 1, search: '', status: '' }) }]);
  });
});
