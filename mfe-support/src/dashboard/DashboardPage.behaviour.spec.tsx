/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { DASHBOARD_UI, type EndpointDef } from '@portal/contracts';
import { api, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { DashboardPage } from './DashboardPage';

afterEach(() => jest.restoreAllMocks());

/** A new artist: no release, no bank details, one news item. */
function newArtistServer() {
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>) => {
    if (endpoint.path === 'getUserDetails') return { status: 200, message: 'ok', body: { user_id: 7, name: 'New Artist', email: 'n@example.com', phone: '', address: '', revenue: 0 } };
    if (endpoint.path === 'getUserBankDetails') return { status: 200, message: 'ok', body: null };
    if (endpoint.path === 'getNews') return { status: 200, message: 'ok', body: [{ news_id: 1, news_heading: 'Store news', news_link: 'https://example.com/news' }], total: 1 };
    return { status: 200, message: 'ok', body: [], total: 0 };
  }) as unknown as typeof api.call);
}

/**
 * Focus order of a new artist's dashboard (issue 38 item 2): "Get started" is drawn first (left at
 * 1280 px, on top at 412 px), so Tab reaches its steps before the News links.
 */
describe("a new artist's dashboard", () => {
  it('puts the "Get started" steps before the News links in the DOM (the Tab order)', async () => {
    newArtistServer();
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <MemoryRouter>
          <DashboardPage />
        </MemoryRouter>
      </PortalQueryProvider>,
    );
    const newsLink = await screen.findByRole('link', { name: /Store news/ });
    const firstStep = await screen.findByRole('link', { name: (name) => name.includes(DASHBOARD_UI.onboarding.profile) });
    // DOCUMENT_POSITION_FOLLOWING: the news link comes after the first step.
    expect(firstStep.compareDocumentPosition(newsLink) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
