// use-app-config reads the kit's data layer; only the pure link builder is tested here.
jest.mock('@portal/kit', () => ({ api: {} }));
import { externalLinksOf } from './use-app-config';

describe('externalLinksOf (docs/decisions/010: no /login/faq dead links)', () => {
  it('has no public links without a configured public site', () => {
    expect(externalLinksOf({})).toEqual({ publicSite: null, webSeries: null, faq: null });
    expect(externalLinksOf({ public_site_url: '' })).toEqual({ publicSite: null, webSeries: null, faq: null });
    expect(externalLinksOf({ public_site_url: '/login' })).toEqual({ publicSite: null, webSeries: null, faq: null });
  });

  it('puts FAQ and Distribute Web Series under the configured public site', () => {
    expect(externalLinksOf({ public_site_url: 'https://www.example.com/' })).toEqual({
      publicSite: 'https://www.example.com',
      webSeries: 'https://www.example.com/web-series',
      faq: 'https://www.example.com/faq',
    });
  });
});
