import { CATALOG_FIRST_REQUESTS, catalogListQuery } from '../releases/catalog.request';
import { DASHBOARD_FIRST_REQUESTS, DASHBOARD_LIST_LIMIT } from '../content/content.request';
import { CONTENT_ENDPOINTS } from '../content/content.routes';
import { RELEASE_ENDPOINTS } from '../releases/releases.routes';
import { prefetchKey, querySearchParams } from './prefetch';

describe('catalogListQuery (core §9 page size 25, offset (page - 1) * 25)', () => {
  it('asks page 1 from offset 0', () => {
    expect(catalogListQuery({ page: 1, search: '', status: '' })).toEqual({ search: '', sort: 'newest', limit: 25, offset: 0, page: 1, status: undefined });
  });
  it('asks page 3 from offset 50 with the filter and a trimmed search', () => {
    expect(catalogListQuery({ page: 3, search: ' moon ', status: 'approved' })).toEqual({ search: 'moon', sort: 'newest', limit: 25, offset: 50, page: 3, status: 'approved' });
  });
});

describe('prefetchKey (docs/decisions/013)', () => {
  it('leaves out undefined and null values and keeps the key order', () => {
    expect(querySearchParams({ b: 1, a: undefined, c: null, d: false, e: '' })).toEqual({ b: '1', d: 'false', e: '' });
    expect(prefetchKey('getNews', { limit: 20, offset: undefined })).toBe('getNews?limit=20');
    expect(prefetchKey('getUserDetails')).toBe('getUserDetails?');
  });

  it('gives the catalogue’s first page the same key the page’s own request has', () => {
    const [first] = CATALOG_FIRST_REQUESTS;
    expect(first.path).toBe(RELEASE_ENDPOINTS.getCatelogListWeb.path);
    expect(prefetchKey(first.path, first.query)).toBe(prefetchKey(RELEASE_ENDPOINTS.getCatelogListWeb.path, catalogListQuery({ page: 1, search: '', status: '' })));
    expect(prefetchKey(first.path, first.query)).toBe('getCatelogListWeb?search=&sort=newest&limit=25&offset=0&page=1');
  });

  it('prefetches both dashboard lists with the dashboard’s limit', () => {
    expect(DASHBOARD_FIRST_REQUESTS.map((r) => prefetchKey(r.path, r.query))).toEqual([
      `${CONTENT_ENDPOINTS.getNews.path}?limit=${DASHBOARD_LIST_LIMIT}`,
      `${CONTENT_ENDPOINTS.getVideoLinks.path}?limit=${DASHBOARD_LIST_LIMIT}`,
    ]);
  });
});
