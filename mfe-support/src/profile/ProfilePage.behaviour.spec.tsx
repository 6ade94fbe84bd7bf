/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ARTIST_JOURNEY_UI, SUPPORT_UI, type EndpointDef } from '@portal/contracts';
import { api, ApiError, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { ProfilePage } from './ProfilePage';

const U = SUPPORT_UI.profile;

afterEach(() => jest.restoreAllMocks());

const DETAILS = { user_id: 42, name: 'Asha Rao', email: 'asha@example.com', phone: '9876543210', address: 'Pune', revenue: 12.5 };
const BANK = { bank_name: 'HDFC Bank', holder_name: 'Asha Rao', account_number: 'XXXXXXXXXX5678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan: 'ABCDE1234F', other_details: '', updated_at: 1 };

/** A server whose first getUserDetails and getUserBankDetails fail (500); every later one answers. */
function flakyServer() {
  const failures = new Set(['getUserDetails', 'getUserBankDetails']);
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>) => {
    if (failures.delete(endpoint.path)) throw new ApiError('Something went wrong', 500, { status: 500, message: 'Something went wrong' });
    if (endpoint.path === 'getUserDetails') return { status: 200, message: 'ok', body: DETAILS };
    if (endpoint.path === 'getUserBankDetails') return { status: 200, message: 'ok', body: BANK };
    return { status: 200, message: 'ok', body: [], total: 0 };
  }) as unknown as typeof api.call);
}

/** The profile's failure states (areas §2 "Profile and withdrawal"): what failed, and a Retry that loads it. */
describe('the profile when its details or bank details cannot be loaded', () => {
  it('says so with a Retry for each, and shows them once the retry answers', async () => {
    flakyServer();
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </PortalQueryProvider>,
    );

    await screen.findByText(U.detailsFailed);
    fireEvent.click(screen.getByRole('button', { name: SUPPORT_UI.common.retry }));
    await screen.findByText('Asha Rao', { selector: 'dd, span, p, strong, div' });
    expect(screen.getByTestId('balance').textContent).toBe('$12.50');
    expect(screen.queryByText(U.detailsFailed)).toBeNull();

    // The bank details failed on the first load too (the page asked for them as it opened).
    await screen.findByText(U.bankFailed);
    fireEvent.click(screen.getByRole('button', { name: SUPPORT_UI.common.retry }));
    await screen.findByText('XXXXXXXXXX5678');
    expect(screen.queryByText(U.bankFailed)).toBeNull();
  });
});

/** Bank details before the first payout (issue 38 item 1): the form opens at any balance. */
describe('the profile of an artist under the minimum balance without bank details', () => {
  it('opens the bank details form from "Add bank details"; Withdraw still says the minimum', async () => {
    jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>) => {
      if (endpoint.path === 'getUserDetails') return { status: 200, message: 'ok', body: DETAILS };
      if (endpoint.path === 'getUserBankDetails') return { status: 200, message: 'ok', body: null };
      return { status: 200, message: 'ok', body: [], total: 0 };
    }) as unknown as typeof api.call);
    render(
      <PortalQueryProvider client={createPortalQueryClient()}>
        <MemoryRouter>
          <ProfilePage />
        </MemoryRouter>
      </PortalQueryProvider>,
    );

    fireEvent.click(await screen.findByRole('button', { name: ARTIST_JOURNEY_UI.profile.addBank }));
    expect(await screen.findByRole('dialog', { name: U.addBankTitle })).toBeTruthy();
    expect(screen.getByText(ARTIST_JOURNEY_UI.profile.addBankNote)).toBeTruthy();
  });
});
