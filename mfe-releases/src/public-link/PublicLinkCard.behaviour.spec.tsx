/**
 * @jest-environment jsdom
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createPortalQueryClient, PortalQueryProvider, PortalToaster } from '@portal/kit';
import { PUBLIC_PAGE_UI, type PublicPageStats } from '@portal/contracts';
import { fakeApi } from '../../../kit/src/test-support/fake-api';
import { PublicLinkCard } from './PublicLinkCard';

const STATS: PublicPageStats = {
  slug: 'monsoon-nights-ab2cde',
  path: '/r/monsoon-nights-ab2cde',
  state: 'presave',
  visits: 42,
  clicks: [
    { store: 'Spotify', clicks: 7 },
    { store: 'Deezer', clicks: 2 },
  ],
  presaves: 5,
};

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const renderCard = () =>
  render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <PublicLinkCard releaseId={7} />
      <PortalToaster />
    </PortalQueryProvider>,
  );

// Issue 39 §4: the artist's release page shows the public page's address to copy and its counts.
describe('PublicLinkCard', () => {
  it('shows the address (this origin + /r/<slug>), the state, visits, pre-saves and clicks per store', async () => {
    const api = fakeApi(() => ({ json: { status: 200, message: 'Public page', body: STATS } }));
    restore = api.restore;
    renderCard();
    const address = (await screen.findByLabelText(PUBLIC_PAGE_UI.addressLabel)) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/r/monsoon-nights-ab2cde`);
    expect(address.readOnly).toBe(true);
    expect(api.seen[0]).toMatchObject({ method: 'GET', path: 'getPublicPage', query: { release_id: '7' } });
    expect(screen.getByText(PUBLIC_PAGE_UI.statePresave)).toBeTruthy();
    expect(screen.getByTestId('public-visits').textContent).toBe('42');
    expect(screen.getByText('5')).toBeTruthy();
    expect([...document.querySelectorAll('li[data-store]')].map((li) => li.textContent)).toEqual(['Spotify7', 'Deezer2']);
    expect(screen.getByRole('link', { name: PUBLIC_PAGE_UI.open }).getAttribute('href')).toBe('/r/monsoon-nights-ab2cde');
  });

  it('copies the address to the clipboard and says so', async () => {
    restore = fakeApi(() => ({ json: { status: 200, message: 'Public page', body: { ...STATS, clicks: [] } } })).restore;
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    renderCard();
    expect(await screen.findByText(PUBLIC_PAGE_UI.noClicks)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: PUBLIC_PAGE_UI.copy }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/r/monsoon-nights-ab2cde`);
    await waitFor(() => expect(screen.getByText(PUBLIC_PAGE_UI.copied)).toBeTruthy());
  });
});
