import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PAYOUT_DESK_MESSAGES, PAYOUT_DESK_UI as U, fillMessage, type PayoutDeskDetail, type PayoutDeskRow } from '@portal/contracts';
import { PayoutDeskPage } from './PayoutDeskPage';
import { callsTo, mockApi, renderAt } from '../test-support/render';

const row = (id: number, extra: Partial<PayoutDeskRow> = {}): PayoutDeskRow => ({
  payout_id: id,
  user_id: 10 + id,
  user_email: `artist${id}@example.com`,
  amount_cents: 12_345 * id,
  amount_usd: 123.45 * id,
  status: 'requested',
  account_masked: 'XXXX5678',
  reference: '',
  reason: '',
  run_id: null,
  created_at: '2026-03-01T10:00:00.000Z',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...extra,
});
const DETAIL: PayoutDeskDetail = {
  payout: row(1, { status: 'in_payment', run_id: 4 }),
  bank: {
    holder_name: 'Asha Rao', bank_name: 'HDFC Bank', account_masked: 'XXXXXXXXXX5678', ifsc_code: 'HDFC0001234', branch_name: 'Pune', pan_masked: 'XXXXXX234F',
    country: 'IN', payout_method: 'bank_in', iban_masked: '', bic: '', paypal_masked: '',
  },
  balance_cents: 0,
  history: [{ id: 7, kind: 'payout', note: 'Payout #1', amount_cents: -12_345, created_at: '2026-03-01T10:00:00.000Z' }],
  previous: [row(9, { status: 'rejected', reason: 'Wrong branch' })],
};

// jsdom renders of the dialog-in-dialog take seconds on the shared 2-core machine.
jest.setTimeout(20_000);
afterEach(() => jest.restoreAllMocks());

describe('PayoutDeskPage (decision 023)', () => {
  it('selects requested payouts into a bank run after a confirmation stating count and amount', async () => {
    const spy = mockApi({ 'ops/payouts': [row(1), row(2)], 'ops/payouts/runs': [], 'ops/payouts/runs/create': { run_id: 4, payout_count: 2, total_cents: 37_035 } });
    renderAt('/ops/desk', <PayoutDeskPage />);
    const table = await screen.findByRole('table', { name: U.heading });
    await within(table).findByText('artist1@example.com');
    const exportButton = screen.getByRole('button', { name: new RegExp(`^${U.exportRun}`) });
    expect((exportButton as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText(fillMessage(U.selectRow, { id: 1 })));
    fireEvent.click(screen.getByLabelText(fillMessage(U.selectRow, { id: 2 })));
    fireEvent.click(exportButton);
    const dialog = screen.getByRole('dialog', { name: U.exportRun });
    expect(within(dialog).getByText(fillMessage(U.exportConfirm, { count: 2, amount: '370.35' }))).toBeTruthy();
    expect(callsTo(spy, 'ops/payouts/runs/create')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/payouts/runs/create')).toEqual([{ body: { payout_ids: [1, 2] } }]));
  });

  it('filters by status (processed payouts stay findable) and asks the server for that status', async () => {
    const spy = mockApi({ 'ops/payouts': ({ query }: { query?: Record<string, unknown> }) => (query?.status === 'paid' ? [row(3, { status: 'paid', reference: 'UTR-1' })] : []), 'ops/payouts/runs': [] });
    renderAt('/ops/desk', <PayoutDeskPage />);
    await screen.findByText(U.empty);
    fireEvent.change(screen.getByLabelText(U.statusFilter), { target: { value: 'paid' } });
    const table = await screen.findByRole('table', { name: U.heading });
    await within(table).findByText('artist3@example.com');
    expect(within(table).getByText(U.statusLabel.paid)).toBeTruthy();
    // No selection column outside the requested filter.
    expect(screen.queryByLabelText(fillMessage(U.selectRow, { id: 3 }))).toBeNull();
    expect(callsTo(spy, 'ops/payouts').map((c) => c.query?.status)).toEqual(['requested', 'paid']);
  });

  it('the detail shows masked bank details, history and earlier payouts; mark paid confirms amount, account and reference', async () => {
    const spy = mockApi({ 'ops/payouts': [row(1, { status: 'in_payment', run_id: 4 })], 'ops/payouts/runs': [], 'ops/payouts/detail': DETAIL, 'ops/payouts/paid': row(1, { status: 'paid' }) });
    renderAt('/ops/desk', <PayoutDeskPage />);
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${fillMessage(U.detail, { id: 1 })}` }));
    const dialog = await screen.findByRole('dialog', { name: fillMessage(U.detail, { id: 1 }) });
    await within(dialog).findByText('XXXXXXXXXX5678');
    expect(within(dialog).getByText('Wrong branch')).toBeTruthy();
    expect(within(within(dialog).getByRole('table', { name: U.history })).getByText('Payout #1')).toBeTruthy();
    const paid = within(dialog).getByRole('button', { name: U.markPaid }) as HTMLButtonElement;
    expect(paid.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(U.reference), { target: { value: 'UTR-42' } });
    fireEvent.click(paid);
    const confirm = screen.getByRole('dialog', { name: U.markPaid });
    expect(within(confirm).getByText(fillMessage(U.confirmPaid, { id: 1, amount: '123.45', account: 'XXXX5678', reference: 'UTR-42' }))).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(callsTo(spy, 'ops/payouts/paid')).toEqual([{ body: { payout_id: 1, reference: 'UTR-42' } }]));
  });

  it('the detail of an IBAN payout shows country, method, masked IBAN and BIC; a run with PayPal payouts carries its note', async () => {
    const iban: PayoutDeskDetail = {
      ...DETAIL,
      bank: { holder_name: 'Lena Meyer', bank_name: 'Commerzbank', account_masked: '', ifsc_code: '', branch_name: '', pan_masked: '', country: 'DE', payout_method: 'iban', iban_masked: 'XXXXXXXXXXXXXXXXXX3000', bic: 'COBADEFFXXX', paypal_masked: '' },
    };
    const note = fillMessage(PAYOUT_DESK_MESSAGES.paypalNote, { count: 1 });
    const run = { run_id: 4, message_id: 'PORTAL-1', created_at: '2026-03-01T10:00:00.000Z', created_by_email: 'fin@example.com', payout_count: 3, total_cents: 47_010, paypal_count: 1, note };
    mockApi({ 'ops/payouts': [row(1, { status: 'in_payment', run_id: 4 })], 'ops/payouts/runs': [run], 'ops/payouts/detail': iban });
    renderAt('/ops/desk', <PayoutDeskPage />);
    expect(await within(await screen.findByRole('table', { name: U.runs })).findByText(`(${note})`)).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: `${U.open} ${fillMessage(U.detail, { id: 1 })}` }));
    const dialog = await screen.findByRole('dialog', { name: fillMessage(U.detail, { id: 1 }) });
    await within(dialog).findByText('XXXXXXXXXXXXXXXXXX3000');
    expect(within(dialog).getByText('COBADEFFXXX')).toBeTruthy();
    expect(within(dialog).getByText('Germany (DE)')).toBeTruthy();
    expect(within(dialog).getByText(U.methodLabel.iban)).toBeTruthy();
    expect(within(dialog).queryByText(U.bankFields.ifsc_code)).toBeNull();
  });
});
