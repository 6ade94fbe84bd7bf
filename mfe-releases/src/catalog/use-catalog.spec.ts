jest.mock('@portal/kit', () => ({ api: { get: jest.fn() } }));
import { catalogRequest } from './use-catalog';

describe('catalogRequest (core §9 page size 25, offset (page - 1) * 25)', () => {
  it('asks page 1 from offset 0', () => {
    expect(catalogRequest({ page: 1, search: '', status: '' })).toEqual({ search: '', sort: 'newest', limit: 25, offset: 0, page: 1, status: undefined });
  });
  it('asks page 3 from offset 50 with the filter', () => {
    expect(catalogRequest({ page: 3, search: ' moon ', status: 'approved' })).toEqual({
      search: 'moon',
      sort: 'newest',
      limit: 25,
      offset: 50,
      page: 3,
      status: 'approved',
    });
  });
});
