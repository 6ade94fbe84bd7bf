/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { EarningLine, EndpointDef } from '@portal/contracts';
import { api, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { EarningsPage } from './EarningsPage';

afterEach(() => jest.restoreAllMocks());

const line = (over: Partial<EarningLine>): EarningLine => ({
  credit_id: 1, import_id: 3, source: 'distrokid.tsv', sale_month: '2026-10', reporting_date: '2026-11-01', store: 'Spotify', country: 'IN',
  track_id: 11, track: 'Own Song', release_id: 1, release: 'Own Release', isrc: 'INXYZ2600001', upc: '', sale_type: 'stream', quantity: 10,
  amount_micros: 1_000_000, confirmed: true, share: 'owner', ...over,
});

/**
 * A collaborator's earnings lines (issue 38 item 4): their share is of another artist's release, whose
 * page answers "Release not found" to them, so only the owner's lines link to /catalog/:id.
 */
describe('the earnings lines of an artist who is also a collaborator', () => {
  it('links their own track to its release and shows a split track without a link', async () => {
    jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>) => {
      if (endpoint.path === 'getEarningLines')
        return { status: 200, message: 'ok', body: [line({}), line({ credit_id: 2, track_id: 12, track: 'Shared Song', release_id: 9, release: 'Their Release', share: 'split' })], total: 2 };
      if (endpoint.path === 'getEarnings') return { status: 200, message: 'ok', body: null };
      return { status: 200, message: 'ok', body: [], total: 0 };
    }) as unknown as typeof api.call);
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <MemoryRouter>
          <EarningsPage />
        </MemoryRouter>
      </PortalQueryProvider>,
    );
    expect((await screen.findByRole('link', { name: 'Own Song' })).getAttribute('href')).toBe('/catalog/1');
    expect((await screen.findAllByText('Shared Song')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Shared Song' })).toBeNull();
  });
});
