/**
 * @jest-environment jsdom
 */
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import type { StoreStateRow } from '@portal/contracts';
import { fakeApi } from '../../../kit/src/test-support/fake-api';
import { draft, track } from '../test-support/wizard-server';
import { ReleaseDetailPage } from './ReleaseDetailPage';

const DAY = 86_400_000;
const row = (store: string, state: StoreStateRow['state'], extra: Partial<StoreStateRow> = {}): StoreStateRow => ({ store, state, reason: '', link: null, since: '2026-11-25T10:00:00Z', ...extra });

let restore: (() => void) | undefined;
afterEach(() => restore?.());

/** The release page of approved release 7 (released `releasedDaysAgo` days ago; negative: ahead) with these store states. */
async function bannerWith(stores: StoreStateRow[] | 'failed', releasedDaysAgo = 3): Promise<HTMLElement> {
  const release = draft({ status: 'approved', release_date: Date.now() - releasedDaysAgo * DAY, upc_ean: '089000000012', audios: [track({ status: 1 })], number_of_tracks: 1 });
  const api = fakeApi((req) => {
    if (req.path === 'getCatelogById') return { json: { status: 200, message: 'Release', body: release } };
    if (req.path === 'getStoreStates') return stores === 'failed' ? { status: 500, json: { status: 500, message: 'Something went wrong.', code: 'internal' } } : { json: { status: 200, message: 'Store states', body: stores } };
    return { json: { status: 200, message: 'Public page', body: { slug: 'monsoon-nights-ab2cde', path: '/r/monsoon-nights-ab2cde', state: 'live', visits: 0, clicks: [], presaves: 0 } } };
  });
  restore = api.restore;
  render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <MemoryRouter initialEntries={['/catalog/7']}>
        <Routes>
          <Route path="/catalog/:id" element={<ReleaseDetailPage />} />
        </Routes>
      </MemoryRouter>
    </PortalQueryProvider>,
  );
  return screen.findByRole('region', { name: 'Status: Approved' });
}

// Issue 39 §2: the approved release's banner tells the truth from the per-store states (it said "live on
// the stores" even when a store had refused the release).
describe('ReleaseDetailPage status banner of an approved release', () => {
  it('live on 1 of 3 stores, names the refusing store and says what to do next; never "live on the stores"', async () => {
    const banner = await bannerWith([row('Apple Music', 'refused', { reason: 'A file arrived damaged.' }), row('Deezer', 'ingested'), row('Spotify', 'live', { link: 'https://open.example.com/a/1' })]);
    await waitFor(() => expect(banner.textContent).toContain('This release is live on 1 of 3 stores (Spotify).'));
    expect(banner.textContent).toContain('Apple Music did not accept it.');
    expect(banner.textContent).toContain('What to do next: read Apple Music’s reason under Stores below.');
    expect(banner.textContent).not.toContain('live on the stores');
    expect(banner.getAttribute('data-attention')).toBe('refused');
  });

  it('live on every store only when every store says so', async () => {
    const banner = await bannerWith([row('Deezer', 'live'), row('Spotify', 'live')]);
    await waitFor(() => expect(banner.textContent).toContain('This release is live on all 2 stores.'));
    expect(banner.getAttribute('data-attention')).toBeNull();
  });

  it('released but live nowhere yet: on its way, not live; a store that could not be reached is named', async () => {
    const banner = await bannerWith([row('Deezer', 'delivered'), row('Spotify', 'failed')]);
    await waitFor(() => expect(banner.textContent).toContain('This release is approved and on its way to the stores; it is not live on any store yet.'));
    expect(banner.textContent).toContain('We could not reach Spotify yet. Our team is on it.');
  });

  it('before the release date: goes live on its date; while the states are unknown it claims nothing', async () => {
    const ahead = await bannerWith([row('Spotify', 'ingested')], -5);
    await waitFor(() => expect(ahead.textContent).toMatch(/This release is approved and goes live on \d\d\/\d\d\/\d{4}\./));
    restore?.();
    document.body.innerHTML = '';
    const unknown = await bannerWith('failed');
    await waitFor(() => expect(unknown.textContent).toContain('This release is approved.'));
    expect(unknown.textContent).not.toContain('live on');
  });
});
