/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ROYALTY_UI, type EarningLine, type EndpointDef } from '@portal/contracts';
import { api, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { EarningsPage } from './EarningsPage';

afterEach(() => jest.restoreAllMocks());

const line = (over: Partial<EarningLine>): EarningLine => ({
  credit_id: 1, import_id: 3, source: 'distrokid.tsv', sale_month: '2026-10', reporting_date: '2026-11-01', store: 'Spotify', country: 'IN',
  track_id: 11, track: 'Own Song', release_id: 1, release: 'Own Release', isrc: 'INXYZ2600001', upc: '', sale_type: 'stream', quantity: 10,
  amount_micros: 1_000_000, confirmed: true, share: 'owner', hold: null, ...over,
});

/** /earnings against an API answering `lines` to getEarningLines and `earnings` to getEarnings. */
function renderEarnings(lines: EarningLine[], earnings: unknown) {
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>) => {
    if (endpoint.path === 'getEarningLines') return { status: 200, message: 'ok', body: lines, total: lines.length };
    if (endpoint.path === 'getEarnings') return { status: 200, message: 'ok', body: earnings };
    return { status: 200, message: 'ok', body: [], total: 0 };
  }) as unknown as typeof api.call);
  render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <MemoryRouter>
        <EarningsPage />
      </MemoryRouter>
    </PortalQueryProvider>,
  );
}

/**
 * A collaborator's earnings lines (issue 38 item 4): their share is of another artist's release, whose
 * page answers "Release not found" to them, so only the owner's lines link to /catalog/:id.
 */
describe('the earnings lines of an artist who is also a collaborator', () => {
  it('links their own track to its release and shows a split track without a link', async () => {
    renderEarnings([line({}), line({ credit_id: 2, track_id: 12, track: 'Shared Song', release_id: 9, release: 'Their Release', share: 'split' })], null);
    expect((await screen.findByRole('link', { name: 'Own Song' })).getAttribute('href')).toBe('/catalog/1');
    expect((await screen.findAllByText('Shared Song')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'Shared Song' })).toBeNull();
  });
});

/** Held money (docs/decisions/039): not in the earned totals, shown apart; a held line says so. */
describe('held money on /earnings', () => {
  it('shows the held amount beside the earned totals and marks held and forfeited lines', async () => {
    const total = { key: '2026-10', label: '2026-10', confirmed_micros: 27_000_000, estimated_micros: 0, quantity: 10 };
    renderEarnings(
      [line({}), line({ credit_id: 2, amount_micros: 8_400_000, hold: 'held' }), line({ credit_id: 3, amount_micros: 9_000_000, hold: 'forfeited' })],
      { from: '2026-10', to: '2026-10', balance_cents: 2700, confirmed_micros: 27_000_000, estimated_micros: 0, held_micros: 52_400_000, by_month: [total], by_store: [total], by_country: [total], by_release: [total], by_track: [total] },
    );
    const held = await screen.findByText(ROYALTY_UI.earnings.held, { selector: 'div' });
    expect(held.textContent).toBe(`${ROYALTY_UI.earnings.held}$52.40`);
    expect(screen.getByText(ROYALTY_UI.earnings.heldNote)).toBeTruthy();
    const table = await screen.findByRole('table', { name: ROYALTY_UI.earnings.lines });
    const rows = await within(table).findAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent?.includes(ROYALTY_UI.earnings.lineHeld) ? 'held' : r.textContent?.includes(ROYALTY_UI.earnings.lineForfeited) ? 'forfeited' : 'earned')).toEqual(['earned', 'held', 'forfeited']);
  });
});
