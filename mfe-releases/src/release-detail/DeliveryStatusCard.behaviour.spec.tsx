/**
 * @jest-environment jsdom
 */
import { render, screen, within } from '@testing-library/react';
import { createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { STORE_LOOP_UI, type StoreStateRow } from '@portal/contracts';
import { fakeApi } from '../../../kit/src/test-support/fake-api';
import { DeliveryStatusCard } from './DeliveryStatusCard';

const ROWS: StoreStateRow[] = [
  { store: 'Apple Music', state: 'queued', reason: '', link: null, since: '2026-11-25T10:00:00Z' },
  { store: 'Deezer', state: 'refused', reason: 'A file of the release arrived damaged. What happens next: our team fixes the problem and sends the release to Deezer again.', link: null, since: '2026-11-26T10:00:00Z' },
  { store: 'Spotify', state: 'live', reason: '', link: 'https://open.example.com/album/1', since: '2026-11-27T10:00:00Z' },
  { store: 'Tidal', state: 'ingested', reason: '', link: null, since: '2026-11-26T10:00:00Z' },
  { store: 'YouTube Music', state: 'delivered', reason: '', link: null, since: '2026-11-25T10:00:00Z' },
];

let restore: (() => void) | undefined;
afterEach(() => restore?.());

// Issue 39 §2: each store's state in plain words on the artist's release page.
describe('DeliveryStatusCard', () => {
  it('says each store’s state in plain words: a refusal with the store’s reason and what happens next, a live store with its link', async () => {
    const api = fakeApi(() => ({ json: { status: 200, message: 'Store states', body: ROWS } }));
    restore = api.restore;
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <DeliveryStatusCard releaseId={7} />
      </PortalQueryProvider>,
    );
    const list = await screen.findByTestId('deliveries');
    expect(api.seen[0]).toMatchObject({ method: 'GET', path: 'getStoreStates', query: { release_id: '7' } });
    const line = (store: string) => list.querySelector(`li[data-store="${store}"] span`)!.textContent;
    expect(line('Apple Music')).toBe('Waiting to be sent to Apple Music.');
    expect(line('Deezer')).toBe('Deezer did not accept your release.');
    expect(within(list.querySelector('li[data-store="Deezer"]') as HTMLElement).getByTestId('store-reason').textContent).toContain('What happens next');
    expect(line('Tidal')).toBe(STORE_LOOP_UI.state.ingested.replace('{store}', 'Tidal'));
    expect(line('YouTube Music')).toMatch(/^Sent to YouTube Music on \d\d\/\d\d\/2026\. Waiting for YouTube Music to confirm\.$/);
    expect(line('Spotify')).toBe('Live on Spotify.');
    const link = within(list).getByRole('link', { name: 'Open on Spotify' });
    expect(link.getAttribute('href')).toBe('https://open.example.com/album/1');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(list).getAllByRole('link')).toHaveLength(1);
  });
});
