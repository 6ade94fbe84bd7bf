/**
 * @jest-environment jsdom
 */
import { TextDecoder, TextEncoder } from 'node:util';
Object.assign(globalThis, { TextEncoder, TextDecoder });

import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { SUPPORT_MESSAGES as M, SUPPORT_UI, type BankDetails, type EndpointDef } from '@portal/contracts';
import { api, createPortalQueryClient, PortalQueryProvider } from '@portal/kit';
import { BankDialog } from './BankDialog';

const U = SUPPORT_UI.profile;

afterEach(() => jest.restoreAllMocks());

/** Records the bodies sent to addBankDetails and answers them as saved. */
function recordSaves() {
  const bodies: Array<Record<string, unknown>> = [];
  jest.spyOn(api, 'call').mockImplementation((async (endpoint: EndpointDef<unknown, unknown>, input: { body?: Record<string, unknown> } = {}) => {
    if (endpoint.path === 'addBankDetails') bodies.push(input.body ?? {});
    return { status: 200, message: M.bankSaved, body: { ...(input.body ?? {}), updated_at: 1 } };
  }) as unknown as typeof api.call);
  return bodies;
}
const show = (current: BankDetails | null = null, onSaved = jest.fn()) =>
  render(
    <PortalQueryProvider client={createPortalQueryClient()}>
      <MemoryRouter>
        <BankDialog open current={current} onClose={jest.fn()} onSaved={onSaved} />
      </MemoryRouter>
    </PortalQueryProvider>,
  );
/** A field by the start of its label (the required mark may follow; "IBAN" is also inside a radio's label). */
const byLabel = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(byLabel(label)), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: SUPPORT_UI.common.save }));

/** The bank form's shapes chosen by country (areas §3 for India, docs/decisions/027-international-payouts.md elsewhere). */
describe('bank details form', () => {
  it('opens on India with the spec fields and sends the Indian shape', async () => {
    const bodies = recordSaves();
    const onSaved = jest.fn();
    show(null, onSaved);
    expect((screen.getByLabelText(U.country, { exact: false }) as HTMLSelectElement).value).toBe('IN');
    expect(screen.getByLabelText(U.ifsc, { exact: false })).toBeTruthy();
    expect(screen.queryByLabelText(byLabel(U.iban))).toBeNull();
    type(U.bankName, 'HDFC Bank');
    type(U.ifsc, 'hdfc0001234');
    type(U.branch, 'Pune');
    type(U.account, '50100012345678');
    type(U.pan, 'abcde1234f');
    type(U.holder, 'Asha Rao');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ country: 'IN', payout_method: 'bank_in', ifsc_code: 'HDFC0001234', pan: 'ABCDE1234F', account_number: '50100012345678' });
  });

  it('Germany: IBAN + BIC, a bad IBAN refused in the form with the contract message, a good one sent', async () => {
    const bodies = recordSaves();
    const onSaved = jest.fn();
    show(null, onSaved);
    fireEvent.change(screen.getByLabelText(U.country, { exact: false }), { target: { value: 'DE' } });
    expect(screen.queryByLabelText(U.ifsc, { exact: false })).toBeNull();
    expect((screen.getByRole('radio', { name: U.methodLabel.iban }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: U.methodLabel.paypal })).toBeTruthy();
    type(U.holder, 'Lena Meyer');
    type(U.bankName, 'Commerzbank');
    type(U.iban, 'DE89 3704 0044 0532 0130 01');
    type(U.bic, 'cobadeffxxx');
    save();
    expect(await screen.findByText(M.ibanInvalid)).toBeTruthy();
    expect(bodies).toHaveLength(0);
    type(U.iban, 'DE89 3704 0044 0532 0130 00');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0]).toMatchObject({ country: 'DE', payout_method: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', holder_name: 'Lena Meyer' });
  });

  it('a country without IBANs offers PayPal only; a bad e-mail is refused; the next IBAN country offers IBAN first again', async () => {
    const bodies = recordSaves();
    show();
    fireEvent.change(screen.getByLabelText(U.country, { exact: false }), { target: { value: 'US' } });
    expect(screen.queryByRole('radio', { name: U.methodLabel.iban })).toBeNull();
    expect(screen.getByText(U.noIbanHint)).toBeTruthy();
    type(U.holder, 'Sam Lee');
    type(U.paypalEmail, 'sam@');
    save();
    expect(await screen.findByText(M.paypalEmailInvalid)).toBeTruthy();
    type(U.paypalEmail, 'sam@example.com');
    save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ country: 'US', payout_method: 'paypal', paypal_email: 'sam@example.com' });
    // Moving on to a country with IBANs offers the bank transfer first again; a PayPal choice made there is kept.
    fireEvent.change(screen.getByLabelText(U.country, { exact: false }), { target: { value: 'DE' } });
    expect((screen.getByRole('radio', { name: U.methodLabel.iban }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: U.methodLabel.paypal }));
    fireEvent.change(screen.getByLabelText(U.country, { exact: false }), { target: { value: 'FR' } });
    expect((screen.getByRole('radio', { name: U.methodLabel.paypal }) as HTMLInputElement).checked).toBe(true);
  });

  it('editing saved IBAN details starts from them; the masked IBAN left as it is goes back unchanged', async () => {
    const bodies = recordSaves();
    const saved: BankDetails = {
      bank_name: 'Commerzbank', holder_name: 'Lena Meyer', account_number: '', ifsc_code: '', branch_name: '', pan: '', other_details: '',
      country: 'DE', payout_method: 'iban', iban: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX', paypal_email: '', updated_at: 1,
    };
    show(saved);
    expect((screen.getByLabelText(byLabel(U.iban)) as HTMLInputElement).value).toBe('XXXXXXXXXXXXXXXXXX3000');
    expect(screen.getByText(U.ibanKeepHint)).toBeTruthy();
    save();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ iban: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX', country: 'DE' });
  });
});
